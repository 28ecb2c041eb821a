/**
 * `npm run mock [-- --port 4010] [-- --dynamic] [any other prism mock flag]`
 * `npm run mock -- --stateful [--port 4010]`: the reference server in memory instead (mock/stateful.ts).
 *
 * Serves the contract with Prism 5.14 (`prism mock build/openapi.json`), answering with
 * the spec's named examples (`--dynamic` makes Prism generate bodies from the schemas
 * instead; every flag other than --port/--host is passed through to `prism mock`).
 * Clients talk to http://127.0.0.1:4010, a loopback proxy (the companion) in front of
 * Prism, which itself listens on 127.0.0.1 at the next port (4011; a free port with --port 0).
 *
 * The companion makes the mock answer like the reference server:
 * - Requests are checked with the spec's compiled validators and refused as the server
 *   refuses them (400 with pointers, unknown query parameters, 401 without a well-formed
 *   key, 404/405, 413, 415), as problem documents.
 * - Prism is asked for the operation's success status (`201` where declared), unless the
 *   client sends its own `Prefer` header (`Prefer: code=409`, `Prefer: example=name`).
 * - Webhooks and callbacks: Prism fires no OpenAPI 3.1 `webhooks`, and its callbacks are
 *   unsigned with a JSON-quoted text body, so Prism gets the document without `callbacks`
 *   and the companion sends both: after a success on `POST /registerForAlert`,
 *   `POST /registerForStockUpdates` or `POST /concertUpdates` it sends the spec's example
 *   event to the URL of the request, signed (Standard Webhooks) with the `secret` of the
 *   mock's response, using @clubnotify/receiver's `triggerEvent`.
 * - Prism keeps no state: listings return examples, not what you registered.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCompanion, type FiredWebhook } from './mock/webhook-companion.js';
import { startPrism } from './mock/prism.js';
import { writeSpecFile } from './mock/spec-file.js';
import { startStatefulMock } from './mock/stateful.js';

export { type FiredWebhook } from './mock/webhook-companion.js';
export { registrationWebhooks } from './mock/event-links.js';
export { startStatefulMock, DEMO_ADMIN_KEY, type StatefulMock, type StatefulMockOptions } from './mock/stateful.js';

export interface MockOptions {
  /** Where clients connect. Default 4010; 0 picks a free port. Prism listens on 127.0.0.1 at port + 1 (a free port for 0). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Flags passed to `prism mock`, e.g. `['--dynamic']`. */
  prismArgs?: string[];
  /** Where the bundled spec is written. Default build/openapi.json. */
  specPath?: string;
  /** Called after each webhook or callback the mock sends. */
  onWebhook?: (fired: FiredWebhook) => void;
  /** Prism's log lines. Default: dropped. */
  log?: (line: string) => void;
}

export interface Mock {
  /** Where clients connect: the proxy in front of Prism. */
  url: string;
  /** Prism itself, on 127.0.0.1 (nothing is checked and no events fire when it is called directly). */
  prismUrl: string;
  specPath: string;
  /** Resolves once every webhook sent so far has been answered (or failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Writes the bundled spec (without callbacks), starts Prism on 127.0.0.1 at port + 1 and the companion in front of it. */
export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  if (port === 65535) throw new TypeError('--port 65535 leaves no port for Prism (port + 1); pick a lower one.');
  const specPath = await writeSpecFile(options.specPath, { callbacks: false });
  // The server sends no CORS headers, so neither does the mock, unless asked (`--cors`).
  const args = options.prismArgs ?? [];
  const cors = args.some((a) => a.startsWith('--cors') || a === '--no-cors') ? [] : ['--cors=false'];
  const prism = await startPrism({
    mode: 'mock',
    specPath,
    host: '127.0.0.1',
    port: port === 0 ? undefined : port + 1,
    args: [...cors, ...args],
    log: options.log,
  });
  try {
    const companion = await startCompanion({ target: prism.url, port, host, onWebhook: options.onWebhook });
    return {
      url: companion.url,
      prismUrl: prism.url,
      specPath,
      idle: () => companion.idle(),
      async close() {
        await companion.close();
        await prism.close();
      },
    };
  } catch (error) {
    await prism.close();
    throw error;
  }
}

