import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookName } from '@clubnotify/spec';
import { triggerEvent, type TriggerResult } from '@clubnotify/receiver';

/**
 * Prism 5 does not fire OpenAPI 3.1 `webhooks`. These registration paths are what make
 * the companion send the matching webhook (the spec's example) once Prism accepted them.
 */
export const registrationWebhooks: Readonly<Record<string, WebhookName>> = {
  '/registerForAlert': 'concertAlert',
  '/registerForStockUpdates': 'stockUpdate',
};

/** One webhook the companion sent, or tried to. */
export type FiredWebhook =
  | { event: WebhookName; url: string; result: TriggerResult }
  | { event: WebhookName; url: string; error: Error };

export interface CompanionOptions {
  /** Prism's URL, e.g. `http://127.0.0.1:4011`. */
  target: string;
  /** Default 4010; 0 for a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called after each webhook is sent (or failed to send). */
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
 * A thin loopback proxy in front of Prism. It forwards every request unchanged; after a
 * `200` on a registration it sends that registration's webhook, signed with the `secret`
 * from the mock's response, to the `url` from the request (via the receiver kit's
 * `triggerEvent`, so the message is exactly what `receiver trigger` sends).
 */
export async function startCompanion(options: CompanionOptions): Promise<Companion> {
  const target = new URL(options.target);
  const pending = new Set<Promise<void>>();

  function fire(event: WebhookName, url: string, secret: string): void {
    const sent = triggerEvent({ event, kind: 'webhook', url, secret })
      .then((result) => options.onWebhook?.({ event, url, result }))
      .catch((error: unknown) => options.onWebhook?.({ event, url, error: error instanceof Error ? error : new Error(String(error)) }))
      .finally(() => pending.delete(sent));
    pending.add(sent);
  }

  const server = createServer(async (req, res) => {
    try {
      const body = await readAll(req);
      const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
        const out = httpRequest(
          { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...forwardable(req.headers), host: target.host } },
          resolve,
        );
        out.once('error', reject);
        out.end(body);
      });
      const answer = await readAll(upstream);
      const path = (req.url ?? '/').split('?')[0]!;
      const event = req.method === 'POST' && upstream.statusCode === 200 ? registrationWebhooks[path] : undefined;
      const url = event && jsonField(body, 'url');
      const secret = event && jsonField(answer, 'secret');
      res.writeHead(upstream.statusCode ?? 502, { ...forwardable(upstream.headers), 'content-length': String(answer.byteLength) });
      res.end(answer);
      if (event && url && secret) fire(event, url, secret);
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ type: 'about:blank', title: 'Bad Gateway', status: 502, detail: `The mock companion could not reach Prism at ${target.origin}: ${String(error)}` }));
      } else {
        res.destroy();
      }
    }
  });

  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 4010, options.host ?? '127.0.0.1', resolve));
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
