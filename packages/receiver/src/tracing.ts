import {
  context,
  ROOT_CONTEXT,
  createTraceState,
  INVALID_SPANID as INVALID_SPAN_ID,
  INVALID_TRACEID as INVALID_TRACE_ID,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  ProxyTracerProvider,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import type { HandlerResult } from './events.js';

const tracer = trace.getTracer('@clubnotify/receiver', '1.0.0');
const CONSUMER = { kind: SpanKind.CONSUMER };
// The API's no-op provider: what a proxy provider delegates to until an SDK registers one.
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/** Whether no tracer provider is registered (the global one is the API's proxy, delegating to nothing). */
function tracingOff(): boolean {
  const provider = trace.getTracerProvider();
  return provider instanceof ProxyTracerProvider && provider.getDelegate() === NOOP_PROVIDER;
}
// Where @opentelemetry/api 1.x keeps whatever is registered (a tracer provider, a context
// manager...); absent until something registers. The tests that register a context manager or an
// SDK (tracing-off, tracing) fail if it moves.
const OTEL_API = Symbol.for('opentelemetry.js.api.1');
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The sender's span context from its W3C headers; undefined when absent or malformed. */
export function senderSpan(traceparent: string | undefined, tracestate: string | undefined): SpanContext | undefined {
  const match = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null;
  if (!match || match[1] === 'ff' || (match[1] === '00' && match[5] !== undefined)) return undefined;
  // The pattern already holds the ids to lower-case hex of the right length: only all-zero ids are invalid.
  if (match[2] === INVALID_TRACE_ID || match[3] === INVALID_SPAN_ID) return undefined;
  return {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: parseInt(match[4]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    traceState: tracestate ? createTraceState(tracestate) : undefined,
  };
}

/** What `traced` reads of a handler's run, and where it leaves the context the handler runs in (a `HandlerContext`). */
export interface TracedRun {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly attempt: number;
  readonly traceparent?: string;
  readonly tracestate?: string;
  traceContext: Context;
}

/**
 * Runs `call` (the handler) inside a span of its own, the child of the sender's attempt, and
 * ends the span when it settles. Its parent: the active span when it already continues the
 * sender's trace (an instrumented HTTP server), otherwise the sender's attempt from its
 * `traceparent`, otherwise whatever is active (a new trace when nothing is). Without an
 * OpenTelemetry SDK in the process the span is the one the API's no-op tracer would give (the
 * parent's context, not recording), made directly; `ctx.traceContext` still carries the
 * sender's context.
 */
export function traced<R>(ctx: TracedRun, call: () => R): R {
  // Nothing registered with the API at all (no SDK, no context manager): nothing to look up.
  if ((globalThis as Record<symbol, unknown>)[OTEL_API] === undefined) return call();
  const off = tracingOff();
  // Nothing to make active and nothing to record: `ctx.traceContext` is made if the handler reads it.
  if (off && !contextManagerOn()) return call();
  const active = context.active();
  const sender = senderSpan(ctx.traceparent, ctx.tracestate);
  const fromSender = sender !== undefined && trace.getSpanContext(active)?.traceId !== sender.traceId;
  let span: Span;
  if (off) {
    span = untracedSpan(active, sender, fromSender);
    ctx.traceContext = trace.setSpan(active, span);
  } else {
    const parent = fromSender ? trace.setSpanContext(active, sender) : active;
    span = tracer.startSpan(`${ctx.kind} ${ctx.name}`, CONSUMER, parent);
    if (span.isRecording())
      span.setAttributes({
        'messaging.operation.type': 'process',
        'messaging.message.id': ctx.id,
        'clubnotify.event': `${ctx.kind}.${ctx.name}`,
        'clubnotify.delivery.attempt': ctx.attempt,
      });
    ctx.traceContext = trace.setSpan(parent, span);
  }
  let result: R;
  try {
    result = context.with(ctx.traceContext, call);
  } catch (error) {
    fail(span, error);
    throw error;
  }
  if (!span.isRecording()) return result;
  if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
    (result as PromiseLike<void | HandlerResult>).then(
      (value) => settle(span, value),
      (error: unknown) => fail(span, error),
    );
  } else settle(span, result as void | HandlerResult);
  return result;
}

/**
 * Without a tracer provider: the span the API's no-op tracer would give (the parent's context,
 * not recording), made directly, skipping the proxy, the no-op tracer's checks and one context copy.
 */
function untracedSpan(active: Context, sender: SpanContext | undefined, fromSender: boolean): Span {
  const parent = fromSender ? sender : trace.getSpanContext(active);
  return trace.wrapSpanContext(parent && (fromSender || isSpanContextValid(parent)) ? parent : INVALID_SPAN_CONTEXT);
}

/** The handler's trace context when `traced` ran it with no context manager and no tracer provider (the root context was active). */
export function untracedContext(traceparent: string | undefined, tracestate: string | undefined): Context {
  const sender = senderSpan(traceparent, tracestate);
  return trace.setSpan(ROOT_CONTEXT, untracedSpan(ROOT_CONTEXT, sender, sender !== undefined));
}

const PROBE = ROOT_CONTEXT.setValue(Symbol('clubnotify.receiver.probe'), true);
const probeActive = () => context.active() === PROBE;

/** Whether a context manager is registered (the API's no-op one makes nothing active). */
function contextManagerOn(): boolean {
  return context.with(PROBE, probeActive);
}

function settle(span: Span, result: void | HandlerResult): void {
  const status = result?.status ?? 200;
  span.setAttribute('clubnotify.handler.status', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `the handler answered ${status}` });
  span.end();
}

function fail(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end();
}
