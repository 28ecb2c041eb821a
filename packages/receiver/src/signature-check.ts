import { Ed25519KeySet } from './ed25519-keys.js';
import { HmacSha256Key } from './hmac.js';
import type { CheckedHeaders } from './request-checks.js';
import { decodeSecret } from './secret.js';
import type { receiverSettings } from './settings.js';
import { WebhookVerificationError } from './signature-headers.js';
import { refusalAfterV1a, verifyV1aMessage } from './v1a-message.js';
import { nodeEd25519 } from './verify-v1a.js';
import { verifyWithKeys } from './verify.js';

export type SignatureRefusal = WebhookVerificationError | undefined;

/**
 * The signature check of a receiver, with what it trusts: its secrets (`v1`), its ed25519 keys
 * (`v1a`, from `jwksUrl` or `publicKeys`), or both (either may verify). `v1` alone answers
 * synchronously; `v1a` is tried only when `v1` did not verify.
 */
export function signatureCheck(
  settings: Pick<ReturnType<typeof receiverSettings>, 'secrets' | 'v1a' | 'toleranceSec'>,
): (headers: CheckedHeaders, raw: Uint8Array) => SignatureRefusal | Promise<SignatureRefusal> {
  const keys = settings.secrets.map((s) => new HmacSha256Key(decodeSecret(s)));
  const set =
    settings.v1a && new Ed25519KeySet(settings.v1a.source, { minRefetchMs: settings.v1a.minRefetchMs, maxAgeMs: settings.v1a.maxAgeMs });
  const options = { toleranceSec: settings.toleranceSec };
  return (headers, raw) => {
    let v1Refusal: WebhookVerificationError | undefined;
    if (keys.length > 0) {
      try {
        verifyWithKeys(keys, headers.signed, raw, options);
        return undefined;
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        v1Refusal = error;
      }
      if (!set || v1Refusal.reason === 'timestamp') return v1Refusal;
    }
    return verifyV1aMessage(set!, nodeEd25519, headers.signed, headers.keyId, raw, options).then(
      () => undefined,
      (error: unknown) => refusalAfterV1a(error, v1Refusal, headers.signed.signatures),
    );
  };
}
