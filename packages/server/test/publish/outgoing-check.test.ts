import { events } from '@clubnotify/spec';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { checkOutgoingPayload, createOutgoingGuard, type OutgoingEvent } from '../../src/publish/outgoing-check.js';
import { HttpProblem } from '../../src/http/problem.js';
import { problem, startTestServer, dbFactories, type TestServer } from '../support/server-support.js';

const TEXT = 'text/plain; charset=utf-8';
const stock: OutgoingEvent = { kind: 'webhook', event: 'stockUpdate' };
const alert: OutgoingEvent = { kind: 'webhook', event: 'concertAlert' };
const callback: OutgoingEvent = { kind: 'callback', event: 'concertAlert' };
const level = { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: 'glass' };

describe('checkOutgoingPayload', () => {
  it.each(events.map((e) => [`${e.kind} ${e.name}`, e] as const))('accepts the spec example of the %s', (_name, e) => {
    const body = typeof e.example === 'string' ? e.example : JSON.stringify(e.example);
    expect(checkOutgoingPayload({ kind: e.kind, event: e.name }, e.contentType === 'text/plain' ? TEXT : e.contentType, body)).toEqual([]);
  });

  it.each([
    ['a stockUpdate without its ingredient', stock, 'application/json', JSON.stringify({ drink: level }), '/payload/ingredient'],
    [
      'a stockUpdate with a negative stock',
      stock,
      'application/json',
      JSON.stringify({ drink: { ...level, stock: -1 }, ingredient: level }),
      '/payload/drink/stock',
    ],
    ['a stockUpdate that is not JSON', stock, 'application/json', '{"drink":', '/payload'],
    ['an empty concertAlert webhook', alert, TEXT, '', '/payload'],
    ['a concertAlert callback over 16 KiB', callback, TEXT, 'x'.repeat(16_385), '/payload'],
    ['a concertAlert sent as JSON', alert, 'application/json', '"New concert"', '/payload'],
    [
      'an event the spec does not declare',
      { kind: 'callback', event: 'stockUpdate' } as OutgoingEvent,
      'application/json',
      JSON.stringify({ drink: level, ingredient: level }),
      '/payload',
    ],
  ])('refuses %s', (_name, target, type, body, pointer) => {
    expect(checkOutgoingPayload(target, type, body).map((e) => e.pointer)).toContain(pointer);
  });
});

describe('the outgoing guard', () => {
  const logger = pino({ level: 'silent' });

  it('throws a payload-validation problem in strict mode, and counts it', () => {
    const counted: OutgoingEvent[] = [];
    const guard = createOutgoingGuard('strict', logger, (t) => counted.push(t));
    expect(() => guard(alert, TEXT, 'fine')).not.toThrow();
    let thrown: unknown;
    try {
      guard(alert, TEXT, '');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpProblem);
    expect(thrown).toMatchObject({ status: 500, type: 'payload-validation' });
    expect(counted).toEqual([alert]);
  });

  it('lets the payload through in warn mode, and counts it', () => {
    const counted: OutgoingEvent[] = [];
    const guard = createOutgoingGuard('warn', logger, (t) => counted.push(t));
    expect(() => guard(stock, 'application/json', '{}')).not.toThrow();
    expect(counted).toEqual([stock]);
  });
});

describe('OUTGOING_VALIDATION', () => {
  it('refuses in development and test, logs and counts in production, and takes nothing else', () => {
    expect(loadConfig({}).outgoingValidation).toBe('strict');
    expect(loadConfig({ NODE_ENV: 'production' }).outgoingValidation).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'production', OUTGOING_VALIDATION: 'strict' }).outgoingValidation).toBe('strict');
    expect(() => loadConfig({ OUTGOING_VALIDATION: 'off' })).toThrow(ConfigError);
  });
});

// A concert stored with a title too long for the callback text (16 KiB): the cancel's callback breaks the spec.
describe.each(dbFactories().filter((f) => f.name === 'pglite'))('a callback body that breaks the spec, over HTTP on $name', (factory) => {
  let strict: TestServer;
  let production: TestServer;

  async function longTitledConcertWithSubscriber(s: TestServer): Promise<{ concert: string; sub: string }> {
    const created = await s.call('POST', '/concerts', {
      key: s.adminKey,
      body: { title: 'Long night', startsAt: '2027-01-02T20:00:00Z', venue: 'Main Hall' },
    });
    const concert = ((await created.json()) as { id: string }).id;
    await s.db.query(`UPDATE concerts SET title = repeat('x', 17000) WHERE id = $1`, [concert]);
    const subscribed = await s.call('POST', '/concertUpdates', {
      body: { concertId: concert, callbackUrl: 'https://hooks.example.com/long' },
    });
    return { concert, sub: ((await subscribed.json()) as { id: string }).id };
  }
  const queued = async (s: TestServer, sub: string) =>
    (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery_messages WHERE target_id = $1', [sub]))[0]!.n;
  const violations = async (s: TestServer) => {
    const text = await (await s.call('GET', '/metrics', { key: s.adminKey })).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith('clubnotify_outgoing_payload_violations_total{kind="callback",event="concertAlert"}'));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  beforeAll(async () => {
    [strict, production] = await Promise.all([
      startTestServer(factory),
      startTestServer(factory, { deps: { outgoingValidation: 'warn', responseValidation: 'warn' } }),
    ]);
  });
  afterAll(() => Promise.all([strict?.close(), production?.close()]));

  it('is refused with a 500 in strict mode: nothing queued, the cancellation rolled back, the violation counted', async () => {
    const { concert, sub } = await longTitledConcertWithSubscriber(strict);
    const res = await strict.call('POST', `/concerts/${concert}/cancel`, { key: strict.adminKey, body: {} });
    expect(res.status).toBe(500);
    const body = await problem(res);
    expect(body.type).toBe('https://clubnotify.dev/problems/payload-validation');
    expect(body.detail).toMatch(/concertAlert callback .* breaks the spec/);
    expect(await queued(strict, sub)).toBe(0);
    const [row] = await strict.db.query<{ status: string }>('SELECT status FROM concerts WHERE id = $1', [concert]);
    expect(row!.status).toBe('scheduled');
    expect(await violations(strict)).toBe(1);
  });

  it('is queued, logged and counted in /metrics in production (warn) mode', async () => {
    const { concert, sub } = await longTitledConcertWithSubscriber(production);
    expect(await violations(production)).toBe(0);
    const res = await production.call('POST', `/concerts/${concert}/cancel`, { key: production.adminKey, body: {} });
    expect(res.status).toBe(200);
    expect(await queued(production, sub)).toBe(1);
    expect(await violations(production)).toBe(1);
  });
});
