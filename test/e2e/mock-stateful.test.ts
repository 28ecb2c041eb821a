import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver, type EventContext } from '@clubnotify/receiver';
import { DEMO_ADMIN_KEY } from '../../scripts/mock.js';
import { dbSnapshot } from '../../scripts/mock/db-snapshot.js';

const repoRoot = new URL('../../', import.meta.url);
const auth = { authorization: `Bearer ${DEMO_ADMIN_KEY}`, 'content-type': 'application/json' };

interface Started {
  child: ChildProcess;
  url: string;
  /** What the mock printed: from its start call to a server that answers. */
  readyMs: number;
  /** From spawning the process to its ready line. */
  spawnToReadyMs: number;
  output: string;
}

/** `npm run mock -- --stateful --port 0` without npm: the same script and condition, in a child process. */
function startStateful(): Promise<Started> {
  const began = performance.now();
  const child = spawn(
    process.execPath,
    ['--conditions=clubnotify-source', '--import', 'tsx', 'scripts/mock.ts', '--stateful', '--port', '0'],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /stateful mock on (http:\/\/\S+): .* ready in (\d+) ms/.exec(output);
      // The banner's last line is printed after the ready line.
      if (ready && output.includes('Everything is gone when the mock stops.'))
        resolve({ child, url: ready[1]!, readyMs: Number(ready[2]), spawnToReadyMs: Math.round(performance.now() - began), output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the stateful mock exited (${code}) before it was ready:\n${output}`)));
  });
}

interface Receiver {
  url: string;
  server: Server;
  use(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): void;
}

/** A local receiver whose handler (a receiver kit built with the registration's secret) is set once the secret is known. */
async function startReceiver(): Promise<Receiver> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const server = createServer((req, res) => (handler ? void handler(req, res) : void res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, use: (h) => (handler = h) };
}

describe('npm run mock -- --stateful (the reference server in memory)', () => {
  let mock: Started;
  let receiver: Receiver;
  let registrationId: string;
  const alerts: Array<{ text: string; ctx: EventContext }> = [];
  const versions: Array<string | undefined> = [];

  beforeAll(async () => {
    // The first start ever makes the empty database kept in build/; the starts after it load it.
    await dbSnapshot();
    [mock, receiver] = await Promise.all([startStateful(), startReceiver()]);
    console.log(
      `stateful mock ready in ${mock.readyMs} ms (spawn to ready ${mock.spawnToReadyMs} ms), load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
    );
  });

  afterAll(async () => {
    if (mock?.child.exitCode === null) {
      const exited = new Promise((resolve) => mock.child.once('exit', resolve));
      mock.child.kill('SIGTERM');
      await exited;
    }
    receiver?.server.closeAllConnections();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  // How fast it starts is printed above, not asserted: a timed test fails on a busy machine (goal: under 3 s idle).
  it('answers as soon as it says it is ready, from the kept database, and prints its key and target policy', async () => {
    const health = await fetch(`${mock.url}/healthz`);
    expect(health.status).toBe(200);
    expect(mock.output).not.toContain('First start');
    expect(mock.output).toContain(`Admin key: ${DEMO_ADMIN_KEY}`);
    expect(mock.output).toContain('private targets allowed: 127.0.0.0/8, ::1/128');
  });

  it('lists a registration of a local receiver once it is made, pinned to the payload version it asked for', async () => {
    const res = await fetch(`${mock.url}/registerForAlert`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url: `${receiver.url}/webhooks/concertAlert`, payloadVersion: 1 }),
    });
    expect(res.status).toBe(200);
    const registration = (await res.json()) as { id: string; secret: string; payloadVersion: number };
    expect(registration.payloadVersion).toBe(1);
    registrationId = registration.id;
    const handle = createNodeHandler(
      createReceiver({
        secret: registration.secret,
        payloadVersion: 1,
        handlers: { webhooks: { concertAlert: (text, ctx) => void alerts.push({ text, ctx }) } },
      }),
    );
    receiver.use((req, res) => {
      versions.push(req.headers['webhook-version'] as string | undefined);
      return handle(req, res);
    });

    const list = await fetch(`${mock.url}/registrations`, { headers: auth });
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: Array<{ id: string; url: string }> };
    expect(data).toEqual([expect.objectContaining({ id: registrationId, url: `${receiver.url}/webhooks/concertAlert` })]);
  });

  it('answers 404 for a registration id that does not exist', async () => {
    const res = await fetch(`${mock.url}/registrations/reg_doesnotexist000000000000`, { headers: auth });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('publishes a concert once per Idempotency-Key and answers 409 when the key comes back with another body', async () => {
    const concert = { title: 'Mock Night', startsAt: '2026-12-31T21:00:00Z', venue: 'Main Room', priceCents: 1500 };
    const headers = { ...auth, 'idempotency-key': 'stateful-mock-test-1' };
    const first = await fetch(`${mock.url}/concerts`, { method: 'POST', headers, body: JSON.stringify(concert) });
    expect(first.status).toBe(201);
    const replay = await fetch(`${mock.url}/concerts`, { method: 'POST', headers, body: JSON.stringify(concert) });
    expect(replay.status).toBe(200);
    const reused = await fetch(`${mock.url}/concerts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...concert, title: 'Another Night' }),
    });
    expect(reused.status).toBe(409);
    expect(reused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('sends the published concert to the registered receiver, signed with the registration secret, in its pinned payload version', async () => {
    await expect.poll(() => alerts.length, { interval: 50 }).toBe(1);
    expect(versions).toEqual(['1']);
    const [{ text, ctx }] = alerts as [{ text: string; ctx: EventContext }];
    expect(text).toMatch(/Mock Night.*Main Room/);
    expect(ctx.id).toMatch(/^msg_/);
    expect(ctx.attempt).toBe(1);
    // The receiver has answered; the server records the outcome a moment later.
    const statuses = async () => {
      const res = await fetch(`${mock.url}/deliveries?event=concertAlert`, { headers: auth });
      return ((await res.json()) as { data: Array<{ status: string }> }).data.map((d) => d.status);
    };
    await expect.poll(statuses, { interval: 50 }).toEqual(['succeeded']);
  });
});
