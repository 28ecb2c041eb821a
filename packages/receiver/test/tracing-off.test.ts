// Without an OpenTelemetry SDK in the process (this file registers none), the handler's
// ctx.traceContext still carries the sender's context, as the API's no-op tracer gives it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { context, isSpanContextValid, ROOT_CONTEXT, trace, type Context, type ContextManager } from '@opentelemetry/api';
import { expect, it } from 'vitest';
import { createFetchHandler, createReceiver, type EventContext } from '../src/index.js';
import { SECRET, signed, stockUpdate } from './helpers.js';

let seen: EventContext | undefined;
const handle = createFetchHandler(
  createReceiver({
    secret: SECRET,
    mode: 'production',
    logger: { error: () => {} },
    handlers: { webhooks: { stockUpdate: (_update, ctx) => void (seen = ctx) } },
  }),
);

async function deliver(headers: Record<string, string>): Promise<EventContext> {
  const body = JSON.stringify(stockUpdate);
  const res = await handle(
    new Request('http://receiver.test/webhooks/stockUpdate', { method: 'POST', body, headers: { ...signed(body), ...headers } }),
  );
  expect(res.status).toBe(200);
  return seen!;
}

it('hands the sender traceparent over as ctx.traceContext, not recording', async () => {
  const traceId = randomBytes(16).toString('hex');
  const parent = randomBytes(8).toString('hex');
  const ctx = await deliver({ traceparent: `00-${traceId}-${parent}-01`, tracestate: 'cn=1' });
  const span = trace.getSpan(ctx.traceContext!)!;
  expect(span.isRecording()).toBe(false);
  expect(span.spanContext()).toMatchObject({ traceId, spanId: parent, traceFlags: 1, isRemote: true });
  expect(span.spanContext().traceState?.get('cn')).toBe('1');
});

it('gives an invalid span context without a traceparent, or with a malformed or all-zero one', async () => {
  for (const headers of <Record<string, string>[]>[
    {},
    { traceparent: 'garbage' },
    { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` },
    { traceparent: `00-${'1'.repeat(32)}-${'0'.repeat(16)}-01` },
  ]) {
    const ctx = await deliver(headers);
    const span = trace.getSpan(ctx.traceContext!)!;
    expect(span.isRecording()).toBe(false);
    expect(isSpanContextValid(span.spanContext())).toBe(false);
  }
});

it('makes ctx.traceContext the active context while the handler runs when a context manager is registered', async () => {
  const storage = new AsyncLocalStorage<Context>();
  const manager: ContextManager = {
    active: () => storage.getStore() ?? ROOT_CONTEXT,
    with: (ctx, fn, thisArg, ...args) => storage.run(ctx, () => fn.call(thisArg, ...args)),
    bind: (_ctx, target) => target,
    enable: () => manager,
    disable: () => manager,
  };
  let active: Context | undefined;
  const observe = createFetchHandler(
    createReceiver({
      secret: SECRET,
      mode: 'production',
      logger: { error: () => {} },
      handlers: { webhooks: { stockUpdate: (_update, ctx) => void ((seen = ctx), (active = context.active())) } },
    }),
  );
  expect(context.setGlobalContextManager(manager)).toBe(true);
  try {
    const traceId = randomBytes(16).toString('hex');
    const body = JSON.stringify(stockUpdate);
    const res = await observe(
      new Request('http://receiver.test/webhooks/stockUpdate', {
        method: 'POST',
        body,
        headers: { ...signed(body), traceparent: `00-${traceId}-${'2'.repeat(16)}-01` },
      }),
    );
    expect(res.status).toBe(200);
    expect(active).toBe(seen!.traceContext);
    expect(trace.getSpan(active!)!.spanContext()).toMatchObject({ traceId, spanId: '2'.repeat(16), isRemote: true });
  } finally {
    context.disable();
  }
});
