import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { callbackNames, currentPayloadVersion, parseCommand, UsageError, webhookNames } from '@clubnotify/spec';
import { FRAMEWORKS, isFramework, kitVersion, scaffold } from './init.js';
import { isScaffoldSignature, SIGNATURES } from './init-signature.js';
import { missingAdvice, missingFromRegistry, registryUrl } from './init-registry.js';
import { payloadVersionOption } from './payload-version-option.js';
import { checkSigningKeys, signatureOption } from './signature-option.js';
import { triggerEvent } from './trigger.js';
import { suiteCommand, wantsSuite } from './suite/cli.js';
import { LISTEN_HELP, listenCommand } from './listen-cli.js';

const HELP = `Usage: clubnotify-receiver <command> [options]

Commands:
  init <dir>         scaffold a TypeScript receiver project in <dir>
  trigger <event>    send a signed sample event (from the spec's examples) to a receiver
  trigger --suite    check a receiver against what a real sender does (replays, stale timestamps, ...)
  listen             receive a pull target's deliveries here and forward them to a local receiver

Run "clubnotify-receiver <command> --help" for a command's options.`;

const INIT_HELP = `Usage: clubnotify-receiver init <dir> [--framework node|express|hono|fastify] [--signature v1|v1a] [--payload-version <n>] [--name <package-name>] [--kit <path|tarball>] [--spec <path|tarball>]

Writes a receiver project: one handler per webhook and callback, a server reading PORT
(default 4000) and WEBHOOK_SECRET (or WEBHOOK_JWKS_URL), and a test that sends signed events to it.
Then: cd <dir> && npm install && npm test
It asks the registry (npm's, or $npm_config_registry) for what the project takes from there,
and when it is missing says so and how to use --kit and --spec instead.

  --framework <name>      the framework the receiver runs on: node (node:http, the default),
                          express (Express 5), hono (Hono on @hono/node-server) or fastify (Fastify 5)
  --signature <scheme>    how the receiver verifies: v1 (the default, HMAC with the registration's
                          secret, WEBHOOK_SECRET) or v1a (ed25519 with the server's published keys,
                          WEBHOOK_JWKS_URL: <server>/.well-known/jwks.json; no secret to keep)
  --payload-version <n>   the payload version the receiver is built for (default ${currentPayloadVersion},
                          the current one): its handlers, validation and tests are of that version;
                          pin the registration to the same version
  --name <name>           the project's package name (default: the folder's name)
  --kit <path|tarball>    depend on this @clubnotify/receiver (a folder or an \`npm pack\`
                          tarball) instead of the registry's, as an absolute file: spec
  --spec <path|tarball>   likewise for @clubnotify/spec, the kit's dependency, through npm
                          "overrides"; needed with --kit when the spec is not on the registry

Before publishing, or offline:
  npm pack -w @clubnotify/spec -w @clubnotify/receiver
  npx clubnotify-receiver init my-receiver --kit ./clubnotify-receiver-1.0.0.tgz --spec ./clubnotify-spec-1.0.0.tgz`;

const example = webhookNames[0] ?? '<event>';

