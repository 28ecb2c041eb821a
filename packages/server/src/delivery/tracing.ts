import { ROOT_CONTEXT, SpanKind, SpanStatusCode, type Link, type Span } from '@opentelemetry/api';
import { contextFrom, parseTraceparent } from '../telemetry/trace-context.js';
import { endSpanAfter, tracer } from '../telemetry/tracer.js';
import type { AttemptResult, ClaimedDelivery, Outcome } from './types.js';

const OUTCOME = { succeeded: 'succeeded', failed: 'failed', pending: 'retrying' } as const;

/**
 * The span of one attempt: a child of the publish that queued the delivery (its stored
 * `traceparent`), in whatever process and after however many retries the attempt happens.
 * Its own context goes out with the request, so the receiver continues the same trace.
 */
export function startAttemptSpan(delivery: ClaimedDelivery): Span {
  const parent = contextFrom(ROOT_CONTEXT, delivery.traceparent, delivery.tracestate);
  const span = tracer().startSpan('deliver', { kind: SpanKind.CLIENT }, parent);
  // Attributes only for a recording span: with tracing off an attempt costs one no-op object.
  if (span.isRecording())
    span.setAttributes({
      'clubnotify.delivery.id': delivery.id,
      'clubnotify.message.id': delivery.message_id,
      'clubnotify.target.id': delivery.target_id,
      'clubnotify.delivery.attempt': delivery.attempt_count,
      'http.request.method': 'POST',
      'url.full': withoutQuery(delivery.url),
    });
  return span;
}

/** Ends an attempt's span with what came of it: status code, duration, the error, and the decision. */
export function endAttemptSpan(span: Span, result: AttemptResult, outcome: Outcome): void {
  if (!span.isRecording()) return span.end();
  span.setAttributes({ 'clubnotify.delivery.duration_ms': result.durationMs, 'clubnotify.delivery.outcome': OUTCOME[outcome.status] });
  if (outcome.retryInMs !== null) span.setAttribute('clubnotify.delivery.retry_in_ms', outcome.retryInMs);
  if (result.statusCode !== null) span.setAttribute('http.response.status_code', result.statusCode);
  const failed =
    result.error ??
    (result.statusCode !== null && (result.statusCode < 200 || result.statusCode > 299) ? `HTTP ${result.statusCode}` : null);
  if (failed) {
    span.setAttribute('error.type', result.statusCode === null ? 'no_response' : String(result.statusCode));
    span.setStatus({ code: SpanStatusCode.ERROR, message: failed });
  }
  span.end();
}

/**
 * Runs a batch statement (a claim, a record) in a span of its own, linked to the trace of
 * each delivery it touched (`touched`, read from its input or its result): a batch serves
 * many messages, so it is a link in each message's trace rather than a child of one.
 */
export async function traceBatch<T>(name: string, work: () => Promise<T>, touched: (result: T) => readonly ClaimedDelivery[]): Promise<T> {
  const span = tracer().startSpan(name, { kind: SpanKind.INTERNAL }, ROOT_CONTEXT);
  if (!span.isRecording()) return work().finally(() => span.end());
  return endSpanAfter(span, async () => {
    const result = await work();
    const deliveries = touched(result);
    span.setAttribute('clubnotify.deliveries', deliveries.length);
    span.addLinks(linksOf(deliveries));
    return result;
  });
}

function linksOf(deliveries: readonly ClaimedDelivery[]): Link[] {
  const links: Link[] = [];
  for (const d of deliveries) {
    const parent = parseTraceparent(d.traceparent, d.tracestate);
    if (parent) links.push({ context: parent, attributes: { 'clubnotify.delivery.id': d.id } });
  }
  return links;
}

function withoutQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
