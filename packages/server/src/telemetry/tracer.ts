import { SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';

/**
 * The server's tracer, from the provider registered at the time of each span. Without an SDK (no
 * OTEL_* configuration) it is the API's no-op: spans cost an object each and record nothing. A
 * tracer kept from import would keep the first SDK's tracer after that SDK is unregistered (the
 * API's proxy keeps its delegate), in a process that starts and stops SDKs, such as a test run.
 */
export const tracer = (): Tracer => trace.getTracer('@clubnotify/server', '1.0.0');

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
