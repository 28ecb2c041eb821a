import {
  context,
  createTraceState,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import type { HandlerContext } from './context.js';
import type { HandlerResult } from './events.js';

const tracer = trace.getTracer('@clubnotify/receiver', '1.0.0');
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The sender's span context from its W3C headers; undefined when absent or malformed. */
export function senderSpan(traceparent: string | undefined, tracestate: string | undefined): SpanContext | undefined {
  const match = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null;
  if (!match || match[1] === 'ff' || (match[1] === '00' && match[5] !== undefined)) return undefined;
  const span: SpanContext = {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: parseInt(match[4]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    traceState: tracestate ? createTraceState(tracestate) : undefined,
  };
  return isSpanContextValid(span) ? span : undefined;
}

/**
 * The handler's parent: the active span when it already continues the sender's trace (an
 * instrumented HTTP server), otherwise the sender's attempt from its `traceparent`, otherwise
 * whatever is active (a new trace when nothing is).
 */
function parentOf(ctx: HandlerContext): Context {
  const active = context.active();
  const sender = senderSpan(ctx.traceparent, ctx.tracestate);
  if (!sender || trace.getSpanContext(active)?.traceId === sender.traceId) return active;
  return trace.setSpanContext(active, sender);
}

/**
 * Runs `call` (the handler) inside a span of its own, the child of the sender's attempt, and
 * ends the span when it settles. Without an OpenTelemetry SDK in the process the span is the
 * API's no-op; `ctx.traceContext` still carries the sender's context.
 */
export function traced<R>(ctx: HandlerContext, call: () => R): R {
  const parent = parentOf(ctx);
  const span = tracer.startSpan(`${ctx.kind} ${ctx.name}`, { kind: SpanKind.CONSUMER }, parent);
  if (span.isRecording())
    span.setAttributes({
      'messaging.operation.type': 'process',
      'messaging.message.id': ctx.id,
      'clubnotify.event': `${ctx.kind}.${ctx.name}`,
      'clubnotify.delivery.attempt': ctx.attempt,
    });
  ctx.traceContext = trace.setSpan(parent, span);
  let result: R;
  try {
    result = context.with(ctx.traceContext, call);
  } catch (error) {
    fail(span, error);
    throw error;
  }
  if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
    (result as PromiseLike<void | HandlerResult>).then(
      (value) => settle(span, value),
      (error: unknown) => fail(span, error),
    );
  } else settle(span, result as void | HandlerResult);
  return result;
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
