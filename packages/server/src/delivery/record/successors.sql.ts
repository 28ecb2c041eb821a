import { freshDelivery } from '../queue/handoff.js';
import { targetStateSql } from '../queue/fragments.sql.js';
import { firstOfKeySql, notHeldSql } from '../queue/ordering-holds.sql.js';
import type { FreshDelivery, FreshMessage, TargetState } from '../types.js';

/**
 * The record statement's `later` step: for each ended keyed row of `done`, the next message of
 * its (target, key) that waits in the queue, found by the ordering index (migration 071). A
 * lateral probe per ended row: as a semi-join, a queue without statistics (PGlite) was hashed whole.
 */
export const laterOfKeySql = (done: string) => `SELECT d.status AS ended, d.key_seq AS ended_seq, e.*
       FROM ${done} d CROSS JOIN LATERAL (
         SELECT e.id, e.message_id, e.kind, e.event, e.payload_version, e.body_version, e.target_id, e.owner_key_id, e.url,
                e.content_type, e.body, e.attempt_count, e.round_attempts, e.created_at, e.traceparent, e.tracestate, e.ordering_key, e.key_seq,
                e.next_attempt_at, e.pull, e.lease_expires_at
         FROM deliveries e WHERE e.target_id = d.target_id AND e.ordering_key = d.ordering_key AND e.key_seq > d.key_seq
         ORDER BY e.key_seq LIMIT 1
       ) e WHERE d.ordering_key IS NOT NULL`;

/**
 * The `handed` step: of `later`, the messages the recording worker may send now without a claim,
 * as a claim would find them due: their predecessor succeeded (a failure may hold the key), they
 * are due, pushed, not leased, first of their key once the ended row is gone (the statement still
 * sees it), and their key is not held.
 */
export const handedSql = (later: string) => `SELECT l.* FROM ${later} l
       WHERE l.ended = 'succeeded' AND l.next_attempt_at <= now() AND NOT l.pull
         AND (l.lease_expires_at IS NULL OR l.lease_expires_at < now())
         AND ${firstOfKeySql('l', 'l.ended_seq')} AND ${notHeldSql('l')}`;

/** The record statement's columns for the `handed` rows: each as a {@link HandedRow}, and their targets' state. */
export const handedColumnsSql = (handed: string) =>
  `(SELECT json_agg(h)::text FROM (
     SELECT id, message_id, kind, event, payload_version, body_version, owner_key_id, url, content_type, body, ordering_key,
            key_seq, true AS first_of_key, attempt_count + 1 AS attempt_count, round_attempts + 1 AS round_attempts,
            (extract(epoch FROM created_at) * 1000)::float8 AS queued_at, traceparent, tracestate, target_id
     FROM ${handed}) h) AS handed,
   ${targetStateSql(`(SELECT DISTINCT target_id FROM ${handed})`)} AS handed_targets`;

/** A handed row: the message, its place, its attempt and queue time, its trace context and target. */
type HandedRow = FreshMessage & { traceparent: string | null; tracestate: string | null; target_id: string };

/** The `handed` rows as deliveries the recording worker may take (first of their key). */
export function handedDeliveries(rows: string | null, targets: string): FreshDelivery[] {
  if (!rows) return [];
  const states = new Map((JSON.parse(targets) as TargetState[]).map((t) => [t.target_id, t]));
  return (JSON.parse(rows) as HandedRow[]).map((row) =>
    freshDelivery(
      { ...row, key_seq: Number(row.key_seq) },
      states.get(row.target_id)!,
      row.traceparent ? { traceparent: row.traceparent, tracestate: row.tracestate ?? undefined } : undefined,
    ),
  );
}
