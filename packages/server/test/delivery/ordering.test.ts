import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import { serverSecret } from '../../src/domain/server-secret.js';
import { createCursorCodec } from '../../src/pagination/cursor.js';
import { Outbox } from '../../src/publish/outbox.js';
import { withOrderingKeys } from '../../src/publish/ordering-key.js';
import { insertDeliveries } from '../../src/delivery/queue/insert.sql.js';
import { deliveryRoutes } from '../../src/routes/deliveries.js';
import type { OutgoingMessage } from '../../src/delivery/types.js';
import { HttpProblem } from '../../src/http/problem.js';
import { outcomeEvents } from '../../src/delivery/record/operational-events.js';
import type { Outcome } from '../../src/delivery/types.js';
import { startReceiver, waitFor, type Receiver } from '../support/receiver.js';
import { dbFactories, pointers, problem, startTestServer, type DbFactory, type TestServer } from '../support/server-support.js';

/** One attempt as the receiver saw it: the drink (the key), its sequence header, the stock (publish order) and the answer. */
interface Seen {
  target: string;
  key: string;
  seq: number;
  stock: number;
  id: string;
  answered: number;
}

interface Setup {
  s: TestServer;
  worker: DeliveryWorker;
  receiver: Receiver;
  seen: Seen[];
  /** Registers the receiver for stockUpdate at `/hook?t=<name>`, with `ordering` when given. */
  register(name: string, ordering?: 'release' | 'hold'): Promise<string>;
  /** Publishes one stock change and waits for its answer: publish order is the order of these calls. */
  publish(drink: string, stock: number): Promise<void>;
  close(): Promise<void>;
}

const DRINKS = ['itm_mojito', 'itm_caipirinha', 'itm_negroni'];

/**
 * A server, its worker (retries after 0 and 20 ms, then failed) and a receiver that answers each
 * attempt with `answer(seen)`: a status, or a promise of one (an attempt held open).
 */
async function setup(factory: DbFactory, answer: (seen: Omit<Seen, 'answered'>) => number | Promise<number>, pollMs = 50): Promise<Setup> {
  const late: { routes?: RequestHandler; worker?: DeliveryWorker } = {};
  const s = await startTestServer(factory, {
    deps: {
      deliveryRoutes: (req, res, next) => late.routes!(req, res, next),
      deliveryHandoff: { offer: (fresh) => late.worker?.offer(fresh), wake: () => late.worker?.wake() },
    },
  });
  const worker = createDeliveryWorker({
    db: s.db,
    policy: { allow: ['127.0.0.1/32'] },
    schedule: [0, 20],
    jitter: 0,
    pollMs,
    timeoutMs: 600_000,
  });
  late.worker = worker;
  late.routes = deliveryRoutes({
    db: s.db,
    cursors: createCursorCodec(await serverSecret(s.db, 'cursor')),
    outbox: new Outbox({ db: s.db, handoff: worker }),
  });
  const seen: Seen[] = [];
  const receiver = await startReceiver((req: IncomingMessage, res: ServerResponse, body: string) => {
    const attempt = {
      target: new URL(req.url!, 'http://x').searchParams.get('t')!,
      key: decodeURIComponent(String(req.headers['webhook-ordering-key'])),
      seq: Number(req.headers['webhook-ordering-sequence']),
      stock: (JSON.parse(body) as { drink: { stock: number } }).drink.stock,
      id: String(req.headers['webhook-id']),
    };
    void Promise.resolve(answer(attempt)).then((status) => {
      seen.push({ ...attempt, answered: status });
      res.statusCode = status;
      res.end(String(status));
    });
  });
  worker.start();
  return {
    s,
    worker,
    receiver,
    seen,
    async register(name, ordering) {
      const res = await s.call('POST', '/registerForStockUpdates', {
        body: { url: `${receiver.url}?t=${name}`, ...(ordering ? { ordering } : {}) },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    },
    async publish(drink, stock) {
      const res = await s.call('POST', '/stockChanges', {
        key: s.adminKey,
        headers: { 'idempotency-key': randomUUID() },
        body: { drink: { id: drink, stock }, ingredient: { id: 'itm_mint', stock } },
      });
      expect(res.status).toBe(200);
    },
    async close() {
      await worker.stop();
      await receiver.close();
      await s.close();
    },
  };
}

/** Per target and key, what `pick` gives of each attempt, in the order the receiver answered them. */
function byTargetAndKey<T>(seen: Seen[], pick: (s: Seen) => T, only: (s: Seen) => boolean = () => true): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of seen.filter(only)) {
    const k = `${x.target} ${x.key}`;
    out.set(k, [...(out.get(k) ?? []), pick(x)]);
  }
  return out;
}

