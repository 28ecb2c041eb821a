import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { triggerEvent, type TriggerResult } from '@clubnotify/receiver';
import { orderingKeyOf } from '@clubnotify/spec';
import { registrationWebhooks, subscriptionCallbacks } from './event-links.js';
import { checkRequest, type Refusal } from './request-check.js';

/** One webhook or callback the companion sent, or tried to. */
export type FiredWebhook =
  | { kind: 'webhook' | 'callback'; event: string; url: string; result: TriggerResult }
  | { kind: 'webhook' | 'callback'; event: string; url: string; error: Error };

export interface CompanionOptions {
  /** Prism's URL, e.g. `http://127.0.0.1:4011`. */
  target: string;
  /** Default 4010; 0 for a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called after each webhook or callback is sent (or failed to send). */
  onWebhook?: (fired: FiredWebhook) => void;
}

export interface Companion {
  url: string;
  server: Server;
  /** Resolves once every webhook sent so far has been answered (or failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Answers a refusal as the server does: problem+json with `X-Request-Id`. */
function sendRefusal(req: IncomingHttpHeaders, path: string, res: ServerResponse, refusal: Refusal): void {
  const incoming = req['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  const body: Record<string, unknown> = {
    type: `https://clubnotify.dev/problems/${refusal.type}`,
    title: refusal.title,
    status: refusal.status,
    detail: refusal.detail,
    instance: path,
    requestId,
  };
  if (refusal.errors?.length) body.errors = refusal.errors;
  if (refusal.supportedPayloadVersions) body.supportedPayloadVersions = refusal.supportedPayloadVersions;
  const text = JSON.stringify(body);
  res.writeHead(refusal.status, {
    ...refusal.headers,
    'X-Request-Id': requestId,
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function jsonField(body: Buffer, field: string): string | undefined {
  try {
    const value = (JSON.parse(body.toString('utf8')) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A thin loopback proxy in front of Prism. It refuses requests exactly as the reference
 * server does (`checkRequest`: the spec's compiled validators, 401/404/405/413/415/400
 * problem documents), asks Prism for the operation's success status (`Prefer: code=`,
 * unless the client sent its own `Prefer`), and forwards the rest. After a success on a
 * registration it sends that registration's webhook, after a success on
 * `POST /concertUpdates` the `concertAlert` callback, each signed with the `secret` from
 * the mock's response, to the URL from the request (via the receiver kit's `triggerEvent`,
 * so the message is exactly what `receiver trigger` sends), in the request's `payloadVersion`
 * (that version's example and `webhook-version`; default the current one). A version the
 * contract does not list, or past its sunset, is refused with 422 as the server refuses it.
 */
export async function startCompanion(options: CompanionOptions): Promise<Companion> {
  const target = new URL(options.target);
  const pending = new Set<Promise<void>>();

  function fire(
    kind: 'webhook' | 'callback',
    event: string,
    url: string,
    secret: string,
    payloadVersion: number | undefined,
    orderingKey?: string,
  ): void {
    const sent = triggerEvent({ event, kind, url, secret, payloadVersion, ...(orderingKey ? { ordering: { key: orderingKey } } : {}) })
      .then((result) => options.onWebhook?.({ kind, event, url, result }))
      .catch((error: unknown) =>
        options.onWebhook?.({ kind, event, url, error: error instanceof Error ? error : new Error(String(error)) }),
      )
      .finally(() => pending.delete(sent));
    pending.add(sent);
  }

  const server = createServer(async (req, res) => {
    try {
      const body = await readAll(req);
      const path = (req.url ?? '/').split('?')[0]!;
      const checked = checkRequest(req.method ?? 'GET', req.url ?? '/', req.headers, body);
      if ('refusal' in checked) return sendRefusal(req.headers, path, res, checked.refusal);
      const headers: IncomingHttpHeaders = { ...forwardable(req.headers), host: target.host };
      if (headers.prefer === undefined && checked.operation.successStatus) headers.prefer = `code=${checked.operation.successStatus}`;
      const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
        const out = httpRequest(
          { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
          resolve,
        );
        out.once('error', reject);
        out.end(body);
      });
      const answer = await readAll(upstream);
      const ok = req.method === 'POST' && (upstream.statusCode ?? 0) >= 200 && (upstream.statusCode ?? 0) < 300;
      res.writeHead(upstream.statusCode ?? 502, { ...forwardable(upstream.headers), 'content-length': String(answer.byteLength) });
      res.end(answer);
      const secret = ok ? jsonField(answer, 'secret') : undefined;
      const webhook = registrationWebhooks[path];
      const callback = subscriptionCallbacks[path];
      const url = webhook ? jsonField(body, 'url') : callback ? jsonField(body, callback.urlField) : undefined;
      // Sent in the version the registration is pinned to (its payloadVersion; default the current one).
      if (secret && url && webhook) fire('webhook', webhook, url, secret, checked.payloadVersion);
      // A callback ordered by its subscription's field (x-clubnotify-ordering-key) carries that field as its key.
      const key = callback && orderingKeyOf('callback', callback.event);
      const subscriptionKey = key?.source === 'subscription' ? jsonField(body, key.pointer.slice(1)) : undefined;
      if (secret && url && callback) fire('callback', callback.event, url, secret, checked.payloadVersion, subscriptionKey);
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/problem+json' });
        res.end(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Gateway',
            status: 502,
            detail: `The mock companion could not reach Prism at ${target.origin}: ${String(error)}`,
          }),
        );
      } else {
        res.destroy();
      }
    }
  });

  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port ?? 4010, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
