// Runs in the unit project, so test/unit-guard.ts is in force here.
import { execFile, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve)))));

function listening(host?: string): Promise<Server> {
  const server = createServer((_req, res) => res.end('ok'));
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    if (host) server.listen(0, host, () => resolve(server));
    else server.listen(0, () => resolve(server));
  });
}

describe('a unit test', () => {
  it('cannot start a process', () => {
    expect(() => spawn('true')).toThrow('A unit test starts no process (child_process.spawn)');
    expect(() => execFile('true')).toThrow('A unit test starts no process (child_process.execFile)');
  });

  it('cannot start a worker thread', () => {
    expect(() => new Worker('0', { eval: true })).toThrow('A unit test starts no worker thread');
  });

  it('listens and connects on loopback', async () => {
    const server = await listening('127.0.0.1');
    const { port } = server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
  });

  it('cannot listen on every interface or connect off loopback', async () => {
    await expect(listening()).rejects.toThrow('A unit test listens on loopback only, not on every interface');
    await expect(listening('0.0.0.0')).rejects.toThrow('A unit test listens on loopback only, not on 0.0.0.0');
    expect(() => connect(443, '192.0.2.1')).toThrow('A unit test connects on loopback only, not to 192.0.2.1');
  });

  it('cannot connect to the database server', () => {
    const port = Number((process.env.DATABASE_URL && new URL(process.env.DATABASE_URL).port) || 5432);
    expect(() => connect(port, '127.0.0.1')).toThrow(`A unit test connects to no database server (DATABASE_URL's port ${port})`);
  });

  it('cannot reach off loopback through a lookup of its own', async () => {
    const socket = connect({ host: 'anywhere.example', port: 443, lookup: (_name, _options, done) => done(null, '192.0.2.1', 4) });
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve));
    expect(error.message).toBe('A unit test connects on loopback only, not to anywhere.example (192.0.2.1).');
  });
});
