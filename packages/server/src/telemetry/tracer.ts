import { trace } from '@opentelemetry/api';

/**
 * The server's tracer. Without an SDK (no OTEL_* configuration) it is the API's no-op: spans
 * cost an object each and record nothing. `getTracer` returns a proxy, so a tracer taken at
 * import still records once `startTelemetry` has registered the SDK.
 */
export const tracer = trace.getTracer('@clubnotify/server', '1.0.0');
