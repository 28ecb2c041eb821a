import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhrases } from '../../../spec/src/field-messages.js';
import { dbFactories, pointers, startTestServer, type TestServer } from '../support/server-support.js';

// Each was accepted by `format: date-time` alone and then failed in PostgreSQL or `new Date()`.
const outOfRange: Array<[string, string]> = [
  ['a far-future year with a large negative offset', '9999-12-31T23:59:59-23:59'],
  ['year 0000', '0000-01-01T00:00:00Z'],
  ['year 0001 with a positive offset', '0001-01-01T00:00:00+01:00'],
  ['an offset of 24 hours or more', '2026-12-12T20:00:00+24:00'],
  ['an offset of +99:99', '2026-12-12T20:00:00+99:99'],
  ['an offset without minutes', '2026-12-12T20:00:00+05'],
  ['an offset without a colon', '2026-12-12T20:00:00+0530'],
  ['a leap second', '2026-12-31T23:59:60Z'],
  ['a lower-case t and z', '2026-12-12t20:00:00z'],
  ['a space for the T', '2026-12-12 20:00:00Z'],
  ['ten fraction digits', '2026-12-12T20:00:00.1234567890Z'],
  ['a year before 1900', '1899-12-31T23:59:59Z'],
];

// The extremes the spec accepts, and the UTC instant each names.
const extremes: Array<[string, string, string]> = [
  ['the latest year with the most negative offset', '9998-12-31T23:59:59.999999999-23:59', '9999-01-01T23:58:59.999Z'],
  ['the earliest year with the most positive offset', '1900-01-01T00:00:00+23:59', '1899-12-31T00:01:00.000Z'],
  ['an offset of -00:00', '2026-12-12T20:00:00-00:00', '2026-12-12T20:00:00.000Z'],
];

describe.each(dbFactories())('date-time bounds on $name', (factory) => {
  let s: TestServer;
  let registration: string;
  const admin = (method: string, path: string, body: unknown) => s.call(method, path, { key: s.adminKey, body });
  const schedule = (startsAt: string) => admin('POST', '/concerts', { title: 'Edge', startsAt, venue: 'Main Hall' });

  beforeAll(async () => {
    s = await startTestServer(factory);
    registration = (
      (await (await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/edge' } })).json()) as { id: string }
    ).id;
  });
  afterAll(() => s.close());

  it.each(outOfRange)('refuses %s with 400 on every date field (%s)', async (_name, value) => {
    const create = await schedule(value);
    expect(create.status).toBe(400);
    const problem = (await create.clone().json()) as { detail: string; errors: unknown[] };
    // One sentence for the field: no regular expression, no second "format" error.
    expect(problem.errors).toEqual([{ pointer: '/body/startsAt', detail: formatPhrases['date-time'] }]);
    expect(problem.detail).toBe(`/body/startsAt ${formatPhrases['date-time']}`);
    expect(await pointers(create)).toEqual(['/body/startsAt']);
    const update = await admin('PATCH', '/concerts/con_jazznight2026', { startsAt: value });
    expect(update.status).toBe(400);
    expect(await pointers(update)).toEqual(['/body/startsAt']);
    const recover = await s.call('POST', '/deliveries/recover', { body: { targetId: registration, since: value } });
    expect(recover.status).toBe(400);
    expect(await pointers(recover)).toEqual(['/body/since']);
  });

  it.each(extremes)('schedules and moves a concert at %s', async (_name, value, instant) => {
    const created = await schedule(value);
    expect(created.status).toBe(201);
    const concert = (await created.json()) as { id: string; startsAt: string };
    expect(concert.startsAt).toBe(instant);
    const moved = await admin('PATCH', `/concerts/${concert.id}`, { startsAt: value, title: 'Moved' });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { startsAt: string }).startsAt).toBe(instant);
    expect((await s.call('GET', `/concerts/${concert.id}`)).status).toBe(200);
  });

  it('recovers from the latest accepted since (nothing to recover), and refuses the earliest as older than 14 days', async () => {
    const late = await s.call('POST', '/deliveries/recover', { body: { targetId: registration, since: '9998-12-31T23:59:59-23:59' } });
    expect(late.status).toBe(202);
    expect(await late.json()).toEqual({ recovered: 0 });
    const early = await s.call('POST', '/deliveries/recover', { body: { targetId: registration, since: '1900-01-01T00:00:00+23:59' } });
    expect(early.status).toBe(422);
    expect(await pointers(early)).toEqual(['/body/since']);
  });

  it('answers a concert stored beyond year 9999 (before the bounds existed) with the latest writable time', async () => {
    await s.db.query(
      `INSERT INTO concerts (id, title, starts_at, venue, currency) VALUES ('con_beyond9999', 'Old row', '10000-01-01T23:58:59Z', 'Main Hall', 'EUR')`,
    );
    const res = await s.call('GET', '/concerts/con_beyond9999');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { startsAt: string }).startsAt).toBe('9999-12-31T23:59:59.999Z');
    const cancelled = await admin('POST', '/concerts/con_beyond9999/cancel', {});
    expect(cancelled.status).toBe(200);
  });
});