let open: Setup | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe.each(dbFactories())('ordered delivery per (target, key) on $name', (factory) => {
  it('sends interleaved keyed messages through retries in publish order per key, each with its sequence', async () => {
    // The first attempt of every third message fails: its retry must still come before the key's next message.
    const failedOnce = new Set<string>();
    const t = (open = await setup(factory, (x) => {
      if (x.stock % 3 === 0 && !failedOnce.has(`${x.target} ${x.id}`)) {
        failedOnce.add(`${x.target} ${x.id}`);
        return 500;
      }
      return 200;
    }));
    await t.register('a');
    await t.register('b');
    const published = new Map<string, number[]>();
    for (let i = 0; i < 30; i++) {
      const drink = DRINKS[i % DRINKS.length]!;
      await t.publish(drink, i);
      published.set(drink, [...(published.get(drink) ?? []), i]);
    }
    await waitFor(() => t.seen.filter((x) => x.answered === 200).length === 60, 60_000, 'every message at both targets');

    const delivered = byTargetAndKey(
      t.seen,
      (x) => x.stock,
      (x) => x.answered === 200,
    );
    for (const target of ['a', 'b']) {
      for (const drink of DRINKS) {
        expect(delivered.get(`${target} ${drink}`), `${target} ${drink}`).toEqual(published.get(drink));
        // Every attempt, failed ones included, in sequence order: a retry is never overtaken.
        const attempts = byTargetAndKey(t.seen, (x) => x.seq).get(`${target} ${drink}`)!;
        expect(attempts).toEqual([...attempts].sort((p, q) => p - q));
        expect(
          byTargetAndKey(
            t.seen,
            (x) => x.seq,
            (x) => x.answered === 200,
          ).get(`${target} ${drink}`),
        ).toEqual(published.get(drink)!.map((_, n) => n + 1));
      }
    }
    expect(failedOnce.size).toBe(20);
  });

  it('sends the next message of a key once its predecessor is recorded, with no poll due', async () => {
    // The mojito's 1 is held on the wire until its 2 and 3 are queued behind it; the worker polls once an hour.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let onWire!: () => void;
    const firstOnWire = new Promise<void>((resolve) => (onWire = resolve));
    const t = (open = await setup(
      factory,
      (x) => {
        if (x.stock !== 1) return 200;
        onWire();
        return held.then(() => 200);
      },
      3_600_000,
    ));
    await t.register('a');
    await t.publish('itm_mojito', 1);
    await firstOnWire;
    await t.publish('itm_mojito', 2);
    await t.publish('itm_mojito', 3);
    letGo();
    await waitFor(() => t.seen.length === 3, 60_000, 'the three messages of the key');
    expect(t.seen.map((x) => [x.stock, x.seq, x.answered])).toEqual([
      [1, 1, 200],
      [2, 2, 200],
      [3, 3, 200],
    ]);
  });

  it('holds a key behind its unfinished message, delays no other key, and releases it when that message fails for good', async () => {
    // The mojito's first message is held open until the test lets it go, then fails (all three attempts).
    let letGo!: () => void;
    const held = new Promise<number>((resolve) => (letGo = () => resolve(500)));
    const t = (open = await setup(factory, (x) => (x.key === 'itm_mojito' && x.seq === 1 ? held : 200)));
    await t.register('a');
    await t.publish('itm_mojito', 1);
    await waitFor(() => t.receiver.received.length === 1, 60_000, "the mojito's first message on the wire");
    await t.publish('itm_mojito', 2);
    for (let i = 0; i < 6; i++) await t.publish(DRINKS[1 + (i % 2)]!, 10 + i);
    await waitFor(() => t.seen.length === 6, 60_000, "the other keys' messages");
    // Every other key's message is through while the mojito's second still waits behind its first.
    expect(t.receiver.received.filter((r) => r.headers['webhook-ordering-key'] === 'itm_mojito')).toHaveLength(1);

    letGo();
    await waitFor(() => t.seen.some((x) => x.key === 'itm_mojito' && x.seq === 2), 60_000, "the mojito's second message");
    const mojito = t.seen.filter((x) => x.key === 'itm_mojito').map((x) => [x.seq, x.answered]);
    // Every attempt of the first failed (retries exhausted: failed, the key released), then the second.
    expect(mojito.at(-1)).toEqual([2, 200]);
    expect(mojito.length).toBeGreaterThanOrEqual(3);
    expect(new Set(mojito.slice(0, -1).map(String))).toEqual(new Set(['1,500']));
  });

  it('puts a replayed message back in its place: later messages of its key wait for it', async () => {
    let failFirst = true;
    let letGo = () => {};
    let replayHeld: Promise<number> | undefined = undefined;
    const t = (open = await setup(factory, (x) => {
      if (x.seq === 1 && failFirst) return 500;
      if (x.seq === 1 && replayHeld) return replayHeld;
      return 200;
    }));
    await t.register('a');
    await t.publish('itm_mojito', 1);
    await t.publish('itm_mojito', 2);
    await waitFor(() => t.seen.some((x) => x.seq === 2 && x.answered === 200), 20_000, 'the second message after the first failed');
    const [first] = (await t.s.db.query<{ id: string }>(`SELECT id FROM delivery_history WHERE key_seq = 1`)) as Array<{ id: string }>;

    failFirst = false;
    replayHeld = new Promise<number>((resolve) => (letGo = () => resolve(200)));
    const before = t.receiver.received.length;
    const replay = await t.s.call('POST', `/deliveries/${first!.id}/replay`, { key: t.s.aliceKey });
    expect(replay.status).toBe(202);
    await waitFor(() => t.receiver.received.length === before + 1, 60_000, 'the replayed first message on the wire');
    await t.publish('itm_mojito', 3);
    // The third waits for the replayed first to end, whatever the poll does meanwhile.
    t.worker.wake();
    expect(t.receiver.received.filter((r) => r.headers['webhook-ordering-sequence'] === '3')).toHaveLength(0);
    letGo();
    await waitFor(() => t.seen.some((x) => x.seq === 3), 60_000, 'the third message');
    // The first failed for good (every attempt before the second), then its replay came before the third.
    const answers = t.seen.map((x) => [x.seq, x.answered]);
    expect(answers.slice(-3)).toEqual([
      [2, 200],
      [1, 200],
      [3, 200],
    ]);
    expect(answers.slice(0, -3).length).toBeGreaterThanOrEqual(2);
    expect(new Set(answers.slice(0, -3).map(String))).toEqual(new Set(['1,500']));
  });

  it('gives concurrent publishers of one key distinct places in commit order, and sends them in that order', async () => {
    const t = (open = await setup(factory, () => 200));
    await t.register('a');
    await t.register('b');
    // Twenty changes of one drink at once: the stock of the last to commit is the drink's stock now.
    await Promise.all(Array.from({ length: 20 }, (_, i) => t.publish('itm_mojito', 100 + i)));
    await waitFor(() => t.seen.length === 40, 60_000, 'every change at both targets');
    for (const target of ['a', 'b']) {
      const arrived = t.seen.filter((x) => x.target === target);
      expect(arrived.map((x) => x.seq)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    }
    const [item] = await t.s.db.query<{ stock: number }>(`SELECT stock FROM items WHERE id = 'itm_mojito'`);
    expect(t.seen.filter((x) => x.target === 'a').at(-1)!.stock).toBe(item!.stock);
  });

  it('numbers one key from concurrent transactions without a gap or a repeat', async () => {
    const t = (open = await setup(factory, () => 200));
    const target = await t.register('a');
    const [row] = await t.s.db.query<{ owner_key_id: string; url: string }>(`SELECT owner_key_id, url FROM registrations WHERE id = $1`, [
      target,
    ]);
    const message = (i: number): OutgoingMessage => ({
      kind: 'webhook',
      event: 'stockUpdate',
      targetId: target,
      ownerKeyId: row!.owner_key_id,
      url: row!.url,
      contentType: 'application/json',
      body: JSON.stringify({ drink: { id: 'itm_cola', stock: i } }),
      orderingKey: 'itm_cola',
    });
    // Each transaction queues two messages of the key and one of another, then commits.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.s.db.transaction((tx) => insertDeliveries(tx, [message(i), { ...message(i), orderingKey: `other ${i % 3}` }, message(i)])),
      ),
    );
    // Wherever they are by now: queued, or sent and in the history.
    const rows = await t.s.db.query<{ ordering_key: string; key_seq: number; body: string }>(
      `SELECT ordering_key, key_seq::int AS key_seq, body FROM (
         SELECT ordering_key, key_seq, body FROM deliveries UNION ALL SELECT ordering_key, key_seq, body FROM delivery_history
       ) m ORDER BY ordering_key, m.key_seq`,
    );
    const cola = rows.filter((r) => r.ordering_key === 'itm_cola');
    expect(cola.map((r) => r.key_seq)).toEqual(Array.from({ length: 24 }, (_, n) => n + 1));
    // A transaction's two messages take neighbouring places.
    for (let n = 0; n < 24; n += 2) expect(cola[n]!.body).toBe(cola[n + 1]!.body);
    for (let k = 0; k < 3; k++) {
      expect(rows.filter((r) => r.ordering_key === `other ${k}`).map((r) => r.key_seq)).toEqual([1, 2, 3, 4]);
    }
  });

  /** Publishes the mojito's 1 and 2 and a caipirinha; the mojito's 1 fails for good; returns once a later claim has run. */
  async function failFirstOnHold(t: Setup): Promise<void> {
    await t.publish('itm_mojito', 1);
    await t.publish('itm_mojito', 2);
    await t.publish('itm_caipirinha', 10);
    await waitFor(
      async () =>
        (await t.s.db.query(`SELECT 1 FROM delivery_history WHERE key_seq = 1 AND ordering_key = 'itm_mojito' AND status = 'failed'`))
          .length === 1,
      60_000,
      "the mojito's first message to fail for good",
    );
    // A message of another key, published after the failure and taken by a later claim: that claim saw the mojito's second too.
    await t.publish('itm_caipirinha', 11);
    await waitFor(() => t.seen.some((x) => x.stock === 11), 60_000, 'the caipirinha published after the failure');
  }

  it('holds a key behind its failed message on a hold target until the message is replayed, and no other key', async () => {
    let failing = true;
    const t = (open = await setup(factory, (x) => (x.key === 'itm_mojito' && x.seq === 1 && failing ? 500 : 200)));
    await t.register('a', 'hold');
    await failFirstOnHold(t);
    expect(t.seen.filter((x) => x.key === 'itm_mojito' && x.seq === 2)).toEqual([]);
    expect(t.seen.filter((x) => x.key === 'itm_caipirinha').map((x) => x.stock)).toEqual([10, 11]);

    failing = false;
    const [first] = await t.s.db.query<{ id: string }>(`SELECT id FROM delivery_history WHERE key_seq = 1 AND ordering_key = 'itm_mojito'`);
    expect((await t.s.call('POST', `/deliveries/${first!.id}/replay`, { key: t.s.aliceKey })).status).toBe(202);
    await waitFor(() => t.seen.some((x) => x.key === 'itm_mojito' && x.seq === 2), 60_000, "the mojito's second message");
    expect(t.seen.filter((x) => x.key === 'itm_mojito' && x.answered === 200).map((x) => x.seq)).toEqual([1, 2]);
  });

  it('lets a held key go on, skipping its failed message, when the target is switched to release', async () => {
    const t = (open = await setup(factory, (x) => (x.key === 'itm_mojito' && x.seq === 1 ? 500 : 200)));
    const id = await t.register('a', 'hold');
    await failFirstOnHold(t);
    expect(t.seen.filter((x) => x.key === 'itm_mojito' && x.seq === 2)).toEqual([]);

    const res = await t.s.call('PATCH', `/registrations/${id}`, { body: { ordering: 'release' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ordering: string }).ordering).toBe('release');
    await waitFor(() => t.seen.some((x) => x.key === 'itm_mojito' && x.seq === 2), 60_000, "the mojito's second message");
    const [failed] = await t.s.db.query<{ status: string }>(
      `SELECT status FROM delivery_history WHERE key_seq = 1 AND ordering_key = 'itm_mojito'`,
    );
    expect(failed!.status).toBe('failed');
  });

  it("forgets a removed target's key places and held keys, and keeps another target's", async () => {
    const t = (open = await setup(factory, (x) => (x.key === 'itm_mojito' && x.seq === 1 ? 500 : 200)));
    const id = await t.register('a', 'hold');
    await failFirstOnHold(t);
    const other = await t.register('b');
    await t.publish('itm_negroni', 1);
    await waitFor(() => t.seen.some((x) => x.target === 'b' && x.key === 'itm_negroni'), 60_000, "the other target's negroni");
    const rows = async (table: string, target: string) =>
      (await t.s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE target_id = $1`, [target]))[0]!.n;
    expect(await rows('ordering_sequences', id)).toBeGreaterThan(0);
    expect(await rows('ordering_holds', id)).toBe(1);

    const res = await t.s.call('DELETE', `/registrations/${id}`);
    expect(res.status).toBe(204);
    expect(await rows('ordering_sequences', id)).toBe(0);
    expect(await rows('ordering_holds', id)).toBe(0);
    expect(await rows('ordering_sequences', other)).toBeGreaterThan(0);
  });

  it('skips one held message: its key goes on, another held key stays held, the target stays on hold', async () => {
    const t = (open = await setup(factory, (x) => ((x.key === 'itm_mojito' || x.key === 'itm_negroni') && x.seq === 1 ? 500 : 200)));
    const target = await t.register('a', 'hold');
    await t.publish('itm_negroni', 1);
    await t.publish('itm_negroni', 2);
    await failFirstOnHold(t);
    const failedFirst = async (key: string) =>
      (
        await t.s.db.query<{ id: string }>(
          `SELECT id FROM delivery_history WHERE key_seq = 1 AND ordering_key = $1 AND status = 'failed'`,
          [key],
        )
      )[0]?.id;
    await waitFor(async () => (await failedFirst('itm_negroni')) !== undefined, 60_000, "the negroni's first message to fail for good");
    const mojito = (await failedFirst('itm_mojito'))!;
    const negroni = (await failedFirst('itm_negroni'))!;
    const held = async () =>
      (
        (await (await t.s.call('GET', `/registrations/${target}`)).json()) as {
          heldKeys: Array<{ orderingKey: string; deliveryId: string }>;
        }
      ).heldKeys;
    expect((await held()).map((h) => [h.orderingKey, h.deliveryId]).sort()).toEqual(
      [
        ['itm_mojito', mojito],
        ['itm_negroni', negroni],
      ].sort(),
    );

    const skipped = await t.s.call('POST', `/deliveries/${mojito}/skip`, { key: t.s.aliceKey });
    expect(skipped.status).toBe(200);
    expect(((await skipped.json()) as { id: string; status: string }).status).toBe('failed');
    await waitFor(() => t.seen.some((x) => x.key === 'itm_mojito' && x.seq === 2), 60_000, "the mojito's second message");
    // A later claim has seen the negroni's second too: it stays behind its failed first.
    await t.publish('itm_caipirinha', 12);
    await waitFor(() => t.seen.some((x) => x.stock === 12), 60_000, 'a caipirinha published after the skip');
    expect(t.seen.filter((x) => x.key === 'itm_negroni' && x.seq === 2)).toEqual([]);
    expect((await held()).map((h) => h.deliveryId)).toEqual([negroni]);

    const again = await t.s.call('POST', `/deliveries/${mojito}/skip`, { key: t.s.aliceKey });
    expect([again.status, (await problem(again)).type]).toEqual([409, expect.stringContaining('conflict')]);
    const other = await t.s.call('POST', `/deliveries/${negroni}/skip`, { key: t.s.bobKey });
    expect([other.status, (await problem(other)).status]).toEqual([404, 404]);
    const unknown = await t.s.call('POST', '/deliveries/dlv_nosuchdelivery/skip', { key: t.s.aliceKey });
    expect((await problem(unknown)).status).toBe(404);
  });

  it('holds the key of a message that fails after its target was switched to hold while it was on the wire', async () => {
    let letGo!: () => void;
    const onTheWire = new Promise<number>((resolve) => (letGo = () => resolve(500)));
    let mojitoAttempts = 0;
    // The mojito's first attempt is held on the wire, then fails like every other attempt of that message.
    const t = (open = await setup(factory, (x) => {
      if (x.key !== 'itm_mojito' || x.seq > 1) return 200;
      return ++mojitoAttempts === 1 ? onTheWire : 500;
    }));
    const id = await t.register('a');
    await t.publish('itm_mojito', 1);
    await waitFor(() => t.receiver.received.length === 1, 60_000, "the mojito's first message on the wire");
    await t.publish('itm_mojito', 2);
    // Switched while the first is on the wire and the second waits behind it: the failure that follows holds the key.
    const res = await t.s.call('PATCH', `/registrations/${id}`, { body: { ordering: 'hold' } });
    expect(res.status).toBe(200);
    letGo();
    await waitFor(
      async () => (await t.s.db.query(`SELECT 1 FROM ordering_holds WHERE ordering_key = 'itm_mojito'`)).length === 1,
      60_000,
      "the mojito's key held by its failed first message",
    );
    await t.publish('itm_caipirinha', 11);
    await waitFor(() => t.seen.some((x) => x.stock === 11), 60_000, 'a message of another key');
    expect(t.seen.filter((x) => x.key === 'itm_mojito' && x.seq === 2)).toEqual([]);
  });

  it('refuses a key field that is not a string before anything is queued, with its pointer', async () => {
    const t = (open = await setup(factory, () => 200));
    await t.register('a');
    const res = await t.s.call('POST', '/stockChanges', {
      key: t.s.adminKey,
      headers: { 'idempotency-key': randomUUID() },
      body: { drink: { id: 42, stock: 1 }, ingredient: { id: 'itm_mint', stock: 1 } },
    });
    expect(res.status).toBe(400);
    expect(await pointers(res)).toContain('/body/drink/id');
    const [queued] = await t.s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries`);
    expect(queued!.n).toBe(0);
  });
});

