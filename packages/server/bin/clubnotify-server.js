#!/usr/bin/env node
// Runs the built CLI. In the repository before a build, re-runs itself on the TypeScript
// sources through tsx (a root devDependency) when it is installed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const name = 'clubnotify-server';
const built = new URL('../dist/cli.js', import.meta.url);
const source = new URL('../src/cli.ts', import.meta.url);

function resolveTsx() {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return undefined;
  }
}

function runFromSource(tsx) {
  const args = ['--import', tsx, '--conditions=clubnotify-source', process.argv[1], ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, CLUBNOTIFY_SHIM_SOURCE: '1' } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => (process.exitCode = code ?? 1));
}

if (process.env.CLUBNOTIFY_SHIM_SOURCE === '1') {
  const { runCli } = await import(source.href);
  process.exitCode = await runCli(process.argv.slice(2));
} else if (existsSync(built)) {
  const { runCli } = await import(built.href);
  process.exitCode = await runCli(process.argv.slice(2));
} else if (existsSync(source) && resolveTsx() !== undefined) {
  runFromSource(resolveTsx());
} else {
  console.error(`${name}: ${built.pathname} is missing; run \`npm run build\` first.`);
  process.exitCode = 1;
}
