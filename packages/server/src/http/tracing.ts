import type { IncomingHttpHeaders } from 'node:http';
import { context, isSpanContextValid, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestHandler, Response } from 'express';
import { contextFrom, passingOn, type TraceHeaders } from '../telemetry/trace-context.js';
import { tracer } from '../telemetry/tracer.js';
import type { RequestContext } from './context.js';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * One server span per request, the child of the caller's `traceparent` when it sends a valid
 * one (a malformed one is ignored: a new trace starts). The rest of the request runs inside
 * it, so a publish continues the trace. With tracing off (no SDK) a valid `traceparent` (and
 * its `tracestate`) is passed on unchanged to what the request publishes; with neither it only
 * calls `next`.
 */
export function traceRequests(): RequestHandler {
  return (req, res, next) => {
    const incoming = { traceparent: header(req.headers, 'traceparent'), tracestate: header(req.headers, 'tracestate') };
    const parent = contextFrom(ROOT_CONTEXT, incoming.traceparent, incoming.tracestate);
    const span = tracer().startSpan(req.method, { kind: SpanKind.SERVER }, parent);
    const ids = span.spanContext();
    if (!isSpanContextValid(ids)) return next();
    // Tracing off: the no-op tracer answers with the caller's own span context, and nothing carries it further.
    const untraced = !span.isRecording() && parent !== ROOT_CONTEXT;
    const run = untraced ? () => passingOn(withoutEmpty(incoming), next) : next;
    if (span.isRecording()) span.setAttributes({ 'http.request.method': req.method, 'url.path': req.path });
    res.locals.traceFields = { trace_id: ids.traceId, span_id: ids.spanId };
    res.once('finish', () => {
      const operation = (res.locals.ctx as RequestContext | undefined)?.operation;
      if (operation) {
        span.updateName(`${req.method} ${operation.path}`);
        span.setAttributes({ 'http.route': operation.path, 'clubnotify.operation': operation.id });
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), run);
  };
}

function withoutEmpty({ traceparent, tracestate }: { traceparent?: string; tracestate?: string }): TraceHeaders {
  return tracestate ? { traceparent: traceparent!.trim(), tracestate } : { traceparent: traceparent!.trim() };
}

/** The trace fields of a request's log line (set by {@link traceRequests}). */
export function traceFieldsOf(res: Response): Record<string, string> {
  return (res.locals.traceFields as Record<string, string> | undefined) ?? {};
}