export interface MockArgs {
  port?: number;
  host?: string;
  /** `--stateful`: the reference server in memory instead of Prism. */
  stateful?: true;
  prismArgs: string[];
}

/** Splits `--port`/`--host`/`--stateful` (ours) from the flags passed through to Prism. */
export function parseMockArgs(argv: string[]): MockArgs {
  const out: MockArgs = { prismArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--stateful') {
      out.stateful = true;
      continue;
    }
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--port' || name === '-p' || name === '--host' || name === '-h') {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new TypeError(`${name} needs a value.`);
      if (name === '--port' || name === '-p') {
        out.port = Number(value);
        if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535)
          throw new TypeError(`--port must be 0 to 65535, not ${value}.`);
      } else out.host = value;
    } else out.prismArgs.push(arg);
  }
  if (out.stateful && out.prismArgs.length > 0) {
    throw new TypeError(
      `--stateful takes only --port and --host; ${out.prismArgs.join(' ')} ${out.prismArgs.length > 1 ? 'are Prism flags' : 'is a Prism flag'}.`,
    );
  }
  return out;
}

function describe(fired: FiredWebhook): string {
  if ('error' in fired) return `${fired.kind} ${fired.event} -> ${fired.url} failed: ${fired.error.message}`;
  const problems = fired.result.problems.length ? ` (${fired.result.problems.join(' ')})` : '';
  return `${fired.kind} ${fired.event} -> ${fired.url}: ${fired.result.status}${problems}`;
}

/**
 * `npm run mock`: the line with the port to use comes first. Prism's start-up lines (its routes,
 * on its internal port) are left out, counted; what Prism logs after the start is printed.
 */
export async function runPrism(args: MockArgs, print: (line: string) => void = console.log): Promise<() => Promise<void>> {
  let early: string[] | undefined = [];
  const mock = await startMock({
    ...args,
    log: (line) => (early ? early.push(line) : print(line)),
    onWebhook: (fired) => print(`[mock] ${describe(fired)}`),
  });
  const skipped = early.length;
  early = undefined;
  print(`[mock] clubnotify mock on ${mock.url}: send requests here (Prism behind it at ${mock.prismUrl}, spec ${mock.specPath}).`);
  print('[mock] Registrations and subscriptions fire the example webhook or callback, signed with the secret in the response.');
  if (skipped > 0) print(`[mock] Prism's ${skipped} start-up lines (its routes, on its own port) are not shown.`);
  return () => mock.close();
}

async function runStateful(args: MockArgs): Promise<() => Promise<void>> {
  const mock = await startStatefulMock({ port: args.port, host: args.host, env: process.env });
  if (mock.snapshotBuiltMs !== undefined)
    console.log(`[mock] First start: made the empty database (${mock.snapshotBuiltMs} ms), kept in build/ for the next starts.`);
  console.log(
    `[mock] clubnotify stateful mock on ${mock.url}: the reference server on an in-memory database, ready in ${mock.readyMs} ms (${Math.round(performance.now())} ms since the process started).`,
  );
  console.log(`[mock] Admin key: ${mock.adminKey} (Authorization: Bearer ...; make subscriber keys with POST /apiKeys).`);
  console.log(
    `[mock] Webhooks and callbacks are queued and sent, signed, by the server; private targets allowed: ${mock.allowPrivateTargets.join(', ')}.`,
  );
  console.log(`[mock] Deliveries: GET ${mock.url}/deliveries or ${mock.url}/console. Everything is gone when the mock stops.`);
  return () => mock.close();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseMockArgs(process.argv.slice(2));
  const close = await (args.stateful ? runStateful(args) : runPrism(args));
  const stop = () => void close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
