// With tracing off (no OpenTelemetry SDK in this process), the server is a participant that does
// not trace: a publish's traceparent and tracestate reach the webhook as they came, over sockets.
import { randomBytes, randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeliveringServer, type DeliveringServer } from '../support/delivering-server.js';
import { dbFactories } from '../support/server-support.js';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe.each(dbFactories())('tracing off ($name)', (factory) => {
  let d: DeliveringServer;
  beforeAll(async () => {
    d = await startDeliveringServer(factory, (_req, res) => res.end('ok'), { wakeOnPublish: true });
    await d.registerAlert(d.s.adminKey);
  });
  afterAll(() => d?.close());

  /** Schedules a concert with `headers`, waits until its alert is delivered, and returns the delivery's headers. */
  async function publish(headers: Record<string, string>) {
    const title = `Untraced ${randomUUID()}`;
    const res = await d.s.call('POST', '/concerts', {
      key: d.s.adminKey,
      headers,
      body: { title, startsAt: '2026-12-01T21:00:00Z', venue: 'Blue Room', priceCents: 1200 },
    });
    expect(res.status).toBe(201);
    d.worker.wake();
    await d.worker.drained();
    const delivered = d.receiver.received.find((r) => r.body.includes(title));
    expect(delivered, 'the alert reached the receiver').toBeDefined();
    return delivered!.headers;
  }

  it('has no SDK: spans are not recorded here', () => {
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
  });

  it("forwards the publish's traceparent and tracestate unchanged to the webhook", async () => {
    const traceparent = `00-${hex(16)}-${hex(8)}-01`;
    const headers = await publish({ traceparent, tracestate: 'vendor=abc,other=1' });
    expect(headers.traceparent).toBe(traceparent);
    expect(headers.tracestate).toBe('vendor=abc,other=1');
  });

  it('keeps an unsampled flag as it came', async () => {
    const traceparent = `00-${hex(16)}-${hex(8)}-00`;
    const headers = await publish({ traceparent });
    expect(headers.traceparent).toBe(traceparent);
    expect(headers.tracestate).toBeUndefined();
  });

  it('sends no trace context when the publish had none, or a malformed one', async () => {
    expect((await publish({})).traceparent).toBeUndefined();
    expect((await publish({ traceparent: '00-not-a-trace-01' })).traceparent).toBeUndefined();
  });
});
