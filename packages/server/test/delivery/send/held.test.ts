import { describe, expect, it } from 'vitest';
import { HeldDeliveries } from '../../../src/delivery/send/held.js';
import type { ClaimedDelivery } from '../../../src/delivery/types.js';

let n = 0;
const d = (owner: string, target: string, rate: number | null = null): ClaimedDelivery => ({
  id: `dlv_${n++}`,
  message_id: `msg_${n}`,
  kind: 'webhook',
  event: 'stockUpdate',
  payload_version: 1,
  body_version: 1,
  target_id: target,
  owner_key_id: owner,
  url: 'https://example.com/hook',
  content_type: 'application/json',
  body: '{}',
  attempt_count: 1,
  round_attempts: 1,
  secret: 'whsec_x',
  target_active: true,
  target_cap: null,
  rate_limit: rate,
});

const states = (held: HeldDeliveries) => ({
  waiting: held.count('waiting'),
  sending: held.count('sending'),
  sent: held.count('sent'),
  cancelled: held.count('cancelled'),
});

describe('held deliveries', () => {
  it('keeps each delivery in one state from waiting to recorded', () => {
    const held = new HeldDeliveries({ concurrency: 1, perTarget: 1 });
    const [a, b] = [d('o', 't'), d('o', 't')];
    held.take(a, true);
    held.take(b, true);
    expect(states(held)).toEqual({ waiting: 2, sending: 0, sent: 0, cancelled: 0 });
    expect(held.start()).toBe(a);
    expect(held.start()).toBeUndefined();
    expect(states(held)).toEqual({ waiting: 1, sending: 1, sent: 0, cancelled: 0 });
    held.sent(a);
    expect(states(held)).toEqual({ waiting: 1, sending: 0, sent: 1, cancelled: 0 });
    expect(held.unrecorded).toBe(1);
    held.recorded([a.id]);
    expect(held.size).toBe(1);
    expect([...held.ids.keys()]).toEqual([b.id]);
  });

  it('counts what waits or is on the wire per target and per owner, not what was sent', () => {
    const held = new HeldDeliveries({ concurrency: 4, perTarget: 4 });
    const [a, b, c] = [d('o1', 't1'), d('o1', 't2'), d('o2', 't1')];
    for (const x of [a, b, c]) held.take(x, true);
    expect(Object.fromEntries(held.byTarget)).toEqual({ t1: 2, t2: 1 });
    expect(Object.fromEntries(held.byOwner)).toEqual({ o1: 2, o2: 1 });
    const started = [held.start()!, held.start()!, held.start()!];
    for (const x of started) held.sent(x);
    expect(held.byTarget.size).toBe(0);
    expect(held.byOwner.size).toBe(0);
    expect(held.ids.size).toBe(3);
  });

  it('cancels what waits for a gone target until the outcome that cancels it is recorded', () => {
    const held = new HeldDeliveries({ concurrency: 1, perTarget: 1 });
    const [gone, waiting, other] = [d('o', 't'), d('o', 't'), d('o', 'u')];
    for (const x of [gone, waiting, other]) held.take(x, true);
    expect(held.start()).toBe(gone);
    held.sent(gone);
    expect(held.cancelTarget(gone)).toEqual([waiting]);
    expect(states(held)).toEqual({ waiting: 1, sending: 0, sent: 1, cancelled: 1 });
    held.recorded([gone.id, waiting.id]);
    expect([...held.ids.keys()]).toEqual([other.id]);
  });

  it('gives back what waits, and forgets it at once', () => {
    const held = new HeldDeliveries({ concurrency: 1, perTarget: 1 });
    const [a, b, c] = [d('o', 't'), d('o', 't'), d('p', 'u')];
    for (const x of [a, b, c]) held.take(x, true);
    held.start();
    held.giveBackTarget('o', 't');
    expect(states(held)).toEqual({ waiting: 1, sending: 1, sent: 0, cancelled: 0 });
    held.giveBackAll();
    expect(held.size).toBe(1);
    expect(held.byTarget.get('t')).toBe(1);
  });

  it('keeps a rate-limited target’s claim cap while its deliveries are held, from claims only', () => {
    const held = new HeldDeliveries({ concurrency: 2, perTarget: 2 });
    const limited = d('o', 't', 5);
    held.take(limited, true);
    expect(held.caps.get('t')).toBe(10);
    held.take(d('o', 't'), false);
    expect(held.caps.get('t')).toBe(10);
    held.giveBackAll();
    expect(held.caps.has('t')).toBe(false);
  });
});
