import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** How to start Prism: `mock` serves the examples, `proxy` validates traffic to `upstream`. */
export interface PrismOptions {
  mode: 'mock' | 'proxy';
  specPath: string;
  /** Required in proxy mode: the server Prism forwards to. */
  upstream?: string;
  /** Default: a free port, chosen by the kernel when Prism listens (`--port 0`). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Extra CLI flags, e.g. `['--dynamic']` or `['--errors']`. */
  args?: string[];
  /** Prism's own log lines. Default: dropped. */
  log?: (line: string) => void;
}

export interface PrismInstance {
  url: string;
  port: number;
  process: ChildProcess;
  close(): Promise<void>;
}

function prismBin(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = require(pkgPath) as { bin: { prism: string } };
  return join(dirname(pkgPath), bin.prism);
}

/** Starts `prism mock|proxy` (version 5.14) and resolves once it listens. */
export async function startPrism(options: PrismOptions): Promise<PrismInstance> {
  const host = options.host ?? '127.0.0.1';
  // Port 0: Prism's own listen picks the port and its banner names it. (A port found free first and
  // passed to Prism could be taken by another process during Prism's seconds-long start.)
  let port = options.port ?? 0;
  const positional = options.mode === 'proxy' ? [options.specPath, requireUpstream(options)] : [options.specPath];
  const child = spawn(
    process.execPath,
    [prismBin(), options.mode, ...positional, '--host', host, '--port', String(port), ...(options.args ?? [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    let ready = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split('\n')) if (line.trim()) options.log?.(line);
      if (ready) return;
      output += text;
      // The port is complete once something follows it (output arrives in chunks).
      const listening = /Prism is listening on \S*?:(\d+)(?=\D)/.exec(output);
      if (listening) {
        ready = true;
        port = Number(listening[1]);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism ${options.mode} exited (${code}) before listening:\n${output}`)));
    child.once('error', reject);
  });
  return {
    url: `http://${host}:${port}`,
    port,
    process: child,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function requireUpstream(options: PrismOptions): string {
  if (!options.upstream) throw new TypeError('prism proxy needs `upstream`, the URL of the server to validate.');
  return options.upstream;
}
