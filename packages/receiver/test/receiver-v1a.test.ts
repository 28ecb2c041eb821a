import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli.js';
import { createEventReceiver } from '../src/edge.js';
import { createFetchHandler, createNodeHandler, createReceiver, triggerEvent, type ReceiverLimits } from '../src/index.js';
import { event } from '../../spec/src/generated/events/webhook.stockUpdate.js';
import { listen, messageId, now, SECRET, signed, stockUpdate } from './helpers.js';

const body = JSON.stringify(stockUpdate);
const quiet = { error: () => undefined };

function keyPair(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'EdDSA' };
  return { kid, privateKey, jwk, whpk: `whpk_${Buffer.from(jwk.x!, 'base64url').toString('base64')}` };
}

/** Headers of a message signed with ed25519 (`v1a`), plus an HMAC `v1` entry when `v1` is given. */
function signedV1a(key: { kid: string; privateKey: KeyObject }, text = body, v1?: string): Record<string, string> {
  const [id, timestamp] = [messageId(), now()];
  const v1a = `v1a,${sign(null, Buffer.from(`${id}.${timestamp}.${text}`), key.privateKey).toString('base64')}`;
  const hmac = v1 ? signed(text, { id, timestamp })['webhook-signature'] : undefined;
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': hmac ? `${hmac} ${v1a}` : v1a,
    'webhook-key-id': key.kid,
  };
}

const request = (headers: Record<string, string>, text = body) =>
  new Request('http://receiver/webhooks/stockUpdate', { method: 'POST', headers, body: text });

/** The kit's full receiver and its edge receiver, trusting `trust`: each answers a request with its status and problem detail. */
function receivers(trust: ReceiverLimits) {
  const handler = () => undefined;
  const full = createFetchHandler(createReceiver({ ...trust, logger: quiet, handlers: { webhooks: { stockUpdate: handler } } }));
  const edge = createEventReceiver({ ...trust, logger: quiet, event, handler });
  const answer = async (response: Response) => [
    response.status,
    response.status === 200 ? '' : ((await response.json()) as { detail: string }).detail,
  ];
  return {
    full: async (headers: Record<string, string>, text?: string) => answer(await full(request(headers, text))),
    edge: async (headers: Record<string, string>, text?: string) => answer(await edge(request(headers, text))),
  };
}

describe.each(['full', 'edge'] as const)('createReceiver and createEventReceiver with v1a keys (%s)', (which) => {
  const current = keyPair('k1');
  const next = keyPair('k2');
  let published = [current.jwk];
  let fetches = 0;
  let server: Server;
  let jwksUrl: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('verifies with whpk_ public keys alone and refuses another key, a tampered body and a v1-only message', async () => {
    const receive = receivers({ publicKeys: [current.whpk] })[which];
    expect(await receive(signedV1a(current))).toEqual([200, '']);
    expect(await receive(signedV1a(next))).toEqual([401, expect.stringMatching(/No v1a signature/)]);
    expect(await receive(signedV1a(current), body.replace('Mojito', 'Mohito'))).toEqual([401, expect.stringMatching(/No v1a signature/)]);
    expect(await receive(signed(body))).toEqual([401, 'The webhook-signature header has no v1a (ed25519) signature.']);
  });

  it('fetches the key set once, again for a rotated key, and not per request for unknown ones', async () => {
    published = [current.jwk];
    fetches = 0;
    const receive = receivers({ jwksUrl, jwksMinRefetchSec: 0 })[which];
    expect(await receive(signedV1a(current))).toEqual([200, '']);
    expect(await receive(signedV1a(current))).toEqual([200, '']);
    expect(fetches).toBe(1);
    published = [next.jwk, current.jwk];
    expect(await receive(signedV1a(next))).toEqual([200, '']);
    expect(fetches).toBe(2);
    const bounded = receivers({ jwksUrl })[which];
    const stranger = keyPair('k9');
    for (let i = 0; i < 5; i++) expect(await bounded(signedV1a(stranger))).toEqual([401, expect.stringMatching(/has no key k9/)]);
    expect(fetches).toBe(3);
  });

  it('with a secret as well, accepts either scheme and reports the v1 refusal for a v1-only message', async () => {
    published = [current.jwk];
    const receive = receivers({ secret: SECRET, jwksUrl })[which];
    expect(await receive(signed(body))).toEqual([200, '']);
    expect(await receive(signedV1a(current))).toEqual([200, '']);
    expect(await receive(signedV1a(current, body, SECRET))).toEqual([200, '']);
    expect(await receive(signed(body, { secret: 'whsec_c2Vjb25kLXNlY3JldC1mb3ItdGVzdHMtMDEyMzQ1Njc=' }))).toEqual([
      401,
      expect.stringMatching(/No signature in webhook-signature matches/),
    ]);
  });
});

describe('v1a receiver options', () => {
  it('refuses jwksUrl with publicKeys, a bad whpk_ key, a non-http URL, and no key at all', () => {
    const handlers = { webhooks: {} };
    expect(() => createReceiver({ jwksUrl: 'http://x/jwks', publicKeys: [keyPair('a').whpk], handlers })).toThrow(/not both/);
    expect(() => createReceiver({ publicKeys: ['whpk_AAAA'], handlers })).toThrow(/base64 of 32 bytes/);
    expect(() => createReceiver({ jwksUrl: 'file:///etc/passwd', handlers })).toThrow(/http\(s\) URL/);
    expect(() => createReceiver({ handlers })).toThrow(/jwksUrl/);
  });
});

describe('trigger signs v1a with --signing-key', () => {
  const whskOf = (key: KeyObject) => `whsk_${Buffer.from(key.export({ format: 'jwk' }).d!, 'base64url').toString('base64')}`;

  it('sends a message a receiver trusting only that public key accepts, and one trusting another refuses', async () => {
    const trusted = keyPair('k1');
    const other = keyPair('k2');
    const server = await listen(
      createNodeHandler(
        createReceiver({ publicKeys: [trusted.whpk], logger: quiet, handlers: { webhooks: { stockUpdate: () => undefined } } }),
      ),
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const url = `${server.url}/webhooks/stockUpdate`;
      const sent = await triggerEvent({ event: 'stockUpdate', url, signingKey: whskOf(trusted.privateKey), keyId: 'k1' });
      expect([sent.status, sent.sent.headers['webhook-key-id']]).toEqual([200, 'k1']);
      expect(sent.sent.headers['webhook-signature']).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
      expect(await runCli(['trigger', 'stockUpdate', '--url', url, '--signing-key', whskOf(trusted.privateKey), '--key-id', 'k1'])).toBe(0);
      expect(await runCli(['trigger', 'stockUpdate', '--url', url, '--signing-key', whskOf(other.privateKey)])).toBe(1);
      expect(log.mock.calls.flat().join('\n')).toMatch(/status 401/);
    } finally {
      log.mockRestore();
      await server.close();
    }
  });
});
