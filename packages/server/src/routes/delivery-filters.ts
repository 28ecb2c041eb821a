import { operationalEventNames } from '@clubnotify/spec';
import { formatInstant as iso, parseInstant } from '../domain/instant.js';

/** Conditions on `delivery_messages` or `delivery_history` columns with their `$n` values. */
export class Conditions {
  readonly where: string[] = [];
  readonly params: unknown[] = [];

  add(condition: (n: number) => string, value: unknown): void {
    this.params.push(value);
    this.where.push(condition(this.params.length));
  }

  /** A condition without a value. */
  raw(condition: string): void {
    this.where.push(condition);
  }
}

/** What finding messages filters on, in the list's query and the bulk replay's body alike. */
export interface MessageFilter {
  owner?: string;
  targetId?: string;
  event?: string;
  messageId?: string;
  since?: string;
  until?: string;
}

/**
 * Adds the filter's conditions; `since` and `until` are parsed at `pointer` + their name (the
 * spec's DateTime pattern already bounds them). Each has an index: owner and target by seq,
 * message id, and creation time (migration 030). `since` also bounds `ended` (the history's
 * `completed_at`, `updated_at` in `delivery_messages`), which a delivery cannot pass before it is
 * created: the history is partitioned by it (migration 102), so only the partitions since then are read.
 */
export function addFilter(c: Conditions, f: MessageFilter, pointer: string, ended: 'updated_at' | 'completed_at' = 'updated_at'): void {
  // Operational events are not in the log (its `event` names webhooks and callbacks); the owner's
  // operational-event subscription shows their state.
  c.add((n) => `event <> ALL($${n}::text[])`, [...operationalEventNames]);
  if (f.owner !== undefined) c.add((n) => `owner_key_id = $${n}`, f.owner);
  if (f.targetId !== undefined) c.add((n) => `target_id = $${n}`, f.targetId);
  if (f.event !== undefined) c.add((n) => `event = $${n}`, f.event);
  if (f.messageId !== undefined) c.add((n) => `message_id = $${n}`, f.messageId);
  if (f.since !== undefined) {
    c.add((n) => `created_at >= $${n}`, iso(parseInstant(f.since, `${pointer}/since`)));
    c.raw(`${ended} >= $${c.params.length}`);
  }
  if (f.until !== undefined) c.add((n) => `created_at < $${n}`, iso(parseInstant(f.until, `${pointer}/until`)));
}
