#!/usr/bin/env node
// Runs the built CLI; in the monorepo (no dist/ yet) it runs the TypeScript source through tsx.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
if (existsSync(built)) {
  const { runCli } = await import(built.href);
  process.exitCode = await runCli(process.argv.slice(2));
} else {
  const { tsImport } = await import('tsx/esm/api');
  const { runCli } = await tsImport('../src/cli.ts', { parentURL: import.meta.url, tsconfig: false });
  process.exitCode = await runCli(process.argv.slice(2));
}
