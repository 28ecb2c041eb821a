import { verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../src/adapters/node.js';
import { problem } from '../src/problems.js';
import { sign } from '../src/index.js';
import { listen, now, SECRET, type Listening } from './helpers.js';

/** What a hand-rolled stockUpdate receiver gets wrong; without flaws it does everything right. */
export interface Flaws {
  anySignature?: boolean;
  anyTimestamp?: boolean;
  firstSignatureOnly?: boolean;
  refusesRepeats?: boolean;
  /** A retry (attempt 2) waits this long, as if it queued behind the first attempt's lock. */
  slowRetryMs?: number;
  /** Drops the connection on a large body instead of answering 413. */
  dropsLargeBodies?: boolean;
  anyPath?: boolean;
  /** Judges the body alone, whatever payload version webhook-version names. */
  anyPayloadVersion?: boolean;
  /** Verifies `v1a` (ed25519) with these public keys instead of the secret, whatever key id a message names. */
  v1aKeys?: KeyObject[];
}

const LIMIT = 1_048_576;

function readBody(req: IncomingMessage, flaws: Flaws, res: ServerResponse): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= LIMIT) return void chunks.push(chunk);
      req.removeAllListeners('data');
      if (flaws.dropsLargeBodies) req.socket.destroy();
      else send(res, { ...problem(413, 'Too large.'), headers: { 'content-type': 'application/problem+json', connection: 'close' } });
      resolve(undefined);
    });
    req.on('end', () => resolve(size <= LIMIT ? Buffer.concat(chunks) : undefined));
  });
}

function signatureOk(flaws: Flaws, headers: IncomingMessage['headers'], body: Buffer): boolean {
  if (flaws.anySignature) return true;
  if (flaws.v1aKeys) return v1aOk(flaws, flaws.v1aKeys, headers, body);
  const expected = sign(SECRET, { id: String(headers['webhook-id']), timestamp: Number(headers['webhook-timestamp']), body });
  const entries = String(headers['webhook-signature']).split(' ');
  return flaws.firstSignatureOnly ? entries[0] === expected : entries.includes(expected);
}

function v1aOk(flaws: Flaws, keys: KeyObject[], headers: IncomingMessage['headers'], body: Buffer): boolean {
  const content = Buffer.concat([Buffer.from(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.`), body]);
  const entries = String(headers['webhook-signature']).split(' ');
  const checked = flaws.firstSignatureOnly ? entries.slice(0, 1) : entries;
  const signatures = checked.filter((e) => e.startsWith('v1a,')).map((e) => Buffer.from(e.slice(4), 'base64'));
  return signatures.some((signature) => keys.some((key) => signature.length === 64 && verify(null, content, key, signature)));
}

/** A receiver written by hand with the given flaws, for the suite to catch. */
export function flawedReceiver(flaws: Flaws = {}): Promise<Listening> {
  const seen = new Set<string>();
  return listen(async (req, res) => {
    if (req.url !== '/webhooks/stockUpdate' && !flaws.anyPath) return send(res, problem(404, 'No such event.'));
    if (!String(req.headers['content-type']).startsWith('application/json')) return send(res, problem(415, 'Send JSON.'));
    const body = await readBody(req, flaws, res);
    if (!body) return;
    if (!flaws.anyTimestamp && Math.abs(now() - Number(req.headers['webhook-timestamp'])) > 300) return send(res, problem(401, 'Stale.'));
    if (!signatureOk(flaws, req.headers, body)) return send(res, problem(401, 'Bad signature.'));
    const version = req.headers['webhook-version'];
    if (!flaws.anyPayloadVersion && version !== undefined && version !== '1')
      return send(
        res,
        problem(400, 'Built for payload version 1.', { type: 'payload-version-mismatch', title: 'Payload version not handled here' }),
      );
    if (flaws.slowRetryMs && req.headers['webhook-attempt'] === '2') await new Promise((resolve) => setTimeout(resolve, flaws.slowRetryMs));
    const id = String(req.headers['webhook-id']);
    if (seen.has(id) && flaws.refusesRepeats) return send(res, { status: 409, headers: {}, body: '' });
    seen.add(id);
    send(res, { status: 200, headers: {}, body: '' });
  });
}
