// The engine's spans: an attempt is the child of the publish that queued it, a batch links every delivery it touched.
import { trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endAttemptSpan, startAttemptSpan, traceBatch } from '../../src/delivery/tracing.js';
import type { AttemptResult, ClaimedDelivery, Outcome } from '../../src/delivery/types.js';

const exporter = new tracing.InMemorySpanExporter();
const provider = new tracing.BasicTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
beforeAll(() => {
  trace.setGlobalTracerProvider(provider);
});
afterAll(async () => {
  trace.disable();
  await provider.shutdown();
});
beforeEach(() => exporter.reset());

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PUBLISH_SPAN = 'b7ad6b7169203331';
const delivery = (id: string, traceparent: string | null = `00-${TRACE}-${PUBLISH_SPAN}-01`) =>
  ({
    id,
    message_id: `msg_${id}`,
    target_id: 'reg_1',
    url: 'https://example.com/hook?token=secret',
    attempt_count: 2,
    traceparent,
    tracestate: 'cn=1',
  }) as ClaimedDelivery;
const result = (statusCode: number | null, error: string | null = null): AttemptResult => ({
  startedAt: new Date(0),
  durationMs: 12,
  statusCode,
  error,
  responseBody: null,
  retryAfterMs: null,
});
const decided = (d: ClaimedDelivery, status: Outcome['status'], retryInMs: number | null = null): Outcome =>
  ({ delivery: d, status, retryInMs, result: result(200) }) as Outcome;

describe('attempt spans', () => {
  it('are clients, children of the publish, naming the delivery and the URL without its query', () => {
    const d = delivery('dlv_1');
    endAttemptSpan(startAttemptSpan(d), result(204), decided(d, 'succeeded'));
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('deliver');
    expect(span!.kind).toBe(SpanKind.CLIENT);
    expect(span!.spanContext().traceId).toBe(TRACE);
    expect(span!.parentSpanContext?.spanId).toBe(PUBLISH_SPAN);
    expect(span!.attributes).toMatchObject({
      'clubnotify.delivery.id': 'dlv_1',
      'clubnotify.message.id': 'msg_dlv_1',
      'clubnotify.target.id': 'reg_1',
      'clubnotify.delivery.attempt': 2,
      'url.full': 'https://example.com/hook',
      'http.response.status_code': 204,
      'clubnotify.delivery.outcome': 'succeeded',
      'clubnotify.delivery.duration_ms': 12,
    });
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('start a trace of their own when the publish left none', () => {
    const d = delivery('dlv_2', null);
    endAttemptSpan(startAttemptSpan(d), result(204), decided(d, 'succeeded'));
    const [span] = exporter.getFinishedSpans();
    expect(span!.spanContext().traceId).not.toBe(TRACE);
    expect(span!.parentSpanContext).toBeUndefined();
  });

  it('are errors when no answer came or the answer was not a 2xx, with the retry', () => {
    const d = delivery('dlv_3');
    endAttemptSpan(startAttemptSpan(d), result(null, 'connection refused'), decided(d, 'pending', 5000));
    endAttemptSpan(startAttemptSpan(d), result(500), decided(d, 'failed'));
    const [refused, failed] = exporter.getFinishedSpans();
    expect(refused!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'connection refused' });
    expect(refused!.attributes).toMatchObject({
      'error.type': 'no_response',
      'clubnotify.delivery.outcome': 'retrying',
      'clubnotify.delivery.retry_in_ms': 5000,
    });
    expect(failed!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'HTTP 500' });
    expect(failed!.attributes).toMatchObject({ 'error.type': '500', 'clubnotify.delivery.outcome': 'failed' });
  });
});

describe('batch spans', () => {
  it('link the trace of each delivery they touched, and count them', async () => {
    const touched = [delivery('dlv_4'), delivery('dlv_5', `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`), delivery('dlv_6', null)];
    expect(
      await traceBatch(
        'claim',
        async () => touched,
        (rows) => rows,
      ),
    ).toBe(touched);
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('claim');
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.attributes['clubnotify.deliveries']).toBe(3);
    expect(span!.links.map((l) => [l.context.traceId, l.attributes?.['clubnotify.delivery.id']])).toEqual([
      [TRACE, 'dlv_4'],
      ['1'.repeat(32), 'dlv_5'],
    ]);
  });

  it('record a failed batch statement on its span and throw on', async () => {
    await expect(
      traceBatch(
        'record',
        () => Promise.reject(new Error('connection lost')),
        () => [],
      ),
    ).rejects.toThrow('connection lost');
    const [span] = exporter.getFinishedSpans();
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.events.map((e) => e.name)).toContain('exception');
  });
});
