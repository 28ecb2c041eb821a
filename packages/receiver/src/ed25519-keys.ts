import { createPublicKey, type KeyObject } from 'node:crypto';
import { JwksKeySet, whpkToX } from './jwks-key-set.js';

export { KeySetError, type KeySetOptions } from './jwks-key-set.js';

/** A `whpk_` public key (Standard Webhooks: base64 of the 32 raw bytes) as a key object. */
export function publicKeyOf(whpk: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: whpkToX(whpk) }, format: 'jwk' });
}

/** A key set (jwks-key-set.ts) held as node:crypto key objects. */
export class Ed25519KeySet extends JwksKeySet<KeyObject> {
  protected importKey(x: string): KeyObject {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
  }
}
