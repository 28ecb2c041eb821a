import { isSpanContextValid, trace } from '@opentelemetry/api';

/** pino `mixin`: the active span's ids on every log line written inside it (nothing when tracing is off). */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const context = span.spanContext();
  return isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
