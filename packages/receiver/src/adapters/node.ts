import type { IncomingMessage, ServerResponse } from 'node:http';
import { readNodeStream } from '../body.js';
import type { Receiver } from '../receiver.js';
import type { ReceiverResponse } from '../problems.js';
import { route, type RouteOptions } from './route.js';

export function send(res: ServerResponse, response: ReceiverResponse): void {
  if (!response.body && isEmpty(response.headers)) {
    // The common 200 with no body and no headers: nothing to copy or merge.
    res.statusCode = response.status;
    res.end();
    return;
  }
  res.writeHead(
    response.status,
    response.body ? { ...response.headers, 'content-length': Buffer.byteLength(response.body) } : response.headers,
  );
  res.end(response.body);
}

function isEmpty(headers: Record<string, string>): boolean {
  for (const _ in headers) return false;
  return true;
}

export function handleNode(
  receiver: Receiver,
  options: RouteOptions,
  req: IncomingMessage & { body?: unknown },
  url: string,
): Promise<ReceiverResponse> {
  const event = route(options, url) ?? undefined;
  return receiver.handle({
    method: req.method ?? 'GET',
    event,
    headers: req.headers,
    body: req.body !== undefined ? req.body : (limit: number) => readNodeStream(req, limit),
  });
}

/**
 * A plain Node `http` request handler: `http.createServer(createNodeHandler(receiver))`.
 * Paths name the events (`/webhooks/stockUpdate`); any other path answers 404.
 */
export function createNodeHandler(
  receiver: Receiver,
  options: RouteOptions = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return (req, res) => {
    let answer;
    try {
      answer = handleNode(receiver, options, req, req.url ?? '/');
    } catch (error) {
      answer = Promise.reject(error);
    }
    return answer.then(
      (response) => send(res, response),
      (error: unknown) => {
        console.error('@clubnotify/receiver: unexpected failure', error);
        if (!res.headersSent)
          send(res, {
            status: 500,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ code: 'receiver_failed', message: 'The receiver failed unexpectedly.' }),
          });
        else res.destroy();
      },
    );
  };
}
