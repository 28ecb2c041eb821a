import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiKey, createApp, createLogger, migrate, seed, serverSecret, type Database } from '@clubnotify/server';
import { openMigratedPglite } from '../../packages/server/test/support/migrated-pglite.js';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  type LookupFn,
  type UrlPolicy,
} from '../../packages/server/src/delivery/index.js';

/** `npm run test:reliability` sets RELIABILITY_FULL=1: the counts the issue asks for. */
import type { Received } from '../../packages/server/test/support/receiver.js';
export { startReceiver, waitFor, type Received, type Receiver } from '../../packages/server/test/support/receiver.js';

export const FULL = process.env.RELIABILITY_FULL === '1';

/** The CI count, or the full one under RELIABILITY_FULL=1. */
export const scale = (ci: number, full: number): number => (FULL ? full : ci);

/** Example host names resolve to a public documentation address, offline. */
export const publicLookup: LookupFn = async () => [{ address: '93.184.215.14', family: 4 }];

export interface Harness {
  url: string;
  db: Database;
  adminKey: string;
  aliceKey: string;
  aliceKeyId: string;
  bobKey: string;
  /** Every line the pino logger wrote (level `trace`, so nothing is filtered out). */
  logs: string[];
  worker?: DeliveryWorker;
  close(): Promise<void>;
}

export interface HarnessOptions {
  lookup?: LookupFn;
  policy?: UrlPolicy;
  /** Start a delivery worker in the same process with these options. */
  worker?: Partial<DeliveryWorkerOptions>;
  logLevel?: string;
}

/**
 * `createApp` on 127.0.0.1 over an in-memory PGlite, migrated and seeded, with rate and
 * registration limits high enough for fuzzing, the log captured, and optionally a delivery worker.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const db = await openMigratedPglite({ seeded: true });
  await migrate(db);
  await seed(db);
  const admin = await createApiKey(db, { name: 'admin', scope: 'admin' });
  const alice = await createApiKey(db, { name: 'alice', scope: 'subscriber' });
  const bob = await createApiKey(db, { name: 'bob', scope: 'subscriber' });
  const logs: string[] = [];
  const logger = createLogger(options.logLevel ?? 'trace', { write: (line: string) => void logs.push(line) });
  const policy = options.policy ?? { allow: [] };
  const worker = options.worker
    ? createDeliveryWorker({ db, policy, lookup: options.lookup, pollMs: 20, timeoutMs: 2_000, onError: () => {}, ...options.worker })
    : undefined;
  const app = createApp({
    db,
    cursorKey: await serverSecret(db, 'cursor'),
    urlPolicy: policy,
    lookup: options.lookup ?? publicLookup,
    logger,
    rateLimitPerMinute: 1_000_000,
    metricsScrapesPerMinute: 1_000_000,
    limits: { registrationsPerKey: 1_000_000, subscriptionsPerKey: 1_000_000 },
    deliveryHandoff: worker,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  worker?.start();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    db,
    adminKey: admin.key,
    aliceKey: alice.key,
    aliceKeyId: alice.id,
    bobKey: bob.key,
    logs,
    worker,
    async close() {
      await worker?.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequest {
  method: string;
  /** Sent as is: percent-encode what must be encoded. */
  path: string;
  headers?: Record<string, string>;
  /** A body, or chunks sent with `Transfer-Encoding: chunked` and no Content-Length. */
  body?: Buffer | string | { chunks: Buffer[] };
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One HTTP request over a real socket, with full control over the bytes of the body. */
export function send(base: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    const chunked = typeof req.body === 'object' && !Buffer.isBuffer(req.body);
    if (req.body !== undefined && !chunked) headers['content-length'] = Buffer.byteLength(req.body as Buffer | string);
    const r = httpRequest({ host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    if (chunked) for (const chunk of (req.body as { chunks: Buffer[] }).chunks) r.write(chunk);
    else if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** JSON call with a bearer key; returns status and parsed body. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: IncomingHttpHeaders }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await send(base, { method, path, headers, body });
  const text = res.body.toString('utf8');
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** How many times each `webhook-id` arrived. */
export function perMessage(received: Received[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const x of received) {
    const id = x.headers['webhook-id'] as string;
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  return seen;
}
