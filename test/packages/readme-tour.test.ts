// The root README's "A five-minute tour", run as written: every ```sh block under that
// heading, in order, pasted into the bash of the terminal its `<!-- tour: terminal N -->`
// comment names, on a copy of this checkout. The one edit: `whsec_...`, where the README
// tells the reader to paste the secret terminal 2 printed.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot, run, scratchRoot, seconds } from './support.js';

interface Block {
  terminal: number;
  /** A block whose last command keeps running: done when the terminal prints this. */
  runsUntil?: string;
  code: string;
}

/** The tour's blocks, each with the terminal it belongs to. */
export function tourBlocks(readme: string): Block[] {
  const start = readme.indexOf('## A five-minute tour');
  const end = readme.indexOf('\n## ', start + 1);
  const tour = readme.slice(start, end);
  const blocks: Block[] = [];
  for (const m of tour.matchAll(/<!-- tour: terminal (\d+)(?:, runs until "([^"]+)")? -->\n```sh\n([\s\S]*?)```/g)) {
    blocks.push({ terminal: Number(m[1]), runsUntil: m[2], code: m[3]! });
  }
  if (blocks.length !== (tour.match(/```sh/g) ?? []).length)
    throw new Error('every ```sh block of the tour needs a <!-- tour: terminal N --> comment right above it');
  return blocks;
}

/** A terminal: one bash reading what is pasted, its output collected. */
class Terminal {
  readonly shell: ChildProcessWithoutNullStreams;
  output = '';
  private exited = false;
  private readonly wakers = new Set<() => void>();

  constructor(cwd: string, env: NodeJS.ProcessEnv) {
    this.shell = spawn('bash', [], { cwd, env, detached: true });
    const onData = (d: Buffer) => {
      this.output += d;
      for (const wake of this.wakers) wake();
    };
    this.shell.stdout.on('data', onData);
    this.shell.stderr.on('data', onData);
    this.shell.on('exit', () => {
      this.exited = true;
      for (const wake of this.wakers) wake();
    });
  }

  /** Pastes `code`; resolves with the output from the paste up to `until`. */
  paste(code: string, until: string, ms: number): Promise<string> {
    const from = this.output.length;
    this.shell.stdin.write(code);
    return this.waitFor(until, ms, from);
  }

  /** Resolves when `until` shows up in the output after `from`. */
  waitFor(until: string, ms: number, from = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`no "${until}" within ${ms} ms; output:\n${this.output.slice(from)}`)), ms);
      const check = () => {
        const at = this.output.indexOf(until, from);
        if (at >= 0) done(undefined, this.output.slice(from, at + until.length));
        else if (this.exited) done(new Error(`the terminal exited; output:\n${this.output.slice(from)}`));
      };
      const done = (error?: Error, text?: string) => {
        clearTimeout(timer);
        this.wakers.delete(check);
        if (error) reject(error);
        else resolve(text!);
      };
      this.wakers.add(check);
      check();
    });
  }

  /** Ctrl-C and closing the window: the whole process group goes. */
  async close(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise((r) => this.shell.on('exit', r));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      try {
        process.kill(-this.shell.pid!, signal);
      } catch {
        return;
      }
      if (await Promise.race([gone.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))])) return;
    }
    process.kill(-this.shell.pid!, 'SIGKILL');
  }
}

async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A copy of this checkout as `git clone` + `npm install` would leave it (tracked and new files, installed node_modules). */
async function copyCheckout(to: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot });
  await mkdir(to, { recursive: true });
  const files = stdout.split('\0').filter(Boolean);
  await Promise.all(
    files.map((file) =>
      cp(join(repoRoot, file), join(to, file), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // deleted but not yet committed
      }),
    ),
  );
  // What `npm install` would write: the same lockfile, so the same tree; the workspace links
  // are relative and point into the copy. Hard links keep this to seconds; the tour only reads
  // node_modules (builds write to packages/*/dist, the receiver installs into its own folder).
  const modules = ['node_modules', ...['spec', 'sdk', 'receiver', 'server'].map((p) => `packages/${p}/node_modules`)];
  await Promise.all(
    modules.map(async (m) => {
      if ((await run('cp', ['-al', join(repoRoot, m), join(to, m)], { cwd: repoRoot, allowFailure: true })).code === 0) return;
      await rm(join(to, m), { recursive: true, force: true }); // another file system: copy
      await run('cp', ['-a', join(repoRoot, m), join(to, m)], { cwd: repoRoot, allowFailure: true });
    }),
  );
}

