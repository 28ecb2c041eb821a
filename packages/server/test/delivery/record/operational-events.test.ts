import { describe, expect, it } from 'vitest';
import { isOperationalTarget, outcomeEvents } from '../../../src/delivery/record/operational-events.js';
import type { ClaimedDelivery, Outcome } from '../../../src/delivery/types.js';

const delivery = (id: string, targetId: string, extra: Partial<ClaimedDelivery> = {}) =>
  ({
    id,
    message_id: `msg_${id}`,
    target_id: targetId,
    owner_key_id: 'key_owner',
    url: `https://example.com/${targetId}`,
    attempt_count: 3,
    target_cap: null,
    ...extra,
  }) as ClaimedDelivery;

const outcome = (d: ClaimedDelivery, status: Outcome['status'], statusCode: number | null = 500): Outcome => ({
  delivery: d,
  status,
  retryInMs: null,
  result: {
    startedAt: new Date(0),
    durationMs: 5,
    statusCode,
    error: statusCode === null ? 'timeout' : null,
    responseBody: null,
    retryAfterMs: null,
  },
});

const none = new Map<string, string>();

describe('outcomeEvents', () => {
  it('reports a delivery that failed for good, with its event, attempts and last answer', () => {
    const d = delivery('dlv_1', 'reg_1');
    const [event, ...rest] = outcomeEvents([outcome(d, 'failed', 503)], [], none, 60_000, new Map([['dlv_1', 'concertScheduled']]));
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      name: 'deliveryFailed',
      ownerKeyId: 'key_owner',
      payload: {
        type: 'deliveryFailed',
        deliveryId: 'dlv_1',
        messageId: 'msg_dlv_1',
        event: 'concertScheduled',
        targetId: 'reg_1',
        url: 'https://example.com/reg_1',
        attemptCount: 3,
        lastStatusCode: 503,
        lastError: null,
      },
    });
    expect(Number.isNaN(Date.parse(event!.payload.occurredAt))).toBe(false);
  });

  it('says nothing of retries and ordinary successes', () => {
    const d = delivery('dlv_2', 'reg_2');
    expect(outcomeEvents([outcome(d, 'pending'), outcome(d, 'succeeded', 204)], [], none, 60_000, new Map())).toEqual([]);
  });

  it('reports a half-open probe that succeeded as the circuit closed, once per target', () => {
    const probe = delivery('dlv_3', 'reg_3', { target_cap: 1 });
    const events = outcomeEvents([outcome(probe, 'succeeded', 200), outcome(probe, 'succeeded', 200)], [], none, 60_000, new Map());
    expect(events.map((e) => [e.name, 'targetId' in e.payload ? e.payload.targetId : undefined])).toEqual([['circuitClosed', 'reg_3']]);
  });

  it('reports circuits opened until the cool-down ends, and targets disabled with their reason', () => {
    const d = delivery('dlv_4', 'reg_4');
    const events = outcomeEvents(
      [outcome(d, 'pending', null)],
      ['reg_4'],
      new Map([['reg_4', 'the receiver answered 410 Gone']]),
      60_000,
      new Map(),
    );
    expect(events.map((e) => e.name)).toEqual(['circuitOpened', 'targetDisabled']);
    const [opened, disabled] = events as [
      Extract<(typeof events)[number], { name: 'circuitOpened' }>,
      Extract<(typeof events)[number], { name: 'targetDisabled' }>,
    ];
    expect(Date.parse(opened.payload.openUntil) - Date.parse(opened.payload.occurredAt)).toBeGreaterThanOrEqual(60_000);
    expect(disabled.payload).toMatchObject({ type: 'targetDisabled', targetId: 'reg_4', reason: 'the receiver answered 410 Gone' });
  });

  it('reports only targets of this batch: circuits and disables of others are not its to tell', () => {
    const d = delivery('dlv_5', 'reg_5');
    expect(outcomeEvents([outcome(d, 'pending')], ['reg_other'], new Map([['reg_other', 'gone']]), 60_000, new Map())).toEqual([]);
  });

  it('never reports on an operational-event subscription, so a failing one cannot feed itself', () => {
    const ops = delivery('dlv_6', 'ops_1', { target_cap: 1 });
    expect(isOperationalTarget('ops_1')).toBe(true);
    expect(isOperationalTarget('reg_1')).toBe(false);
    expect(
      outcomeEvents([outcome(ops, 'failed'), outcome(ops, 'succeeded', 200)], ['ops_1'], new Map([['ops_1', 'gone']]), 60_000, new Map()),
    ).toEqual([]);
  });

  it('names an event it cannot look up as unknown', () => {
    const [event] = outcomeEvents([outcome(delivery('dlv_7', 'reg_7'), 'failed')], [], none, 60_000, new Map());
    expect(event!.payload).toMatchObject({ event: 'unknown' });
  });
});
