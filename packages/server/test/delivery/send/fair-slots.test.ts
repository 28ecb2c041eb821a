import { describe, it, expect } from 'vitest';
import { FairSlots, type Slotted } from '../../../src/delivery/send/fair-slots.js';

let n = 0;
const d = (owner: string, target: string, cap?: number): Slotted => ({
  id: `dlv_${n++}`,
  owner_key_id: owner,
  target_id: target,
  target_cap: cap,
});

function startAll(slots: FairSlots<Slotted>): Slotted[] {
  const started: Slotted[] = [];
  for (let x = slots.next(); x; x = slots.next()) started.push(x);
  return started;
}

describe('fair slots', () => {
  it('lets a lone owner use every slot (work-conserving)', () => {
    const slots = new FairSlots({ concurrency: 8, perTarget: 4 });
    for (let i = 0; i < 20; i++) slots.add(d('a', `t${i}`));
    expect(startAll(slots)).toHaveLength(8);
    expect(slots.waiting).toBe(12);
  });

  it('starts a second owner at once although the first borrowed every slot', () => {
    const slots = new FairSlots({ concurrency: 8, perTarget: 4 });
    for (let i = 0; i < 20; i++) slots.add(d('dead', `t${i}`));
    startAll(slots);
    slots.add(d('healthy', 'h'));
    expect(startAll(slots).map((x) => x.owner_key_id)).toEqual(['healthy']);
  });

  it('gives a borrower no new slot until it is back within its share', () => {
    const slots = new FairSlots({ concurrency: 8, perTarget: 4 });
    for (let i = 0; i < 20; i++) slots.add(d('dead', `t${i}`));
    const dead = startAll(slots);
    for (let i = 0; i < 8; i++) slots.add(d('healthy', `h${i}`));
    expect(startAll(slots)).toHaveLength(4);
    for (const x of dead.slice(0, 4)) slots.done(x);
    expect(startAll(slots)).toEqual([]);
    slots.done(dead[4]!);
    expect(startAll(slots).map((x) => x.owner_key_id)).toEqual(['dead']);
    expect(slots.active).toBe(8);
  });

  it('alternates between owners and between each owner’s targets', () => {
    const slots = new FairSlots({ concurrency: 4, perTarget: 4 });
    for (let i = 0; i < 3; i++) slots.add(d('a', 'a1'));
    for (let i = 0; i < 3; i++) slots.add(d('a', 'a2'));
    for (let i = 0; i < 3; i++) slots.add(d('b', 'b1'));
    expect(startAll(slots).map((x) => `${x.owner_key_id}:${x.target_id}`)).toEqual(['a:a1', 'b:b1', 'a:a2', 'b:b1']);
  });

  it('keeps each target to its cap, and to one attempt while its circuit probes', () => {
    const slots = new FairSlots({ concurrency: 64, perTarget: 2 });
    for (let i = 0; i < 5; i++) slots.add(d('a', 'busy'));
    for (let i = 0; i < 5; i++) slots.add(d('a', 'probing', 1));
    expect(
      startAll(slots)
        .map((x) => x.target_id)
        .sort(),
    ).toEqual(['busy', 'busy', 'probing']);
  });

  it('hands back what waits for a dropped target, and everything on drain', () => {
    const slots = new FairSlots({ concurrency: 1, perTarget: 1 });
    slots.add(d('a', 't'));
    slots.add(d('a', 't'));
    slots.add(d('a', 'u'));
    const first = slots.next()!;
    expect(slots.dropTarget('a', first.target_id)).toHaveLength(1);
    expect(slots.drain()).toHaveLength(1);
    slots.done(first);
    expect(slots.owners).toBe(0);
    expect(slots.waiting).toBe(0);
    expect(slots.active).toBe(0);
  });

  it('starts nothing before its send slot, and the rest of its target waits behind it', () => {
    let now = 1_000;
    const slots = new FairSlots({ concurrency: 8, perTarget: 4, now: () => now });
    slots.add({ ...d('a', 'limited'), not_before: 1_200 });
    slots.add({ ...d('a', 'limited'), not_before: 1_400 });
    slots.add(d('a', 'free'));
    expect(startAll(slots).map((x) => x.target_id)).toEqual(['free']);
    expect(slots.dueAt()).toBe(1_200);
    now = 1_200;
    expect(startAll(slots).map((x) => x.not_before)).toEqual([1_200]);
    expect(slots.dueAt()).toBe(1_400);
    now = 1_500;
    expect(startAll(slots).map((x) => x.not_before)).toEqual([1_400]);
    expect(slots.dueAt()).toBeUndefined();
  });

  it('keeps a rate-limited target 1 s / rate apart after a late start', () => {
    let now = 1_000;
    const slots = new FairSlots({ concurrency: 8, perTarget: 4, now: () => now });
    for (const at of [1_000, 1_200, 1_400]) slots.add({ ...d('a', 'limited'), not_before: at, rate_limit: 5 });
    now = 1_150; // the first slot's start was held up 150 ms
    expect(startAll(slots).map((x) => x.not_before)).toEqual([1_000]);
    expect(slots.dueAt()).toBe(1_350);
    now = 1_349;
    expect(startAll(slots)).toEqual([]);
    now = 1_350;
    expect(startAll(slots).map((x) => x.not_before)).toEqual([1_200]);
    expect(slots.dueAt()).toBe(1_550);
  });

  it('has no send slot due when only unslotted deliveries wait', () => {
    const slots = new FairSlots({ concurrency: 1, perTarget: 1, now: () => 0 });
    slots.add(d('a', 't'));
    slots.add(d('a', 't'));
    expect(slots.dueAt()).toBeUndefined();
  });
});
