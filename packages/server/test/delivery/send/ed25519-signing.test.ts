import { createHmac, createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { Ed25519KeySet, verifyV1a } from '@clubnotify/receiver';
import { afterEach, describe, expect, it } from 'vitest';
import { rotateSigningKey } from '../../../src/delivery/send/signing-keys.js';
import { startDeliveringServer, type DeliveringServer } from '../../support/delivering-server.js';
import { waitFor, type Received } from '../../support/receiver.js';
import { dbFactories, pointers } from '../../support/server-support.js';

interface Jwk extends JsonWebKey {
  kid: string;
}

const content = (r: Received, body = r.body) => Buffer.from(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${body}`);

/** The signatures of one scheme in a `webhook-signature` header, decoded. */
const signatures = (r: Received, scheme: 'v1' | 'v1a') =>
  String(r.headers['webhook-signature'])
    .split(' ')
    .filter((s) => s.startsWith(`${scheme},`))
    .map((s) => Buffer.from(s.slice(scheme.length + 1), 'base64'));

async function jwks(d: DeliveringServer): Promise<Jwk[]> {
  const res = await fetch(`${d.s.url}/.well-known/jwks.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  return ((await res.json()) as { keys: Jwk[] }).keys;
}

describe.each(dbFactories())('v1a (ed25519) signatures on $name', (factory) => {
  let d: DeliveringServer | undefined;
  afterEach(async () => {
    await d?.close();
    d = undefined;
  });

  async function register(path: string, signature?: string): Promise<{ id: string; secret: string; signature: string }> {
    const res = await d!.s.call('POST', '/registerForAlert', {
      body: { url: d!.receiver.url.replace('/hook', path), ...(signature ? { signature } : {}) },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; secret: string; signature: string };
  }

  it('signs a v1a target with the published key, a v1,v1a target with both, and others with HMAC only', async () => {
    d = await startDeliveringServer(factory, (_req, res) => res.end('ok'));
    const ed = await register('/ed', 'v1a');
    const both = await register('/both', 'v1,v1a');
    const plain = await register('/plain');
    expect([ed.signature, both.signature, plain.signature]).toEqual(['v1a', 'v1,v1a', 'v1']);
    await d.scheduleConcert('Signed set');

    const [key, ...older] = await jwks(d);
    expect(older).toEqual([]);
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', use: 'sig', alg: 'EdDSA' });
    const publicKey = createPublicKey({ key: key!, format: 'jwk' });
    const webKey = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: key!.x }, 'Ed25519', false, ['verify']);
    const edSeen = d.receiver.received.filter((r) => r.headers['webhook-key-id'] !== undefined);
    expect(edSeen).toHaveLength(2);
    for (const r of edSeen) {
      expect(r.headers['webhook-key-id']).toBe(key!.kid);
      const [sig] = signatures(r, 'v1a');
      expect(sig).toHaveLength(64);
      expect(verify(null, content(r), publicKey, sig!)).toBe(true);
      expect(verify(null, content(r, r.body.replace('Signed set', 'Signed sex')), publicKey, sig!)).toBe(false);
      // An independent implementation agrees: WebCrypto, as an edge runtime has it.
      expect(await crypto.subtle.verify('Ed25519', webKey, sig!, content(r))).toBe(true);
    }
    // The receiver kit verifies them from the JWKS URL alone (one fetch), and refuses a tampered body.
    const set = new Ed25519KeySet({ url: `${d.s.url}/.well-known/jwks.json` });
    for (const r of edSeen) {
      await expect(verifyV1a(set, r.headers, r.body)).resolves.toMatchObject({ id: r.headers['webhook-id'] });
      await expect(verifyV1a(set, r.headers, r.body.replace('Signed set', 'Signed sex'))).rejects.toMatchObject({ reason: 'signature' });
    }
    expect(set.fetches).toBe(1);
    // The v1,v1a target's attempt also carries its HMAC signature; the v1a one carries none.
    const withHmac = edSeen.filter((r) => signatures(r, 'v1').length === 1);
    expect(withHmac).toHaveLength(1);
    const [hmac] = signatures(withHmac[0]!, 'v1');
    const expected = createHmac('sha256', Buffer.from(both.secret.slice(6), 'base64'))
      .update(content(withHmac[0]!))
      .digest();
    expect(hmac!.equals(expected)).toBe(true);
    // The HMAC-only target is as before: one v1 signature, no key id.
    const plainSeen = d.receiver.received.filter((r) => r.headers['webhook-key-id'] === undefined);
    expect(plainSeen).toHaveLength(1);
    expect(String(plainSeen[0]!.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
  });

  it('refuses an unknown scheme with the supported ones, and shows the choice on the target', async () => {
    d = await startDeliveringServer(factory, (_req, res) => res.end('ok'));
    const res = await d.s.call('POST', '/registerForAlert', {
      body: { url: d.receiver.url, signature: 'v2a' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const copy = res.clone();
    expect(await pointers(res)).toEqual(['/body/signature']);
    expect(((await copy.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toBe('must be one of "v1", "v1a", "v1,v1a"');
    const ed = await register('/ed', 'v1a');
    const got = await d.s.call('GET', `/registrations/${ed.id}`);
    expect(((await got.json()) as { signature: string }).signature).toBe('v1a');
    const patched = await d.s.call('PATCH', `/registrations/${ed.id}`, { body: { signature: 'v1,v1a' } });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { signature: string }).signature).toBe('v1,v1a');
    const wrong = await d.s.call('PATCH', `/registrations/${ed.id}`, { body: { signature: 'ed25519' } });
    expect(wrong.status).toBe(400);
    expect(await pointers(wrong)).toEqual(['/body/signature']);
  });

  it('signs an operational-event subscription made with signature: v1a', async () => {
    d = await startDeliveringServer(factory, (req, res) => {
      res.statusCode = req.url === '/gone' ? 410 : 200;
      res.end();
    });
    const ops = await d.s.call('POST', '/operationalEventSubscriptions', {
      body: { url: d.receiver.url.replace('/hook', '/ops'), events: ['targetDisabled'], signature: 'v1a' },
    });
    expect(ops.status).toBe(200);
    expect(((await ops.json()) as { signature: string }).signature).toBe('v1a');
    await register('/gone');
    await d.scheduleConcert('Gone for good');
    const disabled = () => d!.receiver.received.find((r) => r.body.includes('targetDisabled'));
    await waitFor(() => disabled() !== undefined, 60_000, 'the targetDisabled event');
    const set = new Ed25519KeySet({ url: `${d.s.url}/.well-known/jwks.json` });
    await expect(verifyV1a(set, disabled()!.headers, disabled()!.body)).resolves.toMatchObject({ id: disabled()!.headers['webhook-id'] });
    expect(signatures(disabled()!, 'v1')).toEqual([]);
  });

  it('publishes a rotated key first and keeps the retired one for the overlap', async () => {
    d = await startDeliveringServer(factory, (_req, res) => res.end('ok'));
    const [first] = await jwks(d);
    const rotation = await rotateSigningKey(d.s.db);
    if (rotation === 'pending') throw new Error('no rotation was pending');
    const { kid } = rotation;
    const keys = await jwks(d);
    expect(keys.map((k) => k.kid)).toEqual([kid, first!.kid]);
    // Its own refusals are problem+json like every other: an unknown query parameter, another method.
    const odd = await fetch(`${d.s.url}/.well-known/jwks.json?kid=${kid}`);
    expect(odd.status).toBe(400);
    expect(odd.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const post = await fetch(`${d.s.url}/.well-known/jwks.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});
