import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { FRAMEWORKS, isFramework, scaffold } from './init.js';
import { triggerEvent } from './trigger.js';

const HELP = `Usage: clubnotify-receiver <command> [options]

Commands:
  init <dir>         scaffold a TypeScript receiver project in <dir>
  trigger <event>    send a signed sample event (from the spec's examples) to a receiver

Run "clubnotify-receiver <command> --help" for a command's options.`;

const INIT_HELP = `Usage: clubnotify-receiver init <dir> [--framework node|express|hono|fastify] [--name <package-name>] [--kit <path|tarball>] [--spec <path|tarball>]

Writes a receiver project: one handler per webhook and callback, a server reading PORT
(default 4000) and WEBHOOK_SECRET, and a test that sends signed events to it.
Then: cd <dir> && npm install && npm test

  --framework <name>      the framework the receiver runs on: node (node:http, the default),
                          express (Express 5), hono (Hono on @hono/node-server) or fastify (Fastify 5)
  --name <name>           the project's package name (default: the folder's name)
  --kit <path|tarball>    depend on this @clubnotify/receiver (a folder or an \`npm pack\`
                          tarball) instead of the registry's, as an absolute file: spec
  --spec <path|tarball>   likewise for @clubnotify/spec, the kit's dependency, through npm
                          "overrides"; needed with --kit when the spec is not on the registry

Before publishing, or offline:
  npm pack -w @clubnotify/spec -w @clubnotify/receiver
  npx clubnotify-receiver init my-receiver --kit ./clubnotify-receiver-1.0.0.tgz --spec ./clubnotify-spec-1.0.0.tgz`;

const TRIGGER_HELP = `Usage: clubnotify-receiver trigger <event> --url <url> --secret <whsec_...> [options]

  <event>              concertAlert or stockUpdate (case-sensitive)
  --url <url>          where to POST it, e.g. http://localhost:4000/webhooks/stockUpdate
  --secret <whsec_..>  the registration's secret (repeat to sign with several)
  --kind <kind>        webhook (default) or callback
  --payload <file>     send this file's bytes instead of the spec's example
  --attempt <n>        the webhook-attempt header (default 1)

Prints the receiver's status and whether it matches the responses the spec declares.
Exits 0 when the receiver answered 2xx as declared, 1 otherwise, 2 on a usage error.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === 'init') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { framework: { type: 'string' }, name: { type: 'string' }, kit: { type: 'string' }, spec: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) return (console.log(INIT_HELP), 0);
    if (positionals.length !== 1) return (console.error(INIT_HELP), 2);
    const dir = positionals[0]!;
    if (values.framework !== undefined && !isFramework(values.framework)) return (console.error(`--framework must be one of ${Object.keys(FRAMEWORKS).join(', ')}, not "${values.framework}".\n\n${INIT_HELP}`), 2);
    const files = await scaffold(dir, { name: values.name, framework: values.framework, kit: values.kit, spec: values.spec });
    console.log(`Created ${files.length} files in ${dir}:\n${files.map((f) => `  ${f}`).join('\n')}\n\nNext: cd ${dir} && npm install && npm test`);
    return 0;
  }
  if (command === 'trigger') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        secret: { type: 'string', multiple: true },
        kind: { type: 'string', default: 'webhook' },
        payload: { type: 'string' },
        attempt: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return (console.log(TRIGGER_HELP), 0);
    const kind = values.kind;
    if (positionals.length !== 1 || !values.url || !values.secret?.length || (kind !== 'webhook' && kind !== 'callback')) return (console.error(TRIGGER_HELP), 2);
    const result = await triggerEvent({
      event: positionals[0]!,
      kind,
      url: values.url,
      secret: values.secret,
      ...(values.payload ? { payload: await readFile(values.payload) } : {}),
      ...(values.attempt ? { attempt: Number(values.attempt) } : {}),
    });
    console.log(`${kind} ${positionals[0]} ${result.sent.id} -> ${values.url}`);
    console.log(`status ${result.status}${result.declaredAs ? ` (declared by the spec as ${result.declaredAs})` : ''}`);
    if (result.body) console.log(result.body.length > 2000 ? `${result.body.slice(0, 2000)}...` : result.body);
    if (result.problems.length === 0) console.log('matches the responses the spec declares');
    else for (const problem of result.problems) console.log(`does not match the spec: ${problem}`);
    return result.ok ? 0 : 1;
  }
  console.error(`Unknown command "${command}".\n\n${HELP}`);
  return 2;
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. Errors are one line, never a stack. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
