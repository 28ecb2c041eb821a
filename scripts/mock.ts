/**
 * `npm run mock [-- --port 4010] [-- --dynamic] [any other prism mock flag]`
 *
 * Serves the contract with Prism 5.14 (`prism mock build/openapi.json`), answering with
 * the spec's named examples (`--dynamic` makes Prism generate bodies from the schemas
 * instead; every flag other than --port/--host is passed through to `prism mock`).
 * Clients talk to http://127.0.0.1:4010, a thin loopback proxy in front of Prism.
 *
 * What the mock does with events, and Prism's known limits:
 * - The `concertAlert` callback: Prism fires it natively to `callbackUrl` after a `200`
 *   on `POST /concertUpdates`. It is unsigned (Prism sends no `webhook-*` headers), and
 *   its `text/plain` body arrives JSON-quoted (`"Jazz Night ..."` with the quotes, a
 *   Prism quirk): `JSON.parse` it to get the text.
 * - Webhooks: Prism ignores the OpenAPI 3.1 `webhooks` section. The proxy closes that
 *   gap: after a `200` on `POST /registerForAlert` or `POST /registerForStockUpdates` it
 *   sends the spec's example `concertAlert` or `stockUpdate` webhook to the registered
 *   `url`, signed (Standard Webhooks) with the `secret` of the mock's response, using
 *   @clubnotify/receiver's `triggerEvent`. Point a receiver at the mock with that secret
 *   (the example secret in static mode) and it verifies.
 * - Prism keeps no state: listings return examples, not what you registered.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCompanion, type FiredWebhook } from './mock/webhook-companion.js';
import { startPrism } from './mock/prism.js';
import { writeSpecFile } from './mock/spec-file.js';

export { registrationWebhooks, type FiredWebhook } from './mock/webhook-companion.js';

export interface MockOptions {
  /** Where clients connect. Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Flags passed to `prism mock`, e.g. `['--dynamic']`. */
  prismArgs?: string[];
  /** Where the bundled spec is written. Default build/openapi.json. */
  specPath?: string;
  /** Called after each webhook the mock sends. */
  onWebhook?: (fired: FiredWebhook) => void;
  /** Prism's log lines. Default: dropped. */
  log?: (line: string) => void;
}

export interface Mock {
  /** Where clients connect: the proxy in front of Prism. */
  url: string;
  /** Prism itself (no webhooks fire when it is called directly). */
  prismUrl: string;
  specPath: string;
  /** Resolves once every webhook sent so far has been answered (or failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Writes the bundled spec, starts Prism on a free port and the webhook proxy in front of it. */
export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const host = options.host ?? '127.0.0.1';
  const specPath = await writeSpecFile(options.specPath);
  const prism = await startPrism({ mode: 'mock', specPath, host: '127.0.0.1', args: options.prismArgs, log: options.log });
  try {
    const companion = await startCompanion({ target: prism.url, port: options.port ?? 4010, host, onWebhook: options.onWebhook });
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

/** Splits `--port`/`--host` (ours) from the flags passed through to Prism. */
export function parseMockArgs(argv: string[]): { port?: number; host?: string; prismArgs: string[] } {
  const out: { port?: number; host?: string; prismArgs: string[] } = { prismArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--port' || name === '-p' || name === '--host' || name === '-h') {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new TypeError(`${name} needs a value.`);
      if (name === '--port' || name === '-p') {
        out.port = Number(value);
        if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) throw new TypeError(`--port must be 0 to 65535, not ${value}.`);
      } else out.host = value;
    } else out.prismArgs.push(arg);
  }
  return out;
}

function describe(fired: FiredWebhook): string {
  if ('error' in fired) return `webhook ${fired.event} -> ${fired.url} failed: ${fired.error.message}`;
  const problems = fired.result.problems.length ? ` (${fired.result.problems.join(' ')})` : '';
  return `webhook ${fired.event} -> ${fired.url}: ${fired.result.status}${problems}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseMockArgs(process.argv.slice(2));
  const mock = await startMock({ ...args, log: (line) => console.log(line), onWebhook: (fired) => console.log(`[mock] ${describe(fired)}`) });
  console.log(`[mock] clubnotify mock on ${mock.url} (Prism at ${mock.prismUrl}, spec ${mock.specPath}).`);
  console.log('[mock] Registrations fire the example webhook, signed with the secret in the response.');
  const stop = () => void mock.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
