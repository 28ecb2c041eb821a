// The server's request and publish spans, with a real OpenTelemetry SDK in this process (its
// in-memory exporter), and the trace context each queued delivery keeps in the database.
import { randomBytes } from 'node:crypto';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopSdk } from '../../../../test/otel-sdk.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

/** The SDK's in-memory exporter, telling waiters about each export. */
class WatchedExporter extends tracing.InMemorySpanExporter {
  readonly waiters = new Set<() => void>();
  override export(spans: tracing.ReadableSpan[], done: Parameters<tracing.InMemorySpanExporter['export']>[1]): void {
    super.export(spans, done);
    for (const wake of this.waiters) wake();
  }
}
const exporter = new WatchedExporter();
const processor = new tracing.SimpleSpanProcessor(exporter);

/** Resolves with the first finished span `found` picks, once it has been exported (the request's span ends after its answer is written). */
function exported(found: (span: tracing.ReadableSpan) => boolean): Promise<tracing.ReadableSpan> {
  return new Promise((resolve) => {
    const check = () => {
      const span = exporter.getFinishedSpans().find(found);
      if (!span) return;
      exporter.waiters.delete(check);
      resolve(span);
    };
    exporter.waiters.add(check);
    check();
  });
}
const sdk = new NodeSDK({
  serviceName: 'clubnotify-test',
  spanProcessors: [processor],
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: [],
});
beforeAll(() => sdk.start());
afterAll(() => stopSdk(sdk));

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const parentOf = (span: tracing.ReadableSpan) => span.parentSpanContext?.spanId;

describe.each(dbFactories())('tracing publishes ($name)', (factory) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer(factory);
    const hook = (path: string) => ({ body: { url: `https://hooks.example.com${path}` } });
    expect((await s.call('POST', '/registerForAlert', hook('/alert'))).status).toBeLessThan(300);
    expect((await s.call('POST', '/registerForStockUpdates', hook('/stock'))).status).toBeLessThan(300);
    const subscribed = await s.call('POST', '/concertUpdates', {
      body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/updates' },
    });
    expect(subscribed.status).toBeLessThan(300);
  });
  afterAll(() => s?.close());

  const publishes: Array<[string, string, string, unknown]> = [
    ['scheduleConcert', 'POST', '/concerts', { title: 'Traced', startsAt: '2026-12-01T20:00:00Z', venue: 'Cellar' }],
    ['updateConcert', 'PATCH', '/concerts/con_jazznight2026', { message: 'Doors at seven.' }],
    ['changeStock', 'POST', '/stockChanges', { drink: { id: 'itm_mojito', stock: 9 }, ingredient: { id: 'itm_mint', stock: 3 } }],
    ['cancelConcert', 'POST', '/concerts/con_jazznight2026/cancel', {}],
  ];

  it.each(publishes)(
    '%s continues the caller trace, and its deliveries keep the publish span as their parent',
    async (operation, method, path, body) => {
      const traceId = hex(16);
      const caller = hex(8);
      const res = await s.call(method, path, {
        key: s.adminKey,
        headers: { traceparent: `00-${traceId}-${caller}-01`, tracestate: 'caller=1' },
        body,
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      const request = await exported((span) => span.spanContext().traceId === traceId && parentOf(span) === caller);
      expect(request.attributes).toMatchObject({ 'clubnotify.operation': operation, 'http.response.status_code': res.status });
      const publish = await exported((span) => span.name === 'publish' && parentOf(span) === request.spanContext().spanId);
      const queued = publish.attributes['clubnotify.deliveries.queued'] as number;
      expect(queued).toBeGreaterThan(0);

      const rows = await s.db.query<{ traceparent: string; tracestate: string }>(
        'SELECT traceparent, tracestate FROM deliveries WHERE traceparent LIKE $1',
        [`00-${traceId}-%`],
      );
      expect(rows).toHaveLength(queued);
      for (const row of rows) {
        expect(row.traceparent).toBe(`00-${traceId}-${publish.spanContext().spanId}-01`);
        expect(row.tracestate).toBe('caller=1');
      }
    },
  );

  it('ignores a malformed traceparent: the request succeeds and starts a new trace', async () => {
    for (const traceparent of ['not-a-trace', `00-${'0'.repeat(32)}-${hex(8)}-01`, `ff-${hex(16)}-${hex(8)}-01`]) {
      const title = `Untraced ${hex(4)}`;
      const res = await s.call('POST', '/concerts', {
        key: s.adminKey,
        headers: { traceparent },
        body: { title, startsAt: '2026-12-02T20:00:00Z', venue: 'Cellar' },
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const [row] = await s.db.query<{ traceparent: string }>(`SELECT traceparent FROM deliveries WHERE body LIKE $1`, [`%${title}%`]);
      const [, traceId, publishId] = row!.traceparent.split('-');
      const publish = await exported((span) => span.spanContext().spanId === publishId);
      const request = await exported((span) => span.spanContext().spanId === parentOf(publish));
      expect(request.spanContext().traceId).toBe(traceId);
      expect(request.parentSpanContext).toBeUndefined();
      expect(id).toMatch(/^con_/);
    }
  });
});