describe('ordering keys of outgoing messages', () => {
  const message = (event: 'stockUpdate' | 'concertAlert', kind: 'webhook' | 'callback', body: string, subscription?: object) =>
    ({
      kind,
      event,
      targetId: 'reg_1',
      ownerKeyId: 'key_1',
      url: 'http://127.0.0.1/hook',
      contentType: kind === 'webhook' && event === 'stockUpdate' ? 'application/json' : 'text/plain; charset=utf-8',
      body,
      ...(subscription ? { subscription } : {}),
    }) as OutgoingMessage;
  const refusal = (messages: OutgoingMessage[]) => {
    try {
      withOrderingKeys(messages);
    } catch (error) {
      if (error instanceof HttpProblem) return { status: error.status, pointers: error.errors?.map((e) => e.pointer) };
      throw error;
    }
    return undefined;
  };

  it('reads the key from the payload or the subscription, and leaves unordered events alone', () => {
    const [stock, callback, alert] = withOrderingKeys([
      message('stockUpdate', 'webhook', JSON.stringify({ drink: { id: 'itm_mojito' } })),
      message('concertAlert', 'callback', 'Moved', { concertId: 'con_1' }),
      message('concertAlert', 'webhook', 'New concert'),
    ]);
    expect([stock!.orderingKey, callback!.orderingKey, alert!.orderingKey]).toEqual(['itm_mojito', 'con_1', undefined]);
  });

  it('refuses a missing, non-string or too long key (400, the pointer of its field)', () => {
    expect(refusal([message('stockUpdate', 'webhook', JSON.stringify({ drink: {} }))])).toEqual({
      status: 400,
      pointers: ['/body/drink/id'],
    });
    expect(refusal([message('stockUpdate', 'webhook', JSON.stringify({ drink: { id: 7 } }))])).toEqual({
      status: 400,
      pointers: ['/body/drink/id'],
    });
    expect(refusal([message('stockUpdate', 'webhook', JSON.stringify({ drink: { id: 'x'.repeat(129) } }))])).toEqual({
      status: 400,
      pointers: ['/body/drink/id'],
    });
    expect(refusal([message('concertAlert', 'callback', 'Moved', {})])).toEqual({ status: 400, pointers: ['/concertId'] });
  });

  it('names the key of a keyed delivery that failed for good in its deliveryFailed event', () => {
    const failed = (ordering_key: string | null): Outcome =>
      ({
        delivery: {
          id: `dlv_${ordering_key}`,
          message_id: 'msg_1',
          target_id: 'reg_1',
          owner_key_id: 'key_1',
          url: 'http://x',
          attempt_count: 3,
          ordering_key,
        },
        result: { startedAt: new Date(), durationMs: 1, statusCode: 500, error: null, responseBody: null, retryAfterMs: null },
        status: 'failed',
        retryInMs: null,
      }) as unknown as Outcome;
    const events = outcomeEvents([failed('itm_mojito'), failed(null)], [], new Map(), 1_000, new Map());
    expect(events.map((e) => (e.payload as { orderingKey?: string }).orderingKey)).toEqual(['itm_mojito', undefined]);
  });
});
