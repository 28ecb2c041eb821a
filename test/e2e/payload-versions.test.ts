/**
 * Issue 47, item 6: a real breaking change carried without breaking receivers, end to end over
 * sockets and processes. A copy of this repository is made the fixture 2.0.0 (stockUpdate's
 * `Drink.unit` becomes `measure`, the concertAlert callback becomes JSON; its server's
 * payload-shapes.ts is the fixture's) and generated; its own server runs as a process, on PGlite
 * and, with DATABASE_URL, on PostgreSQL. Receivers are built with the copy's kit, one per
 * version. A converter removed fails spec:diff naming the event and the missing step:
 * test/contract/payload-versions/broken-converter.test.ts. The copy's mocks (Prism with its companion, and the stateful
 * one) send each registration its version.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeChecker } from '../type-checker.js';
import { createScratchPostgres } from '../../packages/server/test/support/scratch-postgres.js';
import { dayFromToday, fixtureCopy, version1SunsetOn } from '../contract/payload-versions/fixture-copy.js';
import { missing, postgres } from '../dependencies.js';
import { freePort } from '../free-port.js';
import { newAdminKey, spawnServer, type ServerProcess } from '../reliability/server-process.js';

const exec = promisify(execFile);
const fixtures = join(import.meta.dirname, 'payload-versions');

/** What receivers.ts.fixture exports (the copy's module, imported by path). */
interface Seen {
  target: string;
  version: 1 | 2;
  event: string;
  id: string;
  attempt: number;
  said: unknown;
}
type Node = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
/** What the test uses of the copy's @clubnotify/receiver. */
interface Kit {
  listen(options: { server: string; apiKey: string; target: string; forwardTo: string; maxMessages?: number }): Promise<unknown>;
  runSuite(options: { url: string; secret: string; payloadVersion?: number; events?: string[] }): Promise<{ ok: boolean; failed: number }>;
  formatSuiteReport(report: unknown): string;
  triggerEvent(options: {
    event: string;
    kind?: 'webhook' | 'callback';
    url: string;
    secret: string;
    payloadVersion?: number;
  }): Promise<{ status: number; body: string; sent: { headers: Record<string, string>; body: string | Uint8Array } }>;
}
interface Receivers {
  receiverOfVersion1(target: string, secret: string, record: (seen: Seen) => void | Promise<void>): Node;
  receiverOfVersion2(target: string, secret: string, record: (seen: Seen) => void | Promise<void>): Node;
}

/** One request as it came over the socket, before the kit judged it. */
interface Arrival {
  target: string;
  path: string;
  version: string | undefined;
  id: string | undefined;
  contentType: string | undefined;
  status?: number;
}

/** A value that arrives later, and the function that delivers it. */
function later<T = void>(): { promise: Promise<T>; deliver: (value: T) => void } {
  let deliver!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (deliver = resolve));
  return { promise, deliver };
}

let copy = '';
let receivers: Receivers;
let kit: Kit;
/** The copy's @clubnotify/sdk, untyped here: its types are version 2's. */
let sdk: { createClient(options: { baseUrl: string; apiKey: string }): any };

beforeAll(async () => {
  // Version 1 deprecated today and sunset six months on, as on the day 2.0.0 ships: the servers here judge by today.
  ({ copy } = await fixtureCopy('2.0.0', version1SunsetOn(dayFromToday(0, 6))));
  await mkdir(join(copy, 'journey'));
  await copyFile(join(fixtures, 'receivers.ts.fixture'), join(copy, 'journey/receivers.ts'));
  await copyFile(join(fixtures, 'tsconfig.json.fixture'), join(copy, 'journey/tsconfig.json'));
  receivers = (await import(pathToFileURL(join(copy, 'journey/receivers.ts')).href)) as Receivers;
  kit = (await import(pathToFileURL(join(copy, 'packages/receiver/src/index.ts')).href)) as Kit;
  sdk = (await import(pathToFileURL(join(copy, 'packages/sdk/src/index.ts')).href)) as typeof sdk;
}, 300_000);

afterAll(() => (copy ? rm(copy, { recursive: true, force: true }) : undefined));

