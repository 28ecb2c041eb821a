import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a cursor marks: after (`a`) or before (`b`) the record with sequence `k`, or the last page (`l`). */
export interface CursorPayload {
  /** The collection the cursor belongs to, so a cursor of one list is refused by another. */
  c: string;
  d: 'a' | 'b' | 'l';
  k?: number;
}

/** Signs and verifies opaque cursors: `base64url(json).base64url(hmac)`. */
export interface CursorCodec {
  encode(payload: CursorPayload): string;
  /** `undefined` for anything not signed by this server or not of `collection`. */
  decode(token: string, collection: string): CursorPayload | undefined;
}

const SIGNATURE_BYTES = 16;

/** A codec keyed with the server's cursor secret (shared by every server process through the database). */
export function createCursorCodec(key: Buffer): CursorCodec {
  const sign = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, SIGNATURE_BYTES);
  return {
    encode(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body).toString('base64url')}`;
    },
    decode(token, collection) {
      const dot = token.indexOf('.');
      if (dot < 1) return undefined;
      const body = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(body))) return undefined;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
        if (payload.c !== collection || !['a', 'b', 'l'].includes(payload.d)) return undefined;
        if (payload.d !== 'l' && !Number.isSafeInteger(payload.k)) return undefined;
        return payload;
      } catch {
        return undefined;
      }
    },
  };
}
