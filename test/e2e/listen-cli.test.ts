import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createNodeHandler, createReceiver, type EventContext } from '@clubnotify/receiver';
import { createClient } from '@clubnotify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, migratedDataDir, newAdminKey, spawnServer, type ServerProcess } from '../reliability/server-process.js';
import { postgres, present } from '../dependencies.js';

const cli = fileURLToPath(new URL('../../packages/receiver/bin/clubnotify-receiver.js', import.meta.url));
const kinds = present(postgres) ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** Runs `clubnotify-receiver listen` as a child process; resolves with its exit code and output once it exits. */
function listen(args: string[], apiKey: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, 'listen', ...args], {
    env: { ...process.env, CLUBNOTIFY_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

// Pull delivery end to end (issue 30): a real server process keeps a pull target's messages,
// `listen` (a real CLI process) leases them and forwards each to a receiver built with the kit,
// which verifies the signature; the receiver's answers land in the server's attempt log.
describe.each(kinds)('clubnotify-receiver listen against a server on %s', (kind) => {
  const adminKey = newAdminKey();
  let server: ServerProcess;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let receiverServer: Server;
  let receiverUrl: string;
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>) | undefined;
  const received: EventContext[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') {
      const db = await createPgDatabase('listen', { migrated: true });
      env = { DATABASE_URL: db.url };
      cleanup = db.drop;
    } else {
      const dir = await migratedDataDir('cn-listen-');
      env = { DATA_DIR: dir };
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
    // Retried at once, so the refused first attempt is leased again by the same listen.
    env = { ...env, ADMIN_API_KEY: adminKey, DELIVERY_SCHEDULE_MS: '0,0,0' };
    server = await spawnServer(env);
    receiverServer = createServer((req, res) => void handler!(req, res));
    await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => receiverServer?.close(resolve));
    await cleanup?.();
  });

  it('forwards each leased message, signed, and reports the receiver’s answers as the attempts', async () => {
    const admin = createClient({ baseUrl: server.url, apiKey: adminKey });
    const { key } = await admin.apiKeys.create({ name: 'laptop', scope: 'subscriber' });
    const { key: otherKey } = await admin.apiKeys.create({ name: 'someone else', scope: 'subscriber' });
    const fan = createClient({ baseUrl: server.url, apiKey: key });
    // A laptop's receiver: the server never dials a pull target's URL, so a local one is accepted.
    const target = await fan.registerForStockUpdates(`${receiverUrl}/webhooks/stockUpdate`, { delivery: 'pull' });
    expect(target.delivery).toBe('pull');
    const receiver = createReceiver({
      secrets: [target.secret!],
      mode: 'development',
      logger: { error: () => {} },
      handlers: {
        webhooks: {
          stockUpdate: (_update, ctx) => {
            received.push(ctx);
            // The first attempt fails (500): the server retries it, and listen forwards attempt 2.
            if (ctx.attempt === 1) throw new Error('not yet');
          },
        },
      },
    });
    handler = createNodeHandler(receiver);
    await admin.stock.change({ drink: { id: 'itm_mojito', stock: 9 }, ingredient: { id: 'itm_mint', stock: 4 } });

    const args = ['--target', target.id, '--forward-to', `${receiverUrl}/webhooks/stockUpdate`, '--server', server.url];
    const refused = await listen([...args, '--max-messages', '1'], otherKey);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused: 404/);

    const run = await listen([...args, '--max-messages', '2'], key);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/stockUpdate msg_\S+ attempt 1 -> 500 in \d+ ms: retried at /);
    expect(run.stdout).toMatch(/stockUpdate msg_\S+ attempt 2 -> 200 in \d+ ms: succeeded/);
    // The kit verified both attempts' signatures (an unsigned or badly signed one never reaches the handler).
    expect(received.map((ctx) => ctx.attempt)).toEqual([1, 2]);
    expect(new Set(received.map((ctx) => ctx.id)).size).toBe(1);

    const [delivery] = await fan.deliveries.list({ event: 'stockUpdate' }).toArray();
    const detail = await fan.deliveries.get(delivery!.id);
    expect(detail.messageId).toBe(received[0]!.id);
    expect(detail.status).toBe('succeeded');
    expect(detail.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(detail.attempts[0]!.responseBody).toMatch(/handler_failed/);
  }, 120_000);

  it('keeps a lease across a server restart: the restarted server takes its report (SDK pull.lease and pull.report)', async () => {
    const admin = createClient({ baseUrl: server.url, apiKey: adminKey });
    const { key } = await admin.apiKeys.create({ name: 'restart', scope: 'subscriber' });
    const target = await createClient({ baseUrl: server.url, apiKey: key }).registerForAlert(
      'http://localhost:4000/webhooks/concertAlert',
      {
        delivery: 'pull',
      },
    );
    await admin.concerts.schedule({ title: 'Restart Blues', startsAt: '2031-03-03T20:00:00Z', venue: 'Cellar', priceCents: 900 });
    const leased = await createClient({ baseUrl: server.url, apiKey: key }).pull.lease(target.id, { waitSeconds: 10 });
    const [message] = leased.data;
    expect(message).toMatchObject({ targetId: target.id, attempt: 1, event: 'concertAlert' });

    await server.stop();
    server = await spawnServer(env);
    const fan = createClient({ baseUrl: server.url, apiKey: key });
    const result = await fan.pull.report(target.id, message!.deliveryId, { attempt: 1, statusCode: 204, durationMs: 3 });
    expect(result).toEqual({ deliveryId: message!.deliveryId, attempt: 1, status: 'succeeded', nextAttemptAt: null });
    const detail = await fan.deliveries.get(message!.deliveryId);
    expect(detail.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([[1, 204]]);
  }, 120_000);
});
