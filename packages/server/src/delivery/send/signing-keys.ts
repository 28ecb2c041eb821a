import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';

/** The server's ed25519 key that signs `v1a` now (migration 090). */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** One published public key (RFC 8037), as `GET /.well-known/jwks.json` lists it. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

/** How long a retired key stays published: longer than any retry schedule keeps a message. */
export const RETIRED_KEY_OVERLAP_DAYS = 7;

/** A fresh key pair as stored: base64 PKCS#8 private key, base64url raw public key. */
function newKeyRow(): { kid: string; private_key: string; public_key: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    kid: `key_${randomBytes(12).toString('base64url')}`,
    private_key: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    public_key: jwk.x!,
  };
}

/** How long a rotated key is published before it signs: longer than a key set's cache (`max-age=60`) and a worker's copy (a minute). */
export const SIGNING_KEY_LEAD_SECONDS = 120;

/** The key signing now: started (`signs_from` passed) and not retired, the newest such. */
const SIGNING_NOW = `SELECT kid, private_key FROM signing_keys
  WHERE coalesce(signs_from, created_at) <= now() AND (retired_at IS NULL OR retired_at > now())
  ORDER BY coalesce(signs_from, created_at) DESC LIMIT 1`;

/** A key row in `signing_keys`: `private_key` is null for the operator's key (SIGNING_KEY, SIGNING_KEY_FILE), which is never stored. */
interface KeyRow {
  kid: string;
  private_key: string | null;
}

/**
 * The row that signs now, made on first use. Processes starting together may each try to make
 * one: the unique index on the unretired key keeps one, and every process reads that one.
 */
async function signingRow(db: Queryable): Promise<KeyRow> {
  const read = () => db.query<KeyRow>(SIGNING_NOW);
  let [row] = await read();
  if (!row) {
    const fresh = newKeyRow();
    await db.query('INSERT INTO signing_keys (kid, private_key, public_key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      fresh.kid,
      fresh.private_key,
      fresh.public_key,
    ]);
    [row] = await read();
  }
  return row!;
}

/**
 * The key that signs now: the operator's when this process was given one, else the stored one
 * (made on first use). A process without the operator's key cannot sign while another process
 * has made that key current: it says so, and its worker keeps the key it had.
 */
export async function currentSigningKey(db: Queryable, operatorKey?: SigningKey): Promise<SigningKey> {
  if (operatorKey) return operatorKey;
  const row = await signingRow(db);
  if (row.private_key === null)
    throw new Error(`The signing key ${row.kid} is the operator's (SIGNING_KEY or SIGNING_KEY_FILE), and this process was not given it.`);
  return { kid: row.kid, privateKey: createPrivateKey({ key: Buffer.from(row.private_key, 'base64'), format: 'der', type: 'pkcs8' }) };
}

/** What a rotation did: the new key and when it signs, and the key it replaces (none on a fresh server). */
export interface SigningKeyRotation {
  kid: string;
  signsFrom: Date;
  previousKid: string | undefined;
  /** When the previous key leaves the key set: its retirement plus the overlap. */
  previousDropsAt: Date | undefined;
}

/**
 * Publishes a new key that signs after `leadSeconds` and retires the current one at that moment;
 * the retired key stays published for {@link RETIRED_KEY_OVERLAP_DAYS}. `pending` while the key
 * of an earlier rotation has not started signing yet (a second one would retire it unused).
 * Processes pick the new key up when they next read it. `announce` runs in the rotation's transaction.
 */
