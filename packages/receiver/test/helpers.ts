import { events, orderingKeys } from '@clubnotify/spec';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { sign } from '../src/index.js';

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
export const OTHER_SECRET = 'whsec_c2Vjb25kLXNlY3JldC1mb3ItdGVzdHMtMDEyMzQ1Njc=';

export const stockUpdate = {
  drink: { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: 'glass' },
  ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 3, unit: 'bunch' },
};

let counter = 0;
export function messageId(): string {
  return `msg_test${process.pid}x${Date.now()}x${++counter}`;
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Waits, when needed, until the clock is early in a second, so a timestamp taken now is still the
 * receiver's current second when it checks the message: a case signed at exactly the tolerance
 * (301 s in the future) would pass if a second boundary fell between signing and checking.
 */
export async function earlyInSecond(): Promise<void> {
  const into = Date.now() % 1000;
  if (into > 700) await new Promise((resolve) => setTimeout(resolve, 1000 - into + 5));
}

/** Headers of a correctly signed message; override any of them. */
export function signed(
  body: string | Uint8Array,
  options: { id?: string; timestamp?: number; secret?: string; contentType?: string } = {},
): Record<string, string> {
  const id = options.id ?? messageId();
  const timestamp = options.timestamp ?? now();
  return {
    'content-type': options.contentType ?? 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(options.secret ?? SECRET, { id, timestamp, body }),
  };
}

export interface Listening {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
  json: any;
}

export async function post(
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
  method = 'POST',
  signal?: AbortSignal,
): Promise<Answer> {
  const response = await fetch(url, { method, headers, body: method === 'GET' ? undefined : (body as BodyInit), signal });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), text, json };
}

/** Sends a request byte for byte over a socket (header names exactly as given). */
export function rawRequest(url: string, head: string, body: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/** A handler for every event of the spec, webhooks and callbacks, as a receiver serving them all has. */
export function everyHandler<H>(handler: H): { webhooks: Record<string, H>; callbacks: Record<string, H> } {
  const of = (kind: string) => Object.fromEntries(events.filter((e) => e.kind === kind).map((e) => [e.name, handler]));
  return { webhooks: of('webhook'), callbacks: of('callback') };
}

/** The suite's rules for one event, and for the receiver as a whole. */
export const RULES_PER_EVENT = 14;
export const RECEIVER_RULES = 2;
/** Two more rules (gap and out of order, stale) for each event ordered per key. */
export const ORDERING_RULES = 2 * Object.keys(orderingKeys).length;

/** An ed25519 key as the server has one: `whsk_` to sign with, its JWK in a key set, its `whpk_`, and the key object. */
export function ed25519Key(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const { x, d } = privateKey.export({ format: 'jwk' });
  return {
    kid,
    publicKey,
    signingKey: `whsk_${Buffer.from(d!, 'base64url').toString('base64')}`,
    whpk: `whpk_${Buffer.from(x!, 'base64url').toString('base64')}`,
    jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, use: 'sig', alg: 'EdDSA' },
  };
}
