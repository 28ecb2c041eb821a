// `npm test` (= `npm run check`): every gate. Each static gate is one process that keeps one core
// busy, so they run a lane per core (two here), longest first, instead of one after another. The
// tests need only the build: they start as soon as it is done, beside the static gates still running
// (they leave about a third of two cores idle, waiting on sockets and timers), and a static gate that
// fails stops them. Then the spec coverage of what they recorded.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runInLanes, type Step } from './check/lanes.js';

const staticGates: Step[] = [
  // First, for the tests to start early: the build, after lint:deps, which resolves the packages'
  // imports as a clean clone has them, before dist/ exists.
  { name: 'lint:deps' },
  { name: 'build', after: ['lint:deps'] },
  { name: 'lint:format' },
  { name: 'lint:code' },
  { name: 'typecheck' },
  { name: 'generate:check' },
  { name: 'lint:owasp' },
  { name: 'spec:diff' },
  { name: 'lint:spec' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

/** Runs one gate with its output held back, then prints it whole: two gates never interleave. */
function quietly(step: Step): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', step.name], { env: { ...process.env, ...color }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => output.push(d));
    child.stderr.on('data', (d: Buffer) => output.push(d));
    child.on('error', (error) => output.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code) => {
      const took = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${step.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${took} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/**
 * Runs one npm script with its output as it comes, in a process group of its own: `stop` ends the
 * whole group (npm alone would leave vitest and its workers running), as does a signal to this process.
 */
function live(name: string): { done: Promise<boolean>; stop(): void } {
  process.stdout.write(`\n> ${name}\n`);
  // Not --silent: npm passes it on as npm_config_loglevel, and the tests' own npm commands (publish --dry-run) then print nothing.
  const child = spawn(npm, ['run', name], { stdio: 'inherit', detached: true });
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const forward = (signal: NodeJS.Signals) => stop(signal);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, forward);
  const done = new Promise<boolean>((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, forward);
      resolve(code === 0);
    });
  });
  return { done, stop: () => stop() };
}

let tests: ReturnType<typeof live> | undefined;
const failed = await runInLanes(staticGates, Math.max(2, Math.min(availableParallelism(), 4)), async (step) => {
  const ok = await quietly(step);
  if (step.name === 'build' && ok) tests = live('test:unit');
  return ok;
});
if (failed.length > 0) {
  tests?.stop();
  await tests?.done;
  console.error(`\ncheck: failed: ${failed.join(', ')} (${tests ? 'the tests were stopped' : 'the tests did not run'})`);
  process.exit(1);
}
if (!(await tests!.done)) fail('test:unit');
if (!(await live('spec:coverage').done)) fail('spec:coverage');

function fail(name: string): never {
  console.error(`\ncheck: failed: ${name}`);
  process.exit(1);
}