it("types each receiver's handlers for its version: a version 2 drink has `measure` and no `unit`, its callback is JSON", async () => {
  const tsc = await exec(process.execPath, [typeChecker, '-p', join(copy, 'journey')]).then(
    () => '',
    (e: { stdout: string; stderr: string }) => `tsc failed:\n${e.stdout}${e.stderr}`,
  );
  expect(tsc).toBe('');
}, 120_000);

it("checks a receiver in its own version with the CLIs' functions: the suite in version 2, and a version 1 delivery refused", async () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const handle = receivers.receiverOfVersion2('suite', secret, () => undefined);
  const local = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/suite`;
  try {
    const events = ['webhook.stockUpdate', 'callback.concertAlert'];
    const report = await kit.runSuite({ url, secret, payloadVersion: 2, events });
    expect(report.ok, kit.formatSuiteReport(report)).toBe(true);
    const json = await kit.triggerEvent({
      event: 'concertAlert',
      kind: 'callback',
      url: `${url}/callbacks/concertAlert`,
      secret,
      payloadVersion: 2,
    });
    expect(json).toMatchObject({ status: 200, sent: { headers: { 'content-type': 'application/json', 'webhook-version': '2' } } });
    const older = await kit.triggerEvent({ event: 'stockUpdate', url: `${url}/webhooks/stockUpdate`, secret, payloadVersion: 1 });
    expect(older.status).toBe(400);
    expect(JSON.parse(older.body)).toMatchObject({ type: 'https://clubnotify.dev/problems/payload-version-mismatch' });
    expect(JSON.parse(older.body).detail).toMatch(
      /^This receiver is built for payload version 2 of the webhook stockUpdate; this delivery is payload version 1/,
    );
  } finally {
    local.closeAllConnections();
    await new Promise<void>((resolve) => local.close(() => resolve()));
  }
}, 120_000);

it("the 2.0.0 contract's mock (Prism and its companion) sends each registration the example of its pinned version", async () => {
  interface Fired {
    url: string;
    result?: { sent: { headers: Record<string, string>; body: string | Uint8Array } };
  }
  const { startMock } = (await import(pathToFileURL(join(copy, 'scripts/mock.ts')).href)) as {
    startMock(options: {
      port: number;
      onWebhook: (fired: Fired) => void;
    }): Promise<{ url: string; idle(): Promise<void>; close(): Promise<void> }>;
  };
  const sink = createServer((req, res) => void req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const fired: Fired[] = [];
  // Prism listens on the next port: both must be free.
  const mock = await startMock({ port: await freePort(2), onWebhook: (f) => fired.push(f) });
  try {
    for (const version of [1, 2]) {
      const res = await fetch(`${mock.url}/registerForStockUpdates`, {
        method: 'POST',
        headers: { authorization: 'Bearer cn_mockKeyForTheReadme0123456789', 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${sinkUrl}/v${version}/webhooks/stockUpdate`, payloadVersion: version }),
      });
      expect(res.status).toBe(200);
    }
    await mock.idle();
    const sent = (version: number) => {
      const result = fired.find((f) => f.url === `${sinkUrl}/v${version}/webhooks/stockUpdate`)?.result;
      return result && { version: result.sent.headers['webhook-version'], drink: JSON.parse(String(result.sent.body)).drink };
    };
    expect(sent(1)).toEqual({ version: '1', drink: expect.objectContaining({ unit: expect.any(String) }) });
    expect(sent(1)!.drink).not.toHaveProperty('measure');
    expect(sent(2)).toEqual({
      version: '2',
      drink: expect.objectContaining({ measure: { unit: expect.any(String), quantity: expect.any(Number) } }),
    });
    expect(sent(2)!.drink).not.toHaveProperty('unit');
  } finally {
    await mock.close();
    sink.closeAllConnections();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}, 120_000);

