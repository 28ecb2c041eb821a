import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Ed25519KeySet, verifyV1a, WebhookVerificationError } from '../src/index.js';

/** A key pair as the server keeps one: its kid, private key, and JWK and whpk_ forms of the public key. */
function keyPair(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'EdDSA' };
  return { kid, privateKey, jwk, whpk: `whpk_${Buffer.from(jwk.x!, 'base64url').toString('base64')}` };
}

function signed(key: { kid: string; privateKey: KeyObject }, body: string, now = Math.floor(Date.now() / 1000)) {
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const signature = sign(null, Buffer.from(`${id}.${now}.${body}`), key.privateKey).toString('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(now), 'webhook-signature': `v1a,${signature}`, 'webhook-key-id': key.kid };
}

/** A JWKS server on a real socket that counts its fetches and answers `answer()`. */
async function jwksServer(answer: () => string): Promise<{ url: string; fetches: () => number; server: Server }> {
  let fetches = 0;
  const server = createServer((_req, res) => {
    fetches++;
    res.setHeader('content-type', 'application/json');
    res.end(answer());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`, fetches: () => fetches, server };
}

describe('verifyV1a', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });

  it('verifies with a whpk_ key alone, and refuses a tampered body, another key and a missing v1a entry', async () => {
    const k = keyPair('k1');
    const other = keyPair('k2');
    const headers = signed(k, '{"a":1}');
    await expect(verifyV1a(k.whpk, headers, '{"a":1}')).resolves.toMatchObject({ id: headers['webhook-id'] });
    await expect(verifyV1a(k.whpk, headers, '{"a":2}')).rejects.toMatchObject({ reason: 'signature', status: 401 });
    await expect(verifyV1a(other.whpk, headers, '{"a":1}')).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(verifyV1a(k.whpk, { ...headers, 'webhook-signature': 'v1,AAAA' }, '{"a":1}')).rejects.toThrow(/no v1a/);
  });

  it('fetches the JWKS once, fetches again once for an unknown kid (a rotation), and not again within the bound', async () => {
    const first = keyPair('k1');
    const second = keyPair('k2');
    let published = [first.jwk];
    const jwks = await jwksServer(() => JSON.stringify({ keys: published }));
    servers.push(jwks.server);
    let now = 0;
    const set = new Ed25519KeySet({ url: jwks.url }, { minRefetchMs: 60_000, clock: () => now });
    await verifyV1a(set, signed(first, 'one'), 'one');
    await verifyV1a(set, signed(first, 'two'), 'two');
    expect(jwks.fetches()).toBe(1);
    published = [second.jwk, first.jwk];
    now = 60_000;
    await verifyV1a(set, signed(second, 'three'), 'three');
    expect(jwks.fetches()).toBe(2);
    // A kid nobody published: refused, and within the bound the set does not fetch again.
    now = 90_000;
    const stranger = keyPair('k3');
    await expect(verifyV1a(set, signed(stranger, 'four'), 'four')).rejects.toThrow(/has no key k3/);
    await expect(verifyV1a(set, signed(stranger, 'five'), 'five')).rejects.toThrow(/has no key k3/);
    expect(jwks.fetches()).toBe(2);
  });

  it('refuses with a reason when the key set answers garbage or cannot be reached', async () => {
    const k = keyPair('k1');
    const garbage = await jwksServer(() => 'not json');
    servers.push(garbage.server);
    await expect(verifyV1a(new Ed25519KeySet({ url: garbage.url }), signed(k, 'x'), 'x')).rejects.toThrow(/could not be read/);
    const empty = await jwksServer(() => 'null');
    servers.push(empty.server);
    await expect(verifyV1a(new Ed25519KeySet({ url: empty.url }), signed(k, 'x'), 'x')).rejects.toThrow(/not a JWKS/);
    const closed = await jwksServer(() => '{}');
    await new Promise((r) => closed.server.close(r));
    await expect(verifyV1a(new Ed25519KeySet({ url: closed.url }), signed(k, 'x'), 'x')).rejects.toMatchObject({ reason: 'signature' });
  });
});

describe('a key set copy past its max age', () => {
  it('is fetched again, so a key the server dropped stops verifying; a failed refresh keeps the copy', async () => {
    const kept = keyPair('k1');
    const dropped = keyPair('k0');
    let published = [kept.jwk, dropped.jwk];
    let answer = () => JSON.stringify({ keys: published });
    const jwks = await jwksServer(() => answer());
    let now = 0;
    const set = new Ed25519KeySet({ url: jwks.url }, { minRefetchMs: 60_000, maxAgeMs: 3_600_000, clock: () => now });
    try {
      await verifyV1a(set, signed(dropped, 'one'), 'one');
      published = [kept.jwk];
      now = 3_599_999;
      await verifyV1a(set, signed(dropped, 'two'), 'two');
      now = 3_600_000;
      await expect(verifyV1a(set, signed(dropped, 'three'), 'three')).rejects.toThrow(/has no key k0/);
      expect(jwks.fetches()).toBe(2);
      answer = () => 'garbage';
      now = 7_200_000;
      await verifyV1a(set, signed(kept, 'four'), 'four');
      expect(jwks.fetches()).toBe(3);
    } finally {
      await new Promise((r) => jwks.server.close(r));
    }
  });
});
