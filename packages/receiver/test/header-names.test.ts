import { describe, expect, it } from 'vitest';
import { createReceiver, type EventContext } from '../src/index.js';
import { SECRET, signed, stockUpdate } from './helpers.js';

const json = JSON.stringify(stockUpdate);
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function receiverWithCalls() {
  const calls: EventContext[] = [];
  const receiver = createReceiver({
    secret: SECRET,
    logger: { error: () => undefined },
    handlers: { webhooks: { stockUpdate: (_payload, ctx) => void calls.push(ctx) } },
  });
  return { receiver, calls };
}

/** `headers` with every name spelt as `spell` makes it. */
function respelled(headers: Record<string, string>, spell: (name: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [spell(name), value]));
}

// The adapters tell the core that Node's `req.headers` names are lower case, so the core skips its
// case-insensitive scan for them; a record handed to `handle()` may spell names any way.
describe('header names of a record handed to handle()', () => {
  it.each([
    ['Title-Case', (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())],
    ['UPPER CASE', (name: string) => name.toUpperCase()],
  ])('finds every header, the optional ones too, in %s', async (_case, spell) => {
    const { receiver, calls } = receiverWithCalls();
    const headers = respelled(
      { ...signed(json), 'webhook-attempt': '4', traceparent: TRACEPARENT, tracestate: 'vendor=1', 'content-length': String(json.length) },
      spell,
    );
    const response = await receiver.handle({ method: 'POST', event: { kind: 'webhook', name: 'stockUpdate' }, headers, body: json });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.attempt).toBe(4);
    expect(calls[0]!.traceparent).toBe(TRACEPARENT);
    expect(calls[0]!.tracestate).toBe('vendor=1');
  });

  it('still refuses a repeated webhook-attempt and an oversized declared length spelt in capitals', async () => {
    const { receiver, calls } = receiverWithCalls();
    const event = { kind: 'webhook', name: 'stockUpdate' } as const;
    const repeated = await receiver.handle({
      method: 'POST',
      event,
      headers: { ...respelled(signed(json), (n) => n.toUpperCase()), 'WEBHOOK-ATTEMPT': '1, 2' },
      body: json,
    });
    expect(repeated.status).toBe(400);
    const oversized = await receiver.handle({
      method: 'POST',
      event,
      headers: { ...respelled(signed(json), (n) => n.toUpperCase()), 'CONTENT-LENGTH': String(2 * 1024 * 1024) },
      body: json,
    });
    expect(oversized.status).toBe(413);
    expect(calls).toHaveLength(0);
  });
});