const TRIGGER_HELP = `Usage: clubnotify-receiver trigger <event> --url <url> (--secret <whsec_...> | --signing-key <whsk_...>) [options]
       clubnotify-receiver trigger <event> --url <url> --signature v1|v1a|v1,v1a [--secret ...] [--signing-key ... --key-id ...] [options]

  <event>              the event's name (case-sensitive): a webhook (${webhookNames.join(', ') || 'none'})
                       or, with --kind callback, a callback (${callbackNames.join(', ') || 'none'})
  --url <url>          where to POST it, e.g. http://localhost:4000/webhooks/${example}
  --secret <whsec_..>  the registration's secret (repeat to sign with several)
  --signing-key <whsk_..>
                       sign with ed25519 (v1a) as well or instead: the private key of a
                       public key (whpk_) the receiver trusts
  --key-id <kid>       the webhook-key-id to send with the v1a signature
  --signature <schemes>
                       sign with exactly these schemes, as a registration's signature says:
                       v1 (HMAC, needs --secret), v1a (ed25519, needs --signing-key) or
                       v1,v1a (both, needs both); a key for a scheme left out is refused.
                       Without it, every key given signs.
  --kind <kind>        webhook (default) or callback
  --payload <file>     send this file's bytes instead of the spec's example
  --attempt <n>        the webhook-attempt header (default 1)
  --payload-version <n>
                       send that payload version's example, media type and webhook-version
                       header (default ${currentPayloadVersion}, the current one)

Prints the receiver's status and whether it matches the responses the spec declares.
Exits 0 when the receiver answered 2xx as declared, 1 otherwise, 2 on a usage error.

  --suite <url>        instead of one event, run the sender suite against the receiver's base
                       URL; see "clubnotify-receiver trigger --suite --help"`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === 'init') return init(rest);
  if (command === 'trigger') return wantsSuite(rest) ? suiteCommand(rest) : trigger(rest);
  if (command === 'listen') return listenCommand(rest);
  throw new UsageError(`Unknown command "${command}"; the commands are init, trigger and listen.`, true);
}

const usages: Record<string, string> = { init: INIT_HELP, trigger: TRIGGER_HELP, listen: LISTEN_HELP };

async function init(args: string[]): Promise<number> {
  const options = {
    framework: { type: 'string' },
    signature: { type: 'string' },
    name: { type: 'string' },
    kit: { type: 'string' },
    spec: { type: 'string' },
    'payload-version': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const { values, positionals } = parseCommand('clubnotify-receiver', 'init', () => parseArgs({ args, allowPositionals: true, options }));
  if (values.help) return (console.log(INIT_HELP), 0);
  if (positionals.length === 0) throw new UsageError('Give the folder to create, e.g. clubnotify-receiver init my-receiver.', true);
  if (positionals.length > 1)
    throw new UsageError(
      `init takes one folder, got ${positionals.length} (${positionals.join(' ')}); quote a folder name that has spaces.`,
      true,
    );
  const dir = positionals[0]!;
  const { framework } = values;
  if (framework !== undefined && !isFramework(framework))
    throw new UsageError(`--framework must be one of ${Object.keys(FRAMEWORKS).join(', ')}, not "${framework}".`, true);
  const { signature } = values;
  if (signature !== undefined && !isScaffoldSignature(signature))
    throw new UsageError(`--signature must be one of ${SIGNATURES.join(', ')}, not "${signature}".`, true);
  const payloadVersion = payloadVersionOption(values['payload-version']);
  const files = await scaffold(dir, { name: values.name, framework, signature, payloadVersion, kit: values.kit, spec: values.spec });
  const created = `Created ${files.length} files in ${dir}:\n${files.map((f) => `  ${f}`).join('\n')}`;
  const missing = await registryGaps(values.kit, values.spec);
  if (missing.length === 0) console.log(`${created}\n\nNext: cd ${dir} && npm install && npm test`);
  else {
    console.log(created);
    console.error(missingAdvice(missing, await kitVersion(), dir, registryUrl()));
  }
  return 0;
}

/** The packages the scaffold takes from the registry that the registry does not have (none when it does not answer). */
async function registryGaps(kit: string | undefined, spec: string | undefined): Promise<string[]> {
  const fromRegistry = [kit === undefined && '@clubnotify/receiver', spec === undefined && '@clubnotify/spec'].filter((n) => n !== false);
  // A local kit brings the spec only through the registry when --spec is not given, and then only the spec matters.
  if (fromRegistry.length === 0) return [];
  return (await missingFromRegistry(fromRegistry, await kitVersion())) ?? [];
}

function triggerInput(args: string[]) {
  const options = {
    url: { type: 'string' },
    secret: { type: 'string', multiple: true },
    signature: { type: 'string' },
    'signing-key': { type: 'string' },
    'key-id': { type: 'string' },
    kind: { type: 'string', default: 'webhook' },
    payload: { type: 'string' },
    attempt: { type: 'string' },
    'payload-version': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const { values, positionals } = parseCommand('clubnotify-receiver', 'trigger', () =>
    parseArgs({ args, allowPositionals: true, options }),
  );
  if (values.help) return undefined;
  const { kind, url, secret, attempt } = values;
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? `Give the event to send: a webhook (${webhookNames.join(', ')}) or, with --kind callback, a callback (${callbackNames.join(', ')}).`
        : `trigger takes one event, got ${positionals.length} (${positionals.join(' ')}); send one event at a time.`,
      true,
    );
  if (!url) throw new UsageError('Give --url, the receiver address to send to (e.g. http://localhost:4000/webhooks/stockUpdate).', true);
  if (!URL.canParse(url))
    throw new UsageError(`--url ${url} is not an absolute URL; give one such as http://localhost:4000/webhooks/stockUpdate.`);
  const signingKey = values['signing-key'];
  const signature = signatureOption(values.signature);
  const given = { secret: Boolean(secret?.length), signingKey: signingKey !== undefined, keyId: values['key-id'] !== undefined };
  if (signature !== undefined) checkSigningKeys(signature, given);
  if (!secret?.length && signingKey === undefined)
    throw new UsageError("Give --secret, the registration's whsec_... secret, or --signing-key whsk_... to sign with v1a.", true);
  if (signingKey !== undefined && !/^whsk_[A-Za-z0-9+/]+={0,2}$/.test(signingKey))
    throw new UsageError('--signing-key is whsk_ and the base64 of an ed25519 seed (32 bytes).');
  if (kind !== 'webhook' && kind !== 'callback') throw new UsageError(`--kind must be webhook or callback, not "${kind}".`);
  if (attempt !== undefined && !/^[1-9]\d{0,5}$/.test(attempt))
    throw new UsageError(`--attempt must be a whole number from 1, not "${attempt}".`);
  return {
    event: positionals[0]!,
    kind,
    url,
    secret,
    signingKey,
    keyId: values['key-id'],
    payload: values.payload,
    attempt: attempt === undefined ? undefined : Number(attempt),
    payloadVersion: payloadVersionOption(values['payload-version']),
  } as const;
}

async function readPayload(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `Cannot read --payload ${file}: ${code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}.`,
    );
  }
}

