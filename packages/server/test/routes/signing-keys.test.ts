import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorKid } from '../../src/delivery/send/operator-key.js';
import { adoptSigningKey } from '../../src/delivery/send/signing-keys.js';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

interface KeyInfo {
  kid: string;
  state: string;
  source: string;
  publicKey: string;
  createdAt: string;
  signsFrom: string;
  retiredAt: string | null;
  publishedUntil: string | null;
}
interface KeyPage {
  data: KeyInfo[];
  links: { next: string | null };
}

const DAY = 86_400_000;

describe.each(dbFactories())('GET /signingKeys on $name', (factory) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(factory, { seedData: false });
  });
  afterAll(() => s?.close());

  const list = async (query = '?limit=100') => {
    const res = await s.call('GET', `/signingKeys${query}`, { key: s.adminKey });
    expect(res.status).toBe(200);
    return (await res.json()) as KeyPage;
  };
  const states = async () => (await list()).data.map((k) => [k.kid, k.state, k.source]);
  const jwks = async () =>
    ((await (await fetch(`${s.url}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string; x: string }> }).keys;
  /** Moves every key's times back by `interval`: the states follow the database's `now()`. */
  const passes = (interval: string) =>
    s.db.query(
      `UPDATE signing_keys SET created_at = created_at - $1::interval, signs_from = signs_from - $1::interval, retired_at = retired_at - $1::interval`,
      [interval],
    );

  it('lists none before the first key is made, then the key that signs, its public key as the key set publishes it, never a private key', async () => {
    expect((await list()).data).toEqual([]);
    const [published] = await jwks();
    const { data } = await list();
    expect(data).toEqual([
      {
        kid: published!.kid,
        state: 'signing',
        source: 'server',
        publicKey: `whpk_${Buffer.from(published!.x, 'base64url').toString('base64')}`,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        signsFrom: data[0]!.createdAt,
        retiredAt: null,
        publishedUntil: null,
      },
    ]);
    const [stored] = await s.db.query<{ private_key: string }>('SELECT private_key FROM signing_keys');
    const body = await (await s.call('GET', '/signingKeys', { key: s.adminKey })).text();
    expect(body).not.toContain(stored!.private_key);
    expect(body).not.toContain(Buffer.from(stored!.private_key, 'base64').subarray(-32).toString('base64'));
  });

  it('follows a rotation: pending, then signing, the old key through its overlap, then retired', async () => {
    const [old] = (await list()).data;
    const rotation = (await (await s.call('POST', '/signingKeys/rotate', { key: s.adminKey })).json()) as Record<string, string>;
    const during = (await list()).data;
    expect(during.map((k) => [k.kid, k.state])).toEqual([
      [rotation.kid, 'pending'],
      [old!.kid, 'signing'],
    ]);
    expect(during[0]).toMatchObject({ signsFrom: rotation.signsFrom, retiredAt: null, publishedUntil: null });
    expect(during[1]).toMatchObject({ retiredAt: rotation.signsFrom, publishedUntil: rotation.previousDropsAt });

    await passes('121 seconds');
    expect(await states()).toEqual([
      [rotation.kid, 'signing', 'server'],
      [old!.kid, 'overlap', 'server'],
    ]);
    await passes('7 days');
    expect(await states()).toEqual([
      [rotation.kid, 'signing', 'server'],
      [old!.kid, 'retired', 'server'],
    ]);
    expect((await jwks()).map((k) => k.kid)).toEqual([rotation.kid]);
  });

  it("names the operator's key (SIGNING_KEY, SIGNING_KEY_FILE) as the operator's, and pages newest first", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const kid = operatorKid(publicKey);
    const before = (await list()).data.map((k) => k.kid);
    await adoptSigningKey(s.db, { kid, privateKey });
    const [operator, replaced] = (await list()).data;
    expect(operator).toMatchObject({
      kid,
      state: 'signing',
      source: 'operator',
      publicKey: `whpk_${Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64')}`,
    });
    expect(replaced).toMatchObject({ kid: before[0], state: 'overlap', source: 'server' });
    expect(Date.parse(replaced!.publishedUntil!) - Date.parse(replaced!.retiredAt!)).toBe(7 * DAY);

    const seen: string[] = [];
    let next: string | null = '/signingKeys?limit=1';
    while (next) {
      const page: KeyPage = await list(next.slice('/signingKeys'.length));
      expect(page.data.length).toBeLessThanOrEqual(1);
      seen.push(...page.data.map((k) => k.kid));
      next = page.links.next;
    }
    expect(seen).toEqual([kid, ...before]);
  });

  it('answers a subscriber key with the 403 of the other admin operations, no key with 401, a forged cursor with 400', async () => {
    const refused = await s.call('GET', '/signingKeys', { key: s.aliceKey });
    const apiKeys = await s.call('GET', '/apiKeys', { key: s.aliceKey });
    expect([refused.status, apiKeys.status]).toEqual([403, 403]);
    const [mine, theirs] = [await problem(refused), await problem(apiKeys)];
    expect({ ...mine, requestId: undefined, instance: undefined }).toEqual({ ...theirs, requestId: undefined, instance: undefined });
    expect((await s.call('GET', '/signingKeys', { key: null })).status).toBe(401);
    const forged = await s.call('GET', '/signingKeys?cursor=bm90LmEuY3Vyc29y', { key: s.adminKey });
    expect([forged.status, (await problem(forged)).errors?.map((e) => e.pointer)]).toEqual([400, ['/query/cursor']]);
  });
});