export async function rotateSigningKey(
  db: Pick<Database, 'query' | 'transaction'>,
  leadSeconds = SIGNING_KEY_LEAD_SECONDS,
  announce?: (tx: Queryable, rotation: SigningKeyRotation) => Promise<void>,
): Promise<SigningKeyRotation | 'pending'> {
  await signingRow(db);
  const fresh = newKeyRow();
  return db.transaction(async (tx) => {
    const [pending] = await tx.query('SELECT kid FROM signing_keys WHERE retired_at IS NULL AND signs_from > now() FOR UPDATE');
    if (pending) return 'pending';
    const [previous] = await tx.query<{ kid: string; retired_at: Date }>(
      `UPDATE signing_keys SET retired_at = now() + make_interval(secs => $1) WHERE retired_at IS NULL RETURNING kid, retired_at`,
      [leadSeconds],
    );
    const [row] = await tx.query<{ signs_from: Date }>(
      `INSERT INTO signing_keys (kid, private_key, public_key, signs_from) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       RETURNING signs_from`,
      [fresh.kid, fresh.private_key, fresh.public_key, leadSeconds],
    );
    const dropsAt = previous && new Date(new Date(previous.retired_at).getTime() + RETIRED_KEY_OVERLAP_DAYS * 86_400_000);
    const rotation = { kid: fresh.kid, signsFrom: new Date(row!.signs_from), previousKid: previous?.kid, previousDropsAt: dropsAt };
    await announce?.(tx, rotation);
    return rotation;
  });
}

/** The published keys, newest first: one waiting to sign after a rotation, the one that signs (made if none yet), and those retired within the overlap. */
export async function publishedKeys(db: Queryable): Promise<PublicJwk[]> {
  await signingRow(db);
  const rows = await db.query<{ kid: string; public_key: string }>(
    `SELECT kid, public_key FROM signing_keys
     WHERE retired_at IS NULL OR retired_at > now() - interval '${RETIRED_KEY_OVERLAP_DAYS} days'
     ORDER BY coalesce(signs_from, created_at) DESC LIMIT 16`,
  );
  return rows.map((r) => ({ kty: 'OKP', crv: 'Ed25519', x: r.public_key, kid: r.kid, use: 'sig', alg: 'EdDSA' }));
}

/**
 * At start, makes the key this process signs with the current one: the operator's key (its public
 * half stored, its private half never) replaces the key that signed until now at once, the old one
 * published through the overlap. Without an operator's key, an operator's key left current by an
 * earlier start is retired the same way and the server's own key takes over (made here). Undefined
 * when the key already was current. `announce` runs in the transaction, as a rotation's does.
 */
export async function adoptSigningKey(
  db: Pick<Database, 'transaction'>,
  operatorKey: SigningKey | undefined,
  announce?: (tx: Queryable, rotation: SigningKeyRotation) => Promise<void>,
): Promise<SigningKeyRotation | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<KeyRow>(`${SIGNING_NOW} FOR UPDATE`);
    const stays = operatorKey ? current?.kid === operatorKey.kid : current?.private_key !== null;
    if (!current || stays) {
      if (operatorKey && !current) await storeOperatorKey(tx, operatorKey);
      return undefined;
    }
    const [previous] = await tx.query<{ retired_at: Date }>(
      `UPDATE signing_keys SET retired_at = now() WHERE (retired_at IS NULL OR retired_at > now()) RETURNING retired_at`,
    );
    const kid = operatorKey ? await storeOperatorKey(tx, operatorKey) : (await signingRow(tx)).kid;
    const dropsAt = new Date(new Date(previous!.retired_at).getTime() + RETIRED_KEY_OVERLAP_DAYS * 86_400_000);
    const rotation = { kid, signsFrom: new Date(previous!.retired_at), previousKid: current.kid, previousDropsAt: dropsAt };
    await announce?.(tx, rotation);
    return rotation;
  });
}

/** The operator key's public half as the current row (again, if an earlier start had used it). */
async function storeOperatorKey(tx: Queryable, key: SigningKey): Promise<string> {
  const x = createPublicKey(key.privateKey).export({ format: 'jwk' }).x!;
  await tx.query(
    `INSERT INTO signing_keys (kid, private_key, public_key, signs_from) VALUES ($1, NULL, $2, now())
     ON CONFLICT (kid) DO UPDATE SET retired_at = NULL, signs_from = now()`,
    [key.kid, x],
  );
  return key.kid;
}
