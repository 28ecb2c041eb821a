import { UsageError } from '@clubnotify/spec';

/** What `trigger --signature` takes, as a registration's `signature` does: the schemes a message is signed with. */
export const TRIGGER_SIGNATURES = ['v1', 'v1a', 'v1,v1a'] as const;
export type TriggerSignature = (typeof TRIGGER_SIGNATURES)[number];

/** `--signature <schemes>`: undefined when not given. */
export function signatureOption(value: string | undefined): TriggerSignature | undefined {
  if (value === undefined || (TRIGGER_SIGNATURES as readonly string[]).includes(value)) return value as TriggerSignature | undefined;
  throw new UsageError(`--signature must be v1, v1a or v1,v1a (both), not "${value}".`);
}

export const signsV1 = (signature: TriggerSignature): boolean => signature !== 'v1a';
export const signsV1a = (signature: TriggerSignature): boolean => signature !== 'v1';

const NEEDS = {
  secret: "--secret (whsec_...), the registration's secret",
  'signing-key': '--signing-key (whsk_...), the private key of a public key the receiver trusts',
} as const;

/**
 * Checks that the keys given match `--signature` on a single send: each scheme asked for needs its
 * key (the error names the missing flag), and a key for a scheme not asked for is refused rather
 * than silently left out.
 */
export function checkSigningKeys(signature: TriggerSignature, given: { secret: boolean; signingKey: boolean; keyId: boolean }): void {
  if (signsV1(signature) && !given.secret) throw new UsageError(`--signature ${signature} needs ${NEEDS.secret}.`, true);
  if (signsV1a(signature) && !given.signingKey) throw new UsageError(`--signature ${signature} needs ${NEEDS['signing-key']}.`, true);
  if (!signsV1(signature) && given.secret)
    throw new UsageError(`--secret signs v1, which --signature ${signature} leaves out; use --signature v1,v1a to send both.`);
  const v1aFlag = given.signingKey ? '--signing-key' : given.keyId ? '--key-id' : undefined;
  if (!signsV1a(signature) && v1aFlag)
    throw new UsageError(`${v1aFlag} is for v1a, which --signature ${signature} leaves out; use --signature v1,v1a to send both.`);
}
