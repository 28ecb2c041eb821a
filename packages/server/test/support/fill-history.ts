import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../src/db/database.js';
import { sampleEvent } from '../../src/domain/sample-event.js';

export interface FillHistoryOptions {
  /** Delivered messages to write to the history (one `delivery_history` row each). */
  messages: number;
  /** Targets to spread them over: a number of new `stockUpdate` registrations (default 10), or existing target ids. */
  targets?: number | readonly string[];
  /** Their owner (an API key id, created if missing); default a new subscriber key. */
  ownerKeyId?: string;
  /** Every n-th message succeeded on its second attempt, after a 503 logged in `delivery_attempts`; default 10 (0: none). */
  retriedEvery?: number;
  /** When the newest message ended; default now. */
  endAt?: Date;
  /** How far back the oldest one was queued, before `endAt`; default one day. */
  spanMs?: number;
}

export interface FilledHistory {
  ownerKeyId: string;
  targetIds: string[];
}

/**
 * Writes `messages` delivered messages of history in the shape the server writes them (a
 * `delivery_history` row per message with its success on the row, a `delivery_attempts` row
 * per earlier failed attempt, the targets' log summary on `delivery_targets`), in a few
 * INSERT ... SELECT generate_series statements: about a second per 100,000 messages on
 * PostgreSQL. Works on PGlite too. `seq` comes from the queue's sequence, as the server's does.
 */
export async function fillDeliveredHistory(db: Queryable, options: FillHistoryOptions): Promise<FilledHistory> {
  const ownerKeyId = options.ownerKeyId ?? `key_${randomBytes(6).toString('hex')}`;
  await ensureKey(db, ownerKeyId);
  const targetIds = Array.isArray(options.targets)
    ? [...(options.targets as readonly string[])]
    : await addTargets(db, ownerKeyId, (options.targets as number | undefined) ?? 10);
  const { contentType, body } = sampleEvent('webhook', 'stockUpdate');
  const retriedEvery = options.retriedEvery ?? 10;
  const prefix = randomBytes(6).toString('hex').slice(0, 10);
  // The series ($1-$6) is shared by both inserts: created_at spreads over the span.
  const series = `SELECT g, $2::text[] AS t, $3::timestamptz - $4::bigint * interval '1 millisecond' * ($1::int - g) / $1::int AS created_at,
      $5::int > 0 AND g % greatest($5::int, 1) = 0 AS retried
    FROM generate_series(1, $1::int) AS g`;
  const seriesParams = [
    options.messages,
    targetIds,
    (options.endAt ?? new Date()).toISOString(),
    options.spanMs ?? 86_400_000,
    retriedEvery,
    prefix,
  ];
  // The attempt starts 5 ms after the message is queued, takes 40 ms, and is recorded 5 ms after it ends.
  await db.query(
    `INSERT INTO delivery_history (seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status,
       attempt_count, round_attempts, created_at, completed_at, success_attempt, success_started_at, success_duration_ms,
       success_status_code, success_error, success_response_body)
     SELECT nextval(pg_get_serial_sequence('deliveries', 'seq')), ${idSql('dlv')}, ${idSql('msg')},
       'webhook', 'stockUpdate', t[1 + g % cardinality(t)], $7, $8, $9, $10, 'succeeded',
       CASE WHEN retried THEN 2 ELSE 1 END, CASE WHEN retried THEN 2 ELSE 1 END,
       created_at, created_at + interval '50 milliseconds', CASE WHEN retried THEN 2 ELSE 1 END, created_at + interval '5 milliseconds', 40,
       204, NULL, ''
     FROM (${series}) s`,
    [...seriesParams, ownerKeyId, `https://hooks.example.com/${prefix}`, contentType, body],
  );
  if (retriedEvery > 0) {
    await db.query(
      `INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
       SELECT ${idSql('dlv')}, 1, created_at, 3, 503, 'HTTP 503', 'try later'
       FROM (${series}) s WHERE retried`,
      seriesParams,
    );
  }
  await db.query(
    `INSERT INTO delivery_targets AS d (target_id, last_success_at, last_ok_attempt_at, last_failed_attempt_at)
     SELECT target_id, max(completed_at), max(success_started_at), max(created_at) FILTER (WHERE attempt_count > 1)
     FROM delivery_history WHERE target_id = ANY($1::text[]) GROUP BY target_id
     ON CONFLICT (target_id) DO UPDATE SET last_success_at = excluded.last_success_at, last_ok_attempt_at = excluded.last_ok_attempt_at,
       last_failed_attempt_at = coalesce(excluded.last_failed_attempt_at, d.last_failed_attempt_at), failed_attempts_since_ok = 0`,
    [targetIds],
  );
  return { ownerKeyId, targetIds };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A time-ordered id as the server makes them (`timeOrderedId`: 7 base62 digits of the millisecond,
 * then 15 characters) from the series' `created_at`, `g` and the fill's prefix ($6): unique in the fill.
 */
function idSql(prefix: 'dlv' | 'msg'): string {
  const ms = `floor(extract(epoch FROM created_at) * 1000)::bigint`;
  const digits = [6, 5, 4, 3, 2, 1, 0].map((i) => `substr('${BASE62}', (${ms} / ${62 ** i}::bigint % 62)::int + 1, 1)`);
  return `'${prefix}_' || ${digits.join(' || ')} || left($6, 6) || lpad(g::text, 9, '0')`;
}

/**
 * Queues `messages` pending deliveries, due `dueInMs` from now (default now), spread over
 * `targetIds`, as a publish would (`insertDeliveriesSql`'s columns).
 */
export async function fillPending(
  db: Queryable,
  options: { messages: number; targetIds: readonly string[]; ownerKeyId: string; dueInMs?: number },
): Promise<void> {
  const { contentType, body } = sampleEvent('webhook', 'stockUpdate');
  const prefix = randomBytes(6).toString('hex').slice(0, 10);
  await db.query(
    `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
     SELECT 'dlv_' || $1 || lpad(g::text, 12, '0'), 'msg_' || $1 || lpad(g::text, 12, '0'), 'webhook', 'stockUpdate',
       ($3::text[])[1 + g % cardinality($3::text[])], $4, 'https://hooks.example.com/' || $1, $5, $6, now() + $7::bigint * interval '1 millisecond'
     FROM generate_series(1, $2::int) AS g`,
    [prefix, options.messages, options.targetIds, options.ownerKeyId, contentType, body, options.dueInMs ?? 0],
  );
}

async function ensureKey(db: Queryable, id: string): Promise<void> {
  await db.query(`INSERT INTO api_keys (id, name, scope, key_hash) VALUES ($1, 'history', 'subscriber', $2) ON CONFLICT (id) DO NOTHING`, [
    id,
    randomBytes(16).toString('hex'),
  ]);
}

async function addTargets(db: Queryable, ownerKeyId: string, n: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO registrations (id, owner_key_id, event, url, secret)
     SELECT 'reg_' || $3 || lpad(g::text, 6, '0'), $1, 'stockUpdate', 'https://hooks.example.com/' || $3 || '/' || g, $4
     FROM generate_series(1, $2::int) AS g RETURNING id`,
    [ownerKeyId, n, randomBytes(5).toString('hex'), `whsec_${randomBytes(24).toString('base64')}`],
  );
  return rows.map((r) => r.id);
}
