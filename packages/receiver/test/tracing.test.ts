// The handler's span, with a real OpenTelemetry SDK in this process (its in-memory exporter):
// the child of the sender's attempt from its traceparent, active while the handler runs.
import { randomBytes } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stopSdk } from '../../../test/otel-sdk.js';
import { createFetchHandler, createReceiver, type EventContext } from '../src/index.js';
import { SECRET, signed, stockUpdate } from './helpers.js';

const exporter = new tracing.InMemorySpanExporter();
// Ended spans are exported once the resource's detectors have answered: forceFlush waits for that.
const processor = new tracing.SimpleSpanProcessor(exporter);
const sdk = new NodeSDK({
  serviceName: 'receiver-test',
  spanProcessors: [processor],
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: [],
});
beforeAll(() => sdk.start());
afterAll(() => stopSdk(sdk));

const seen: Array<{ ctx: EventContext; active: string | undefined }> = [];
let fail = false;
const handle = createFetchHandler(
  createReceiver({
    secret: SECRET,
    mode: 'production',
    logger: { error: () => {} },
    handlers: {
      webhooks: {
        stockUpdate: async (_update, ctx) => {
          seen.push({ ctx, active: trace.getActiveSpan()?.spanContext().spanId });
          if (fail) throw new Error('down');
        },
      },
    },
  }),
);

async function deliver(headers: Record<string, string>): Promise<{ status: number; ctx: EventContext; active: string | undefined }> {
  const body = JSON.stringify(stockUpdate);
  const res = await handle(
    new Request('http://receiver.test/webhooks/stockUpdate', { method: 'POST', body, headers: { ...signed(body), ...headers } }),
  );
  await processor.forceFlush();
  return { status: res.status, ...seen.at(-1)! };
}

const spanOf = (id: string | undefined) => exporter.getFinishedSpans().find((s) => s.spanContext().spanId === id)!;

it('runs the handler in a span that continues the sender traceparent, and hands the headers over in ctx', async () => {
  const traceId = randomBytes(16).toString('hex');
  const parent = randomBytes(8).toString('hex');
  const { status, ctx, active } = await deliver({ traceparent: `00-${traceId}-${parent}-01`, tracestate: 'cn=1', 'webhook-attempt': '2' });
  expect(status).toBe(200);
  expect(ctx).toMatchObject({ traceparent: `00-${traceId}-${parent}-01`, tracestate: 'cn=1' });
  const span = spanOf(active);
  expect(span.name).toBe('webhook stockUpdate');
  expect(span.spanContext().traceId).toBe(traceId);
  expect(span.parentSpanContext?.spanId).toBe(parent);
  expect(span.spanContext().traceState?.get('cn')).toBe('1');
  expect(span.attributes).toMatchObject({ 'messaging.message.id': ctx.id, 'clubnotify.delivery.attempt': 2 });
  expect(trace.getSpanContext(ctx.traceContext!)?.spanId).toBe(active);
});

it('starts a new trace without a traceparent, or with a malformed one', async () => {
  for (const headers of <Record<string, string>[]>[
    {},
    { traceparent: 'garbage' },
    { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` },
  ]) {
    const { status, active } = await deliver(headers);
    expect(status).toBe(200);
    expect(spanOf(active).parentSpanContext).toBeUndefined();
  }
});

it('marks the span an error when the handler throws', async () => {
  fail = true;
  try {
    const { status, active } = await deliver({});
    expect(status).toBe(500);
    const span = spanOf(active);
    expect(span.status).toMatchObject({ code: 2, message: 'down' });
    expect(span.events.map((e) => e.name)).toContain('exception');
  } finally {
    fail = false;
  }
});
