import { RETIRED_KEY_OVERLAP_DAYS } from '../delivery/send/signing-keys.js';
import { formatInstant } from './instant.js';

/** One `signing_keys` row as `GET /signingKeys` reads it: its state by the database's clock, never the private key. */
export interface SigningKeyRow {
  seq: number;
  kid: string;
  public_key: string;
  operator: boolean;
  created_at: Date | string;
  signs_from: Date | string;
  retired_at: Date | string | null;
  state: 'pending' | 'signing' | 'overlap' | 'retired';
}

/**
 * The list's columns. A key is `retired` once its overlap is over (the key set drops it then),
 * `overlap` once retired, `pending` before it signs, else `signing`; `private_key` only says who
 * made it (null: the operator's, whose private half is never stored).
 */
export const SIGNING_KEY_COLUMNS = `seq, kid, public_key, private_key IS NULL AS operator, created_at,
  coalesce(signs_from, created_at) AS signs_from, retired_at,
  CASE WHEN retired_at <= now() - interval '${RETIRED_KEY_OVERLAP_DAYS} days' THEN 'retired'
       WHEN retired_at <= now() THEN 'overlap'
       WHEN coalesce(signs_from, created_at) > now() THEN 'pending'
       ELSE 'signing' END AS state`;

/** A key as listed: the public key in the Standard Webhooks form (`whpk_` + base64 of its 32 bytes). */
export function toSigningKeyInfo(row: SigningKeyRow) {
  const retiredAt = row.retired_at === null ? null : new Date(row.retired_at);
  return {
    kid: row.kid,
    state: row.state,
    source: row.operator ? ('operator' as const) : ('server' as const),
    publicKey: `whpk_${Buffer.from(row.public_key, 'base64url').toString('base64')}`,
    createdAt: formatInstant(row.created_at),
    signsFrom: formatInstant(row.signs_from),
    retiredAt: retiredAt === null ? null : formatInstant(retiredAt),
    publishedUntil: retiredAt === null ? null : formatInstant(retiredAt.getTime() + RETIRED_KEY_OVERLAP_DAYS * 86_400_000),
  };
}
