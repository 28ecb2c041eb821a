/* global fetch, performance, setTimeout */
// The operator's journey, run by journeys.test.ts inside a network namespace with only
// loopback (so /docs must build without the network): create-key, start, /docs,
// /openapi.json, SIGTERM. Prints one JSON line with what it saw; cwd is an install of the
// server tarball.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const port = process.argv[2] ?? '3000';
const result = {};

const created = await execFileAsync('npx', ['clubnotify-server', 'create-key', '--scope', 'admin', '--name', 'ops']);
result.key = created.stdout.trim().split('\n').at(-1);
result.dataFolder = existsSync('data');

const server = spawn('node_modules/.bin/clubnotify-server', ['start'], {
  env: { ...process.env, PORT: port, HOST: '127.0.0.1' },
  detached: true,
});
let output = '';
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));
const deadline = Date.now() + 60_000;
while (!/listening on/.test(output) && Date.now() < deadline && server.exitCode === null) await new Promise((r) => setTimeout(r, 50));
result.banner = output;

const base = `http://127.0.0.1:${port}`;
const docs = await fetch(`${base}/docs`);
result.docs = { status: docs.status, type: docs.headers.get('content-type'), html: await docs.text() };
const spec = await fetch(`${base}/openapi.json`);
result.spec = { status: spec.status, openapi: (await spec.json()).openapi };
const health = await fetch(`${base}/healthz`);
result.health = health.status;

const stopAt = performance.now();
if (server.pid) process.kill(-server.pid, 'SIGTERM');
result.exit = await exited;
result.stopMs = Math.round(performance.now() - stopAt);
result.output = output;
console.log(JSON.stringify(result));
