import { describe, expect, it } from 'vitest';
import { freshDelivery } from '../../../src/delivery/queue/handoff.js';
import { KEPT_KEYS, WaitingKeys } from '../../../src/delivery/record/waiting-keys.js';
import type { FreshDelivery } from '../../../src/delivery/types.js';

const state = (target: string) => ({
  target_id: target,
  secret: 'whsec_x',
  rate_limit: null,
  target_active: true,
  pull: false,
  circuit: false,
  holder: null,
  hold_left_ms: null,
});

let n = 0;
const queued = (target: string, key: string | null, seq?: number, first = seq === 1): FreshDelivery =>
  freshDelivery(
    {
      id: `dlv_${n++}`,
      message_id: `msg_${n}`,
      kind: 'webhook',
      event: 'stockUpdate',
      payload_version: 1,
      body_version: 1,
      owner_key_id: 'key_a',
      url: 'https://example.com/hook',
      content_type: 'application/json',
      body: '{}',
      ordering_key: key,
      key_seq: seq,
      first_of_key: first,
    },
    state(target),
  );

describe('WaitingKeys: whether a later message of an ended one’s key waits (the record’s urgency)', () => {
  it('knows a key’s later messages until the last one noted ends, per target and key', () => {
    const keys = new WaitingKeys();
    const [one, two, three] = [queued('t1', 'k', 1), queued('t1', 'k', 2), queued('t1', 'k', 3)];
    keys.queued([one!, two!, three!]);
    expect(keys.behind(one!)).toBe(true);
    // The same key to another target, and another key, have nothing behind them.
    expect(keys.behind(queued('t2', 'k', 1))).toBe(false);
    expect(keys.behind(queued('t1', 'other', 1))).toBe(false);
    expect(keys.behind(two!)).toBe(true);
    expect(keys.behind(three!)).toBe(false);
    expect(keys.size).toBe(0);
    // A retried earlier message still has them behind it while the note lasts; after the last, nothing.
    expect(keys.behind(one!)).toBe(false);
  });

  it('notes nothing for a first of its key, an unkeyed message, or a message without its place', () => {
    const keys = new WaitingKeys();
    keys.queued([queued('t1', 'k', 1), queued('t1', null), queued('t1', 'k', undefined, false)]);
    expect(keys.size).toBe(0);
    expect(keys.behind(queued('t1', 'k', 1))).toBe(false);
  });

  it('keeps the highest place noted whatever order the offers come in', () => {
    const keys = new WaitingKeys();
    keys.queued([queued('t1', 'k', 5)]);
    keys.queued([queued('t1', 'k', 3)]);
    expect(keys.behind(queued('t1', 'k', 4))).toBe(true);
  });

  it(`keeps at most ${KEPT_KEYS} keys, the oldest going first`, () => {
    const keys = new WaitingKeys();
    keys.queued(Array.from({ length: KEPT_KEYS + 1 }, (_, i) => queued('t1', `k${i}`, 2)));
    expect(keys.size).toBe(KEPT_KEYS);
    expect(keys.behind(queued('t1', 'k0', 1))).toBe(false);
    expect(keys.behind(queued('t1', `k${KEPT_KEYS}`, 1))).toBe(true);
  });
});
