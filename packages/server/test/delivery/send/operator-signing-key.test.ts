import { createPublicKey, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ed25519KeySet, verifyV1a } from '@clubnotify/receiver';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { operatorKeyFromEnv, parseOperatorKey } from '../../../src/delivery/send/operator-key.js';
import { adoptSigningKey, currentSigningKey, publishedKeys, type SigningKey } from '../../../src/delivery/send/signing-keys.js';
import { startServer } from '../../../src/server.js';
import { dbSnapshot } from '../../../../../scripts/mock/db-snapshot.js';
import { startReceiver, waitFor } from '../../support/receiver.js';
import { dbFactories } from '../../support/server-support.js';

/** A fresh ed25519 key as an operator writes it: PKCS#8 PEM, and the same key as `whsk_` (its 32-byte seed). */
function operatorKey(): { pem: string; whsk: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  return { pem, whsk: `whsk_${seed.toString('base64')}` };
}

describe('the operator signing key (SIGNING_KEY, SIGNING_KEY_FILE)', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('takes a PKCS#8 PEM or a whsk_ string, and names the same key the same in both', async () => {
    const { pem, whsk } = operatorKey();
    dir = await mkdtemp(join(tmpdir(), 'cn-signing-key-'));
    await writeFile(join(dir, 'key.pem'), pem);
    const fromFile = operatorKeyFromEnv({ SIGNING_KEY_FILE: join(dir, 'key.pem') });
    const inline = operatorKeyFromEnv({ SIGNING_KEY: whsk });
    expect(fromFile.problem).toBeUndefined();
    expect(fromFile.key!.kid).toMatch(/^key_[A-Za-z0-9_-]{16}$/);
    expect(inline.key!.kid).toBe(fromFile.key!.kid);
    expect(operatorKeyFromEnv({})).toEqual({});
  });

  it('refuses a key it cannot sign with, saying what it wants and never quoting the key', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const { pem, whsk } = operatorKey();
    const problem = (env: NodeJS.ProcessEnv) => operatorKeyFromEnv(env).problem;
    expect(problem({ SIGNING_KEY: 'whsk_c2hvcnQ=' })).toMatch(
      /^SIGNING_KEY must hold a PKCS#8 PEM ed25519 private key .*: its whsk_ part is not the base64 of 32/,
    );
    expect(problem({ SIGNING_KEY: rsa })).toMatch(/: it is not ed25519 but rsa\.$/);
    expect(problem({ SIGNING_KEY: pem.replace('MC4C', 'MC4D') })).toMatch(/: its PEM does not parse\.$/);
    expect(problem({ SIGNING_KEY: 'hunter2' })).toMatch(/: it is neither\.$/);
    expect(problem({ SIGNING_KEY: whsk, SIGNING_KEY_FILE: '/k.pem' })).toBe(
      'SIGNING_KEY and SIGNING_KEY_FILE must not both be set: keep one of them.',
    );
    expect(problem({ SIGNING_KEY_FILE: '/nonexistent/key.pem' })).toBe(
      "SIGNING_KEY_FILE must name a readable file, not '/nonexistent/key.pem' (ENOENT).",
    );
    const long = `whsk_${Buffer.alloc(33, 7).toString('base64')}`;
    for (const secret of [rsa, long]) expect(problem({ SIGNING_KEY: secret })).not.toContain(secret.slice(40, 44));
  });
});

