import { AsyncLocalStorage } from 'node:async_hooks';
import { createTraceState, isSpanContextValid, trace, TraceFlags, type Context, type Span, type SpanContext } from '@opentelemetry/api';

/** W3C Trace Context headers, as they arrive with a request and leave with each attempt. */
export interface TraceHeaders {
  traceparent: string;
  tracestate?: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The span context a `traceparent` names, or undefined when it is absent or malformed (the
 * W3C rules: version ff and all-zero ids are invalid; a future version may carry more fields).
 * Parsed here rather than by the registered propagator, so the headers are W3C whatever
 * OTEL_PROPAGATORS says and a stored value needs no SDK to be read.
 */
export function parseTraceparent(traceparent: string | null | undefined, tracestate?: string | null): SpanContext | undefined {
  if (!traceparent) return undefined;
  const match = TRACEPARENT.exec(traceparent.trim());
  if (!match || match[1] === 'ff' || (match[1] === '00' && match[5] !== undefined)) return undefined;
  const context: SpanContext = {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: parseInt(match[4]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    traceState: tracestate ? createTraceState(tracestate) : undefined,
  };
  return isSpanContextValid(context) ? context : undefined;
}

/** A context whose parent is the span a `traceparent` names; `base` itself when there is none. */
export function contextFrom(base: Context, traceparent: string | null | undefined, tracestate?: string | null): Context {
  const parent = parseTraceparent(traceparent, tracestate);
  return parent ? trace.setSpanContext(base, parent) : base;
}

/** The headers that make `span` the parent of what receives them; undefined for a no-op span (tracing off). */
export function headersOf(span: Span): TraceHeaders | undefined {
  const context = span.spanContext();
  if (!isSpanContextValid(context)) return undefined;
  const flags = (context.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
  const traceparent = `00-${context.traceId}-${context.spanId}-${flags}`;
  const tracestate = context.traceState?.serialize();
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** The caller's trace context while a request runs untraced (see {@link passingOn}). */
const untraced = new AsyncLocalStorage<TraceHeaders>();

/**
 * Runs `work` with `headers`, a request's valid W3C trace context, to be passed on as it came:
 * with tracing off there is no context manager to carry a span, and the server is a participant
 * that does not trace (W3C Trace Context): what it publishes carries the caller's context
 * unchanged, so a subscriber still joins the publisher's trace.
 */
export function passingOn<T>(headers: TraceHeaders, work: () => T): T {
  return untraced.run(headers, work);
}

/** The trace context {@link passingOn} keeps for the request running now, if any. */
export function passedOn(): TraceHeaders | undefined {
  return untraced.getStore();
}
