import type { DestinationStream, Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { traceFields } from '../telemetry/log-fields.js';
import { redactSecrets } from './redact.js';

/**
 * A pino logger from the same pino instance pino-http uses: npm may install two copies of
 * pino, and pino-http only accepts loggers of its own copy. Every line passes through
 * `redactSecrets`: a key pasted into a URL or an error message must not reach the logs.
 * Lines written inside a span carry its `trace_id` and `span_id`.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pinoHttp({ level, mixin: traceFields, hooks: { streamWrite: redactSecrets } }, destination as DestinationStream)
    .logger as unknown as Logger;
}
