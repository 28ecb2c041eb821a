import { freshDelivery } from '../queue/handoff.js';
import { targetStateSql } from '../queue/fragments.sql.js';
import { notHeldSql } from '../queue/ordering-holds.sql.js';
import type { FreshDelivery, TargetState } from '../types.js';

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
         AND NOT EXISTS (SELECT 1 FROM deliveries x WHERE x.target_id = l.target_id AND x.ordering_key = l.ordering_key
                           AND x.key_seq < l.key_seq AND x.key_seq <> l.ended_seq)
         AND ${notHeldSql('l')}`;

/** The record statement's columns for the `handed` rows: themselves, and their targets' state. */
export const handedColumnsSql = (handed: string) =>
  `(SELECT json_agg(json_build_array(id, message_id, kind, event, payload_version, body_version, owner_key_id, url, content_type, body,
          attempt_count + 1, round_attempts + 1, traceparent, tracestate, ordering_key, key_seq, target_id,
          (extract(epoch FROM created_at) * 1000)::float8))::text FROM ${handed}) AS handed,
   ${targetStateSql(`(SELECT DISTINCT target_id FROM ${handed})`)} AS handed_targets`;

type HandedRow = [
  id: string,
  messageId: string,
  kind: 'webhook' | 'callback',
  event: string,
  payloadVersion: number,
  bodyVersion: number,
  ownerKeyId: string,
  url: string,
  contentType: string,
  body: string,
  attemptCount: number,
  roundAttempts: number,
  traceparent: string | null,
  tracestate: string | null,
  orderingKey: string,
  keySeq: number | string,
  targetId: string,
  queuedAt: number,
];

/** The `handed` rows as deliveries the recording worker may take (first of their key). */
export function handedDeliveries(rows: string | null, targets: string): FreshDelivery[] {
  if (!rows) return [];
  const states = new Map((JSON.parse(targets) as TargetState[]).map((t) => [t.target_id, t]));
  return (JSON.parse(rows) as HandedRow[]).map(
    ([
      id,
      message_id,
      kind,
      event,
      payload_version,
      body_version,
      owner_key_id,
      url,
      content_type,
      body,
      attempts,
      rounds,
      tp,
      ts,
      key,
      seq,
      target,
      queued,
    ]) =>
      freshDelivery(
        {
          id,
          message_id,
          kind,
          event,
          payload_version,
          body_version,
          owner_key_id,
          url,
          content_type,
          body,
          ordering_key: key,
          key_seq: Number(seq),
          first_of_key: true,
          attempt_count: attempts,
          round_attempts: rounds,
          queued_at: queued,
        },
        states.get(target)!,
        tp ? { traceparent: tp, tracestate: ts ?? undefined } : undefined,
      ),
  );
}