describe.each(dbFactories())('adopting the operator key on $name', (factory) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it('replaces the key that signed at once, keeps it published, stores no private key, and gives way to the server key again', async () => {
    const opened = await factory.open({ migrated: true });
    drop = opened.drop;
    const { db } = opened;
    const kids = async () => (await publishedKeys(db)).map((k) => k.kid);
    const own = (await currentSigningKey(db)).kid;
    const first: SigningKey = parseOperatorKey(operatorKey().whsk);
    const second: SigningKey = parseOperatorKey(operatorKey().pem);

    const adopted = await adoptSigningKey(db, first);
    expect(adopted).toMatchObject({ kid: first.kid, previousKid: own });
    expect(adopted!.previousDropsAt!.getTime() - adopted!.signsFrom.getTime()).toBe(7 * 86_400_000);
    expect(await kids()).toEqual([first.kid, own]);
    const [row] = await db.query<{ private_key: string | null }>('SELECT private_key FROM signing_keys WHERE kid = $1', [first.kid]);
    expect(row!.private_key).toBeNull();
    // A process that was not given the key cannot sign with it, and says why.
    await expect(currentSigningKey(db)).rejects.toThrow(
      /is the operator's \(SIGNING_KEY or SIGNING_KEY_FILE\), and this process was not given it/,
    );
    expect(await currentSigningKey(db, first)).toBe(first);

    // A restart with the same key changes nothing; a new key rotates.
    expect(await adoptSigningKey(db, first)).toBeUndefined();
    expect(await adoptSigningKey(db, second)).toMatchObject({ kid: second.kid, previousKid: first.kid });
    expect(await kids()).toEqual([second.kid, first.kid, own]);

    // Without an operator key, the server makes its own again; the operator's stays published.
    const back = await adoptSigningKey(db, undefined);
    expect(back).toMatchObject({ previousKid: second.kid, kid: expect.not.stringMatching(new RegExp(`^(${second.kid}|${own})$`)) });
    expect((await currentSigningKey(db)).kid).toBe(back!.kid);
    expect(await kids()).toEqual([back!.kid, second.kid, first.kid, own]);
    expect(await adoptSigningKey(db, undefined)).toBeUndefined();
  });
});

describe('a server started with SIGNING_KEY_FILE', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  // A restart with another key is adoptSigningKey above, which start runs: one start here (PGlite in memory) keeps this file short.
  it('signs v1a with the operator key and publishes it, and refuses to rotate it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cn-operator-key-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const admin = `cn_${randomBytes(32).toString('base64url')}`;
    const keyFile = join(dir, 'signing-key.pem');
    const { pem } = operatorKey();
    const firstKey = parseOperatorKey(pem);
    await writeFile(keyFile, pem);
    const config = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', ADMIN_API_KEY: admin, LOG_LEVEL: 'silent' };
    // From the migrated dump (migrated-pglite.ts), not initdb and every migration.
    const { snapshot } = await dbSnapshot({ seeded: false });
    const env = { ...config, ALLOW_PRIVATE_TARGETS: '127.0.0.1/32', SIGNING_KEY_FILE: keyFile };
    const server = await startServer(loadConfig(env), undefined, { snapshot });
    cleanups.push(() => server.close());
    const call = (path: string, body?: unknown) =>
      fetch(server.url + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const jwks = async () => ((await (await call('/.well-known/jwks.json')).json()) as { keys: Array<{ kid: string }> }).keys;

    expect((await jwks()).map((k) => k.kid)).toEqual([firstKey.kid]);
    expect((await call('/registerForAlert', { url: receiver.url, signature: 'v1a' })).status).toBe(200);
    const concert = { title: 'Keyed', startsAt: '2026-12-01T21:00:00Z', venue: 'Blue Room', priceCents: 1200 };
    expect((await call('/concerts', concert)).status).toBe(201);
    await waitFor(() => receiver.received.length > 0);
    const [delivery] = receiver.received;
    expect(delivery!.headers['webhook-key-id']).toBe(firstKey.kid);
    const x = createPublicKey(firstKey.privateKey).export({ format: 'jwk' }).x!;
    const set = new Ed25519KeySet({ keys: [`whpk_${Buffer.from(x, 'base64url').toString('base64')}`] });
    await expect(verifyV1a(set, delivery!.headers, delivery!.body)).resolves.toMatchObject({ id: delivery!.headers['webhook-id'] });

    const rotate = await call('/signingKeys/rotate', {});
    expect(rotate.status).toBe(409);
    expect(((await rotate.json()) as { detail: string }).detail).toMatch(/is the operator's .*: rotate it by restarting with the new key/);
  });
});
