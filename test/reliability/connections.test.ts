import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedInto } from '../../packages/server/test/support/migrated-pglite.js';
import { spawnServer, type ServerProcess } from './server-process.js';

// The server gets 1,200 descriptors (prlimit), the flood is 4,000 sockets: without caps it
// runs out of descriptors and nobody is served until the headers timeout frees some.
const FD_LIMIT = 1_200;
const caps = { MAX_CONNECTIONS: '800', MAX_CONNECTIONS_PER_ADDRESS: '500' };

interface Flood {
  sockets: Socket[];
  open(): number;
}

/** `count` sockets from `localAddress`, opened 200 at a time; each sends `trickle` one byte every 300 ms, or nothing. */
async function flood(port: number, localAddress: string, count: number, trickle?: string): Promise<Flood> {
  const sockets: Socket[] = [];
  const closed = new Set<Socket>();
  for (let i = 0; i < count; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, () => {
        const socket = connect({ host: '127.0.0.1', port, localAddress });
        sockets.push(socket);
        socket.on('error', () => {});
        socket.on('close', () => closed.add(socket));
        if (trickle) {
          let at = 0;
          const timer = setInterval(
            () => (socket.writable && at < trickle.length ? socket.write(trickle[at++]!) : clearInterval(timer)),
            300,
          );
          socket.on('close', () => clearInterval(timer));
        }
        // A connection still in the kernel's queue after 2 s counts as waiting, not as a failure of the flood.
        return new Promise<void>((resolve) => {
          socket.once('connect', () => resolve());
          socket.once('close', () => resolve());
          setTimeout(resolve, 2_000);
        });
      }),
    );
  }
  return { sockets, open: () => sockets.length - closed.size };
}

/** GET /healthz from `localAddress` on a new connection, however long it takes; the status, or the error's code. */
function healthz(port: number, localAddress: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** /proc/net/tcp's form of an IPv4 address: its four bytes in host (little-endian) order, in hex. */
const procAddress = (ip: string) =>
  ip
    .split('.')
    .reverse()
    .map((b) => Number(b).toString(16).toUpperCase().padStart(2, '0'))
    .join('');

/** The inodes of the sockets process `pid` holds open (its accepted connections among them). */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed between the listing and the read.
    }
  }
  return inodes;
}

/**
 * The connections `server` holds open in the ESTABLISHED state on its port (from `from` only, when
 * given), read from its descriptors and the kernel's table: on a busy machine the kernel may drop a
 * handshake's last ACK, and the client then holds an idle socket the server never had, so the
 * clients' own counts could wait for ever; and another process's socket may have the same port.
 */
function establishedTo(server: ServerProcess, port: number, from?: string): number {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const held = socketInodes(server.child.pid!);
  const rows = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1));
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(local) && f[3] === '01' && held.has(f[9]!) && (!from || f[2]?.startsWith(procAddress(from)))).length;
}

/** A server with the connection caps, `headersTimeoutMs` and 1,200 descriptors. */
async function cappedServer(dir: string, headersTimeoutMs: number): Promise<{ server: ServerProcess; port: number }> {
  const timeouts = { HEADERS_TIMEOUT_MS: String(headersTimeoutMs), REQUEST_TIMEOUT_MS: String(2 * headersTimeoutMs) };
  await migratedInto(dir);
  const server = await spawnServer({ DATA_DIR: dir, ...caps, ...timeouts });
  execFileSync('prlimit', [`--pid=${server.child.pid}`, `--nofile=${FD_LIMIT}:${FD_LIMIT}`]);
  return { server, port: Number(new URL(server.url).port) };
}

describe('connection flood', () => {
  let dir: string;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cn-flood-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps /healthz and new clients served while 4,000 idle and trickling sockets stay open', async () => {
    // The headers timeout (10 min) frees no descriptor while this test runs: a server without
    // the caps is out of descriptors with the flood open, and no /healthz below is ever
    // answered (the test times out). No bound on how long an answer takes: load only delays it.
    const { server, port } = await cappedServer(join(dir, 'caps'), 600_000);
    servers.push(server);
    const idle = await flood(port, '127.0.0.1', 3_000);
    const trickling = await flood(port, '127.0.0.3', 1_000, 'GET /healthz HTTP/1.1\r\nX-Slow: ' + 'a'.repeat(100));
    // The server holds no more than its caps; the rest are refused or closed as soon as it accepts
    // them (with a 4,096-deep accept queue, a busy machine takes a moment to work through it).
    await expect.poll(() => establishedTo(server, port)).toBeLessThanOrEqual(800);
    await expect.poll(() => establishedTo(server, port, '127.0.0.1')).toBeLessThanOrEqual(500);
    // A new client from another address, and from the flooding addresses themselves.
    expect(await healthz(port, '127.0.0.2')).toBe(200);
    expect(await healthz(port, '127.0.0.1')).toBe(200);
    expect(await healthz(port, '127.0.0.3')).toBe(200);
    // The flood is still there, held at the caps: what answered was the caps' room, not a timeout's.
    expect(idle.open() + trickling.open()).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    for (const s of [...idle.sockets, ...trickling.sockets]) s.destroy();
  }, 120_000);

  it('closes idle and trickling sockets once the headers timeout is over, and serves again', async () => {
    const { server, port } = await cappedServer(join(dir, 'timeout'), 2_000);
    servers.push(server);
    const idle = await flood(port, '127.0.0.1', 300);
    const trickling = await flood(port, '127.0.0.3', 100, 'GET /healthz HTTP/1.1\r\nX-Slow: ' + 'a'.repeat(100));
    // Sockets that never complete a request are closed after HEADERS_TIMEOUT_MS (2 s), checked every
    // second; the poll waits for that event (its bound only says when to report a failure).
    await expect.poll(() => establishedTo(server, port)).toBe(0);
    // The flood did reach the server: its clients saw the server close their sockets.
    await expect.poll(() => idle.open()).toBeLessThan(idle.sockets.length);
    await expect.poll(() => trickling.open()).toBeLessThan(trickling.sockets.length);
    expect(await healthz(port, '127.0.0.1')).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
