// Vitest setup file of the `unit` project (test/test-files.ts): a unit test runs what it tests
// inside its own process and thread, with no database. It starts no child process and no worker
// thread (PGlite runs in one), connects to no database server, and listens and connects on
// loopback only. Whatever breaks the rule fails here, naming the file to move out of the unit project.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

function refuse(what: string): never {
  throw new Error(`A unit test ${what}. Run it in the integration project instead: list it in unitExceptions (test/test-files.ts).`);
}

function guardProcesses(): void {
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
    Object.defineProperty(childProcess, name, { value: () => refuse(`starts no process (child_process.${name})`) });
  }
  Object.defineProperty(workerThreads, 'Worker', {
    value: function Worker() {
      refuse('starts no worker thread (PGlite runs in one)');
    },
  });
  syncBuiltinESMExports();
}

type Lookup = (hostname: string, options: object, callback: (error: Error | null, address: unknown, family?: number) => void) => void;

/** `lookup`, answering an error for a name it resolves off loopback. */
function loopbackLookup(lookup: Lookup): Lookup {
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      const addresses = Array.isArray(address) ? address.map((a: { address: string }) => a.address) : [address as string];
      const off = addresses.find((a) => !LOOPBACK.test(a));
      if (!error && off) return callback(new Error(`A unit test connects on loopback only, not to ${hostname} (${off}).`), address, family);
      callback(error, address, family);
    });
}

/** The port of DATABASE_URL's PostgreSQL server, else PostgreSQL's own. */
const databasePort = Number((process.env.DATABASE_URL && new URL(process.env.DATABASE_URL).port) || 5432);

/** The host of `socket.connect(...)` or `server.listen(...)` arguments, or a socket path ('' for a default host). */
function target(args: unknown[], defaultHost: string): { path?: string; host: string; port?: number; options?: { lookup?: Lookup } } {
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: string; host?: string; port?: number | string; lookup?: Lookup };
    if (options.path) return { path: options.path, host: '' };
    return { host: options.host ?? defaultHost, port: Number(options.port), options };
  }
  if (typeof first === 'string' && Number.isNaN(Number(first))) return { path: first, host: '' };
  return { host: typeof second === 'string' ? second : defaultHost, port: Number(first) };
}

function guardSockets(): void {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const { path, host, port, options } = target(args, 'localhost');
    if (port === databasePort) refuse(`connects to no database server (DATABASE_URL's port ${port})`);
    // A name the test resolves itself (an injected lookup): what it resolves to must be loopback.
    if (options?.lookup) options.lookup = loopbackLookup(options.lookup);
    else if (!path && !LOOPBACK.test(host)) refuse(`connects on loopback only, not to ${host}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;

  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    const { path, host } = target(args, 'every interface');
    if (!path && !LOOPBACK.test(host)) refuse(`listens on loopback only, not on ${host} (listen(port, '127.0.0.1'))`);
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
}

// Unit files share their processes (vitest.config.ts): the guard goes in once per process.
const guarded = Symbol.for('clubnotify.unit-guard');
const processGlobals = globalThis as { [guarded]?: true };
if (!processGlobals[guarded]) {
  processGlobals[guarded] = true;
  guardProcesses();
  guardSockets();
}
