import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/**
 * The server's tracer. Without an SDK (no OTEL_* configuration) it is the API's no-op: spans
 * cost an object each and record nothing. `getTracer` returns a proxy, so a tracer taken at
 * import still records once `startTelemetry` has registered the SDK.
 */
export const tracer = trace.getTracer('@clubnotify/server', '1.0.0');

/** Runs `work`, then ends `span`; a failure is recorded on the span (exception, error status) and thrown on. */
export async function endSpanAfter<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}