const terminals = new Map<number, Terminal>();
const steps: string[] = [];
let root: string | undefined;
afterAll(async () => {
  console.log(`README tour (Node ${process.version}): ${steps.join(', ')}`);
  await Promise.all([...terminals.values()].map((t) => t.close()));
  if (root) await rm(root, { recursive: true, force: true });
});

it(
  'runs the README tour as pasted, terminal by terminal: the receiver verifies the alert and /deliveries shows it',
  { timeout: 420_000 },
  async () => {
    const started = performance.now();
    const blocks = tourBlocks(await readFile(join(repoRoot, 'README.md'), 'utf8'));
    expect(blocks.map((b) => b.terminal)).toEqual([1, 2, 3, 2, 2]);
    for (const port of [3000, 4000])
      expect(await portIsFree(port), `the tour uses port ${port}, which something on this machine already holds`).toBe(true);

    root = await scratchRoot('cn-tour-');
    const clone = join(root, 'clubnotify');
    await copyCheckout(clone);
    steps.push(`copy of the checkout ${seconds(started)}`);
    // A new terminal: no CI database (the tour uses the embedded one).
    const { DATABASE_URL: _url, DATA_DIR: _dir, PORT: _port, ...env } = process.env;

    let secret: string | undefined;
    const outputs: string[] = [];
    for (const block of blocks) {
      let terminal = terminals.get(block.terminal);
      if (!terminal) terminals.set(block.terminal, (terminal = new Terminal(clone, env)));
      let code = block.code;
      if (code.includes('whsec_...')) {
        // The README says: replace whsec_... with the secret terminal 2 printed.
        expect(secret, 'a block asks for the secret before any block printed one').toBeDefined();
        code = code.replaceAll('whsec_...', secret!);
      }
      const marker = `tour-block-done-${outputs.length}`;
      const output = block.runsUntil
        ? await terminal.paste(code, block.runsUntil, 150_000)
        : await terminal.paste(`${code}echo; echo ${marker}\n`, marker, 60_000);
      outputs.push(output);
      steps.push(`terminal ${block.terminal} block ${outputs.length} ${seconds(started)}`);
      secret ??= /"secret":"(whsec_[^"]+)"/.exec(output)?.[1];
    }

    const [, registered, receiver, scheduled] = outputs;
    expect(terminals.get(1)!.output).toMatch(/listening on http:\/\/[^ ]+:3000/);
    expect(registered).toMatch(/"event":"concertAlert"/);
    expect(receiver).toMatch(/^(?:# |ℹ )fail 0$/m);
    expect(scheduled).toMatch(/"id":"con_/);
    // The scaffold's handler prints only after the signature and payload checks passed.
    await terminals.get(3)!.waitFor('Jazz Night', 150_000);
    expect(terminals.get(3)!.output).toMatch(/concert scheduled: .*Jazz Night/);
    expect(outputs[4]).toMatch(/"event":"concertAlert"/);
    expect(outputs[4]).toMatch(/"attempts":\[/);
    steps.push(`alert verified ${seconds(started)}`);

    // "The docs are at /docs, a web console at /console, Prometheus metrics at /metrics": the
    // two set-up commands gave all three (the console built by the first `npm start`).
    const key = /export KEY=(\S+)/.exec(blocks[0]!.code)![1]!;
    for (const [path, headers] of [
      ['/console', {}],
      ['/docs', {}],
      ['/metrics', { authorization: `Bearer ${key}` }],
    ] as const) {
      expect((await fetch(`http://localhost:3000${path}`, { headers })).status, path).toBe(200);
    }
    expect(terminals.get(1)!.output).not.toMatch(/^\s+at /m);
    steps.push(`console, docs and metrics ${seconds(started)}`);
  },
);

it("the pull example after the tour registers a URL of its own (the tour's answers 409) and forwards to a receiver started on it", async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const tourUrls = tourBlocks(readme).flatMap((b) => [...b.code.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
  expect(tourUrls).toContain('http://localhost:4000/webhooks/concertAlert');
  const start = readme.indexOf('## Receiving real deliveries on a laptop');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  const url = /"url":"([^"]+)","delivery":"pull"/.exec(block)![1]!;
  expect(tourUrls).not.toContain(url);
  expect(block).toContain(`--forward-to ${url}`);
  // The receiver it forwards to verifies with the pull registration's secret, on that URL's port.
  expect(block).toMatch(new RegExp(`WEBHOOK_SECRET=whsec_\\.\\.\\. PORT=${new URL(url).port} npm start`));
});
