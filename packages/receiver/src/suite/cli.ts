import { parseArgs } from 'node:util';
import { currentPayloadVersion, parseCommand, UsageError } from '@clubnotify/spec';
import { versionCatalogue } from '../version-catalogue.js';
import { payloadVersionOption } from '../payload-version-option.js';
import { decodeSecret } from '../secret.js';
import { signingKeyOf } from '../sign-v1a.js';
import { signatureOption, signsV1a } from '../signature-option.js';
import { formatSuiteReport } from './report.js';
import { runSuite } from './run.js';

export const SUITE_HELP = `Usage: clubnotify-receiver trigger --suite <url> --secret <whsec_...> [--previous-secret <whsec_...>] [--event <kind.name>] [--payload-version <n>]
       clubnotify-receiver trigger --suite <url> --signature v1a|v1,v1a --signing-key <whsk_...> --key-id <kid> [--dropped-signing-key <whsk_...> --dropped-key-id <kid>] [...]

Sends what a real sender does to the receiver at <url> (its base: events at /webhooks/<name>
and /callbacks/<name>) for every event it serves, and prints one pass/fail line per rule:
a repeated webhook-id, a retry before the previous attempt finished, stale and future
timestamps, several signatures, a secret rotation, a wrong content type, a 2 MiB body, a
tampered body, another secret, an unknown event, the 15 s timeout and the spec's responses.

  --suite <url>                 the receiver's base URL, e.g. http://localhost:4000
  --secret <whsec_..>           the secret the receiver verifies with
  --previous-secret <whsec_..>  the secret before a rotation, still accepted (checks the rotation)
  --signature v1|v1a|v1,v1a     how the receiver verifies: v1 (the default) with --secret; v1a,
                                ed25519 with the server's keys, not a secret: every case is signed
                                with --signing-key and names --key-id, and another key, an unknown
                                key id, a key past its overlap and both schemes in one header
                                replace the secret rules; v1,v1a: either scheme, --secret as well
                                (the same as v1a with --secret)
  --signing-key <whsk_..>       (v1a) the private key of a key the receiver trusts
  --key-id <kid>                (v1a) that key's id in the receiver's key set
  --dropped-signing-key <whsk_..>, --dropped-key-id <kid>
                                (v1a) a key past its overlap, no longer in the key set (checks it is refused)
  --payload-version <n>         the payload version the receiver is built for (default ${currentPayloadVersion}): every
                                case sends that version's examples, media types and webhook-version
  --event <kind.name>           only this event, e.g. webhook.${versionCatalogue()[0]?.name ?? 'stockUpdate'} (repeat for several)

Exits 0 when every rule passes, 1 when one fails or the receiver cannot be reached, 2 on a usage error.`;

const options = {
  suite: { type: 'string' },
  secret: { type: 'string', multiple: true },
  'previous-secret': { type: 'string' },
  signature: { type: 'string' },
  'signing-key': { type: 'string' },
  'key-id': { type: 'string' },
  'dropped-signing-key': { type: 'string' },
  'dropped-key-id': { type: 'string' },
  event: { type: 'string', multiple: true },
  'payload-version': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Whether `trigger`'s arguments ask for the suite. */
export const wantsSuite = (args: string[]): boolean => args.some((a) => a === '--suite' || a.startsWith('--suite='));

function secretOption(name: string, value: string): string {
  try {
    decodeSecret(value);
    return value;
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
}

type Values = Partial<Record<'signature' | 'signing-key' | 'key-id' | 'dropped-signing-key' | 'dropped-key-id', string>>;

function signingKeyOption(name: string, value: string): string {
  try {
    signingKeyOf(value);
    return value;
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
}

/** The `v1a` options, checked; undefined for a `v1` run (which takes none of them). */
function v1aInput(values: Values) {
  const signature = signatureOption(values.signature);
  const v1aOnly = (['signing-key', 'key-id', 'dropped-signing-key', 'dropped-key-id'] as const).filter((o) => values[o] !== undefined);
  if (signature === undefined || !signsV1a(signature)) {
    if (v1aOnly.length > 0) throw new UsageError(`--${v1aOnly[0]} is for a v1a receiver; add --signature v1a.`);
    return undefined;
  }
  if (!values['signing-key'] || !values['key-id'])
    throw new UsageError(`--signature ${signature} needs --signing-key (whsk_...) and --key-id: a key the receiver trusts, and its id.`);
  const dropped = values['dropped-signing-key'];
  if ((dropped === undefined) !== (values['dropped-key-id'] === undefined))
    throw new UsageError('Give --dropped-signing-key and --dropped-key-id together: a key past its overlap, and its id.');
  return {
    signature: 'v1a' as const,
    signingKey: signingKeyOption('--signing-key', values['signing-key']),
    keyId: values['key-id'],
    droppedSigningKey: dropped === undefined ? undefined : signingKeyOption('--dropped-signing-key', dropped),
    droppedKeyId: values['dropped-key-id'],
  };
}

function suiteInput(args: string[]) {
  if (args.includes('--help') || args.includes('-h')) return undefined;
  const { values, positionals } = parseCommand('clubnotify-receiver', 'trigger --suite', () =>
    parseArgs({ args, allowPositionals: true, options }),
  );
  const { suite: url, secret, event } = values;
  if (positionals.length > 0)
    throw new UsageError(
      `--suite sends every event itself; drop ${positionals.join(' ')} ` +
        `or use --event ${positionals[0]!.includes('.') ? positionals[0] : `webhook.${positionals[0]}`}.`,
    );
  if (!url || !/^https?:$/.test(URL.parse(url)?.protocol ?? ''))
    throw new UsageError(`--suite needs the receiver's absolute base URL, e.g. http://localhost:4000${url ? `, not "${url}"` : ''}.`);
  const keys = v1aInput(values);
  // v1,v1a: a receiver that takes either scheme, so it holds a secret as well (v1a with --secret says the same).
  if (!secret?.length && values.signature === 'v1,v1a')
    throw new UsageError('--signature v1,v1a needs --secret (whsec_...), the secret the receiver verifies v1 with.');
  if (!secret?.length && !keys) throw new UsageError('Give --secret, the whsec_... secret the receiver verifies with.');
  if (secret && secret.length > 1)
    throw new UsageError('Give one --secret with --suite; pass the older one of a rotation as --previous-secret.');
  const payloadVersion = payloadVersionOption(values['payload-version']);
  const known = versionCatalogue(payloadVersion).map((e) => `${e.kind}.${e.name}`);
  const unknown = event?.find((key) => !known.includes(key));
  if (unknown !== undefined) throw new UsageError(`--event ${unknown} is not an event of the spec; the events are ${known.join(', ')}.`);
  const previous = values['previous-secret'];
  return {
    url,
    secret: secret?.length ? secretOption('--secret', secret[0]!) : undefined,
    ...keys,
    previousSecret: previous === undefined ? undefined : secretOption('--previous-secret', previous),
    events: event,
    payloadVersion,
  };
}

/** `clubnotify-receiver trigger --suite <url> ...`: prints the report, returns the exit code. */
export async function suiteCommand(args: string[]): Promise<number> {
  const input = suiteInput(args);
  if (!input) return (console.log(SUITE_HELP), 0);
  const report = await runSuite(input);
  console.log(formatSuiteReport(report));
  return report.ok ? 0 : 1;
}
