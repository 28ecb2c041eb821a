import type { DestinationStream, Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/**
 * A pino logger from the same pino instance pino-http uses: npm may install two copies of
 * pino, and pino-http only accepts loggers of its own copy.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pinoHttp({ level }, destination as DestinationStream).logger as unknown as Logger;
}
