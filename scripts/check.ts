// `npm test` (= `npm run check`): every gate. Each static gate is one process that keeps one core
// busy, so they run a lane per core (two here), longest first, instead of one after another; then
// the tests, which need the build, and the spec coverage of what they recorded.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runInLanes, type Step } from './check/lanes.js';

const staticGates: Step[] = [
  { name: 'lint:format' },
  { name: 'lint:code' },
  { name: 'typecheck' },
  { name: 'lint:deps' },
  // After lint:deps: it resolves the packages' imports as a clean clone has them, before dist/ exists.
  { name: 'build', after: ['lint:deps'] },
  { name: 'generate:check' },
  { name: 'lint:owasp' },
  { name: 'spec:diff' },
  { name: 'lint:spec' },
];
const afterwards = ['test:unit', 'spec:coverage'];

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

function live(name: string): Promise<boolean> {
  process.stdout.write(`\n> ${name}\n`);
  return new Promise((resolve) => {
    // Not --silent: npm passes it on as npm_config_loglevel, and the tests' own npm commands (publish --dry-run) then print nothing.
    const child = spawn(npm, ['run', name], { stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

const failed = await runInLanes(staticGates, Math.max(2, Math.min(availableParallelism(), 4)), quietly);
if (failed.length > 0) {
  console.error(`\ncheck: failed: ${failed.join(', ')} (the tests did not run)`);
  process.exit(1);
}
for (const name of afterwards) {
  if (!(await live(name))) {
    console.error(`\ncheck: failed: ${name}`);
    process.exit(1);
  }
}
