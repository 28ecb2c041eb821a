import { afterEach, describe, expect, it } from 'vitest';
import type { MigratableDatabase } from '../../../src/db/database.js';
import { currentSigningKey, publishedKeys, rotateSigningKey, type SigningKeyRotation } from '../../../src/delivery/send/signing-keys.js';
import { dbFactories, startTestServer, type TestServer } from '../../support/server-support.js';

/** Moves every stored key time back by `interval`: the expiries are the database's `now()`, so the test moves the rows instead. */
const passes = (db: MigratableDatabase, interval: string) =>
  db.query(
    `UPDATE signing_keys SET created_at = created_at - $1::interval, signs_from = signs_from - $1::interval, retired_at = retired_at - $1::interval`,
    [interval],
  );

describe.each(dbFactories())('signing key rotation on $name', (factory) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it('publishes the new key before it signs, keeps the old one through the overlap, then drops it', async () => {
    const opened = await factory.open({ migrated: true });
    drop = opened.drop;
    const { db } = opened;
    const kids = async () => (await publishedKeys(db)).map((k) => k.kid);
    const first = (await currentSigningKey(db)).kid;

    const rotation = (await rotateSigningKey(db, 120)) as SigningKeyRotation;
    expect(rotation.previousKid).toBe(first);
    // Published at once, newest first, but the old key still signs during the lead.
    expect(await kids()).toEqual([rotation.kid, first]);
    expect((await currentSigningKey(db)).kid).toBe(first);
    // A second rotation before the first key signs would retire it unused.
    expect(await rotateSigningKey(db, 120)).toBe('pending');

    await passes(db, '121 seconds');
    expect((await currentSigningKey(db)).kid).toBe(rotation.kid);
    expect(await kids()).toEqual([rotation.kid, first]);
    expect(rotation.previousDropsAt!.getTime() - rotation.signsFrom.getTime()).toBe(7 * 86_400_000);

    await passes(db, '7 days');
    expect(await kids()).toEqual([rotation.kid]);
    expect((await currentSigningKey(db)).kid).toBe(rotation.kid);
    const next = (await rotateSigningKey(db, 0)) as SigningKeyRotation;
    expect([next.previousKid, (await currentSigningKey(db)).kid]).toEqual([rotation.kid, next.kid]);
  });
});

describe.each(dbFactories())('POST /signingKeys/rotate on $name', (factory) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers the new key, which the key set lists before it signs; 409 while it waits; admin only', async () => {
    server = await startTestServer(factory);
    const s = server;
    const jwks = async () => ((await (await fetch(`${s.url}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> }).keys;
    const [first] = await jwks();
    const res = await s.call('POST', '/signingKeys/rotate', { key: s.adminKey });
    expect(res.status).toBe(200);
    const rotation = (await res.json()) as Record<string, string>;
    expect(rotation).toMatchObject({ previousKid: first!.kid, kid: expect.stringMatching(/^key_/) });
    expect(Date.parse(rotation.previousDropsAt!) - Date.parse(rotation.signsFrom!)).toBe(7 * 86_400_000);
    expect((await jwks()).map((k) => k.kid)).toEqual([rotation.kid, first!.kid]);
    expect((await currentSigningKey(s.db)).kid).toBe(first!.kid);

    const again = await s.call('POST', '/signingKeys/rotate', { key: s.adminKey });
    expect([again.status, again.headers.get('content-type')]).toEqual([409, expect.stringMatching(/^application\/problem\+json/)]);
    expect((await s.call('POST', '/signingKeys/rotate', { key: s.aliceKey })).status).toBe(403);
  });
});