it("the 2.0.0 contract's stateful mock (its server in memory) sends a target pinned to 1 version 1, and one on 2 version 2", async () => {
  const { startStatefulMock } = (await import(pathToFileURL(join(copy, 'scripts/mock.ts')).href)) as {
    startStatefulMock(options: { port: number }): Promise<{ url: string; adminKey: string; close(): Promise<void> }>;
  };
  const seen: Seen[] = [];
  const routes = new Map<string, Node>();
  const hooks = createServer((req, res) => {
    const route = routes.get((req.url ?? '').split('/')[1] ?? '');
    if (route) void route(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
  const mock = await startStatefulMock({ port: 0 });
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${mock.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  try {
    for (const version of [1, 2] as const) {
      const target = `mock-v${version}`;
      const made = await api('/registerForStockUpdates', { url: `${hooksUrl}/${target}/webhooks/stockUpdate`, payloadVersion: version });
      expect(made).toMatchObject({ status: 200, body: { payloadVersion: version } });
      const receiver = version === 1 ? receivers.receiverOfVersion1 : receivers.receiverOfVersion2;
      routes.set(
        target,
        receiver(target, made.body.secret, (s) => void seen.push(s)),
      );
    }
    const published = await api('/stockChanges', { drink: { id: 'itm_mojito', stock: 9 }, ingredient: { id: 'itm_mint', stock: 3 } });
    expect(published.status).toBe(200);
    // Each receiver kit checks the signature and validates the payload against its own version before its handler runs.
    await expect.poll(() => seen.map((s) => s.target).sort(), { timeout: 30_000 }).toEqual(['mock-v1', 'mock-v2']);
    expect(seen.find((s) => s.target === 'mock-v1')).toMatchObject({ version: 1, event: 'webhook stockUpdate', said: 'glass' });
    expect(seen.find((s) => s.target === 'mock-v2')).toMatchObject({ version: 2, said: { unit: 'glass', quantity: 1 } });
  } finally {
    await mock.close();
    hooks.closeAllConnections();
    await new Promise<void>((resolve) => hooks.close(() => resolve()));
  }
}, 120_000);

const databases = [
  ['PGlite', false],
  ['PostgreSQL', true],
] as const;

describe.each(databases)('the 2.0.0 server on %s sends each target its version', (_name, onPostgres) => {
  const skip = onPostgres && missing(postgres);
  const adminKey = newAdminKey();
  const auth = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
  const seen: Seen[] = [];
  const arrivals: Arrival[] = [];
  const routes = new Map<string, Node>();
  let server: ServerProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let dataDir = '';
  let hooks: ReturnType<typeof createServer>;
  let hooksUrl = '';
  // The switched target's first attempt is held until its switch to version 2 is made, then fails (500).
  const firstAttemptHeld = later<string>();
  const switched = later();
  let record: (seen: Seen) => void | Promise<void> = () => undefined;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server!.url}${path}`, {
      method,
      headers: auth,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const waitFor = <T>(find: () => T | undefined): Promise<T> =>
    expect
      .poll(find, { interval: 20 })
      .toBeTruthy()
      .then(() => find()!);

  beforeAll(async () => {
    if (skip) return;
    hooks = createServer((req, res) => {
      const target = (req.url ?? '').split('/')[1] ?? '';
      const arrival: Arrival = {
        target,
        path: req.url ?? '',
        version: req.headers['webhook-version'] as string | undefined,
        id: req.headers['webhook-id'] as string | undefined,
        contentType: req.headers['content-type'],
      };
      arrivals.push(arrival);
      res.on('finish', () => (arrival.status = res.statusCode));
      // The switched target runs both versions' receivers while it moves: each delivery goes to the one of its webhook-version.
      const route = routes.get(target === 'switch' ? `switch-${arrival.version}` : target);
      if (route) void route(req, res);
      else res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
    const env: Record<string, string> = {
      ADMIN_API_KEY: adminKey,
      ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
      DELIVERY_SCHEDULE_MS: '0,200,200,200,200,200,200,200',
    };
    if (onPostgres) {
      const database = await createScratchPostgres('cn_payload_versions');
      dropDatabase = database.drop;
      env.DATABASE_URL = database.url;
    } else {
      dataDir = await mkdtemp(join(tmpdir(), 'cn-payload-versions-data-'));
      env.DATA_DIR = dataDir;
    }
    server = await spawnServer(env, { checkout: copy });
    record = (s) => void seen.push(s);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    hooks?.closeAllConnections();
    await new Promise<void>((resolve) => (hooks ? hooks.close(() => resolve()) : resolve()));
    await dropDatabase?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    'one publish reaches a receiver pinned to 1 and one pinned to 2, each with a payload of its version, signed, in its handler',
    async () => {
      const one = await api('POST', '/registerForStockUpdates', { url: `${hooksUrl}/one/webhooks/stockUpdate`, payloadVersion: 1 });
      const two = await api('POST', '/registerForStockUpdates', { url: `${hooksUrl}/two/webhooks/stockUpdate` });
      expect([one.status, two.status]).toEqual([200, 200]);
      expect([one.body.payloadVersion, two.body.payloadVersion]).toEqual([1, 2]);
      routes.set(
        'one',
        receivers.receiverOfVersion1('one', one.body.secret, (s) => record(s)),
      );
      routes.set(
        'two',
        receivers.receiverOfVersion2('two', two.body.secret, (s) => record(s)),
      );

      const published = await api('POST', '/stockChanges', {
        drink: { id: 'itm_mojito', stock: 17 },
        ingredient: { id: 'itm_mint', stock: 2 },
      });
      expect(published.status).toBe(200);
      expect(published.body.drink).toEqual({ id: 'itm_mojito', name: 'Mojito', stock: 17, measure: { unit: 'glass', quantity: 1 } });

      const first = await waitFor(() => seen.find((s) => s.target === 'one'));
      const second = await waitFor(() => seen.find((s) => s.target === 'two'));
      expect(first).toMatchObject({ version: 1, event: 'webhook stockUpdate', said: 'glass' });
      expect(second).toMatchObject({ version: 2, event: 'webhook stockUpdate', said: { unit: 'glass', quantity: 1 } });
      // As they came over the socket: each with its webhook-version, each answered 200 by its kit.
      const byTarget = (target: string) => arrivals.filter((a) => a.target === target).map((a) => [a.version, a.status]);
      await expect.poll(() => [byTarget('one'), byTarget('two')]).toEqual([[['1', 200]], [['2', 200]]]);
      const delivery = await api('GET', `/deliveries?messageId=${encodeURIComponent(first.id)}`);
      expect(delivery.body.data).toEqual([expect.objectContaining({ targetId: one.body.id, payloadVersion: 1 })]);
    },
    120_000,
  );

  it.skipIf(skip)(
    'sends a callback subscription its version: text to version 1, JSON { concertId, change, text } to version 2',
    async () => {
      const concert = await api('POST', '/concerts', { title: 'Jazz Night', startsAt: '2027-03-06T20:00:00Z', venue: 'Main Hall' });
      expect(concert.status).toBe(201);
      const subscribe = (target: string, payloadVersion?: number) =>
        api('POST', '/concertUpdates', {
          concertId: concert.body.id,
          callbackUrl: `${hooksUrl}/${target}/callbacks/concertAlert`,
          payloadVersion,
        });
      const one = await subscribe('callback-one', 1);
      const two = await subscribe('callback-two');
      expect([one.body.payloadVersion, two.body.payloadVersion]).toEqual([1, 2]);
      routes.set(
        'callback-one',
        receivers.receiverOfVersion1('callback-one', one.body.secret, (s) => record(s)),
      );
      routes.set(
        'callback-two',
        receivers.receiverOfVersion2('callback-two', two.body.secret, (s) => record(s)),
      );

      const text = 'Jazz Night starts at 21:00.';
      expect((await api('PATCH', `/concerts/${concert.body.id}`, { message: text })).status).toBe(200);
      expect(await waitFor(() => seen.find((s) => s.target === 'callback-one'))).toMatchObject({ version: 1, said: text });
      expect(await waitFor(() => seen.find((s) => s.target === 'callback-two'))).toMatchObject({
        version: 2,
        said: { concertId: concert.body.id, change: 'updated', text },
      });
      const media = (target: string) => arrivals.find((a) => a.target === target)?.contentType;
      expect([media('callback-one'), media('callback-two')]).toEqual(['text/plain; charset=utf-8', 'application/json']);
    },
    120_000,
  );

  it.skipIf(skip)(
    'switches a target from 1 to 2: the next message comes in 2, and a retry of one queued before the switch keeps 1',
    async () => {
      const target = await api('POST', '/registerForStockUpdates', { url: `${hooksUrl}/switch/webhooks/stockUpdate`, payloadVersion: 1 });
      expect(target.body.payloadVersion).toBe(1);
      let held = false;
      const holdOnce = async (s: Seen) => {
        seen.push(s);
        if (held) return;
        held = true;
        firstAttemptHeld.deliver(s.id);
        await switched.promise;
        throw new Error('the first attempt fails after the switch, so the message is retried');
      };
      routes.set('switch-1', receivers.receiverOfVersion1('switch', target.body.secret, holdOnce));
      routes.set(
        'switch-2',
        receivers.receiverOfVersion2('switch', target.body.secret, (s) => void seen.push(s)),
      );

      expect(
        (await api('POST', '/stockChanges', { drink: { id: 'itm_mojito', stock: 16 }, ingredient: { id: 'itm_mint', stock: 1 } })).status,
      ).toBe(200);
      const before = await firstAttemptHeld.promise;
      const patched = await api('PATCH', `/registrations/${target.body.id}`, { payloadVersion: 2 });
      expect(patched).toMatchObject({ status: 200, body: { payloadVersion: 2 } });
      switched.deliver();

      const retried = await waitFor(() => seen.find((s) => s.target === 'switch' && s.id === before && s.attempt === 2));
      expect(retried).toMatchObject({ version: 1, said: 'glass' });

      expect(
        (await api('POST', '/stockChanges', { drink: { id: 'itm_mojito', stock: 15 }, ingredient: { id: 'itm_mint', stock: 4 } })).status,
      ).toBe(200);
      const next = await waitFor(() => seen.find((s) => s.target === 'switch' && s.id !== before));
      expect(next).toMatchObject({ version: 2, attempt: 1, said: { unit: 'glass', quantity: 1 } });
      const switchedArrivals = () =>
        arrivals.filter((a) => a.target === 'switch').map((a) => [a.id === before ? 'before' : 'after', a.version, a.status]);
      await expect.poll(switchedArrivals).toEqual([
        ['before', '1', 500],
        ['before', '1', 200],
        ['after', '2', 200],
      ]);
    },
    120_000,
  );
  it.skipIf(skip)(
    "forwards a pull target's messages with `listen` in their version, webhook-version included",
    async () => {
      const url = `${hooksUrl}/pulled/webhooks/stockUpdate`;
      const target = await api('POST', '/registerForStockUpdates', { url, delivery: 'pull', payloadVersion: 1 });
      expect(target.body).toMatchObject({ delivery: 'pull', payloadVersion: 1 });
      routes.set(
        'pulled',
        receivers.receiverOfVersion1('pulled', target.body.secret, (s) => void seen.push(s)),
      );
      const listening = kit.listen({ server: server!.url, apiKey: adminKey, target: target.body.id, forwardTo: url, maxMessages: 1 });
      expect(
        (await api('POST', '/stockChanges', { drink: { id: 'itm_mojito', stock: 14 }, ingredient: { id: 'itm_mint', stock: 5 } })).status,
      ).toBe(200);
      await listening;
      expect(seen.filter((s) => s.target === 'pulled')).toEqual([expect.objectContaining({ version: 1, said: 'glass' })]);
      expect(arrivals.filter((a) => a.target === 'pulled').map((a) => [a.version, a.status])).toEqual([['1', 200]]);
    },
    120_000,
  );
  it.skipIf(skip)(
    'pins, switches and tests a version with the SDK: a test event in version 1 to a target on 2',
    async () => {
      const client = sdk.createClient({ baseUrl: server!.url, apiKey: adminKey });
      const url = `${hooksUrl}/sdk/webhooks/stockUpdate`;
      const made = await client.registerForStockUpdates(url, { payloadVersion: 1 });
      expect(made.payloadVersion).toBe(1);
      expect((await client.registrations.update(made.id, { payloadVersion: 2 })).payloadVersion).toBe(2);
      expect((await client.registrations.get(made.id)).payloadVersion).toBe(2);
      routes.set(
        'sdk',
        receivers.receiverOfVersion1('sdk', made.secret, (s) => void seen.push(s)),
      );
      await client.registrations.sendTest(made.id, { payloadVersion: 1 });
      expect(await waitFor(() => seen.find((s) => s.target === 'sdk'))).toMatchObject({ version: 1, event: 'webhook stockUpdate' });
      expect(arrivals.filter((a) => a.target === 'sdk').map((a) => a.version)).toEqual(['1']);
    },
    120_000,
  );
});