async function trigger(args: string[]): Promise<number> {
  const input = triggerInput(args);
  if (!input) return (console.log(TRIGGER_HELP), 0);
  const { event, kind, url, secret, signingKey, keyId } = input;
  const result = await triggerEvent({
    event,
    kind,
    url,
    ...(secret?.length ? { secret } : {}),
    ...(signingKey ? { signingKey } : {}),
    ...(keyId ? { keyId } : {}),
    ...(input.payload ? { payload: await readPayload(input.payload) } : {}),
    ...(input.attempt ? { attempt: input.attempt } : {}),
    ...(input.payloadVersion ? { payloadVersion: input.payloadVersion } : {}),
  });
  console.log(`${kind} ${event} ${result.sent.id} (payload version ${result.sent.headers['webhook-version']}) -> ${url}`);
  console.log(`status ${result.status}${result.declaredAs ? ` (declared by the spec as ${result.declaredAs})` : ''}`);
  if (result.body) console.log(result.body.length > 2000 ? `${result.body.slice(0, 2000)}...` : result.body);
  if (result.problems.length === 0) console.log('matches the responses the spec declares');
  else for (const problem of result.problems) console.log(`does not match the spec: ${problem}`);
  return result.ok ? 0 : 1;
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. Errors are one line, never a stack. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      const usage = error.showUsage ? (usages[argv[0] ?? ''] ?? HELP) : undefined;
      console.error(usage ? `${error.message}\n\n${usage}` : error.message);
      return 2;
    }
    console.error(error instanceof Error ? (error.message.split('\n')[0] ?? String(error)) : String(error));
    return 1;
  }
}
