import { readWebStream } from '../body.js';
import type { Receiver } from '../receiver.js';
import { route, type RouteOptions } from './route.js';

/**
 * A Fetch API handler (`Request` -> `Response`) for serverless and edge runtimes, Deno,
 * Bun and `export default { fetch }` style servers.
 */
export function createFetchHandler(receiver: Receiver, options: RouteOptions = {}): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const event = route(options, url.pathname) ?? undefined;
    const response = await receiver.handle({
      method: request.method,
      event,
      headers: request.headers,
      body: (limit: number) => readWebStream(request.body, limit),
    });
    return new Response(response.body === '' ? null : response.body, { status: response.status, headers: response.headers });
  };
}
