import { createPublicKey } from 'node:crypto';
import { signingKeyOf } from '@clubnotify/receiver';
/** What every contender receives: the stockUpdate example, signed with one secret (`v1`), or for `ours-v1a` with one ed25519 key. */
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
export const PATH = '/webhooks/stockUpdate';
export const BODY = JSON.stringify({
  drink: { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: 'glass' },
  ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 3, unit: 'bunch' },
});
/** The ed25519 key that signs for `ours-v1a` (`whsk_`: the base64 of its 32-byte seed), and its public key as that receiver holds it. */
export const SIGNING_KEY = 'whsk_' + Buffer.alloc(32, 51).toString('base64');
export const PUBLIC_KEY = ((key) =>
  `whpk_${Buffer.from(createPublicKey(key).export({ format: 'jwk' }).x!, 'base64url').toString('base64')}`)(signingKeyOf(SIGNING_KEY));
