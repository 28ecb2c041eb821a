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
  /**
   * Makes each UTC day's partition of the span that no partition covers yet (as the upkeep would,
   * migration 102) and fills it before its indexes are built, then attaches it: a bulk load (the
   * partitioned history must exist). Without it, rows of a day not made go to the default partition.
   */
  dayPartitions?: boolean;
}

export interface FilledHistory {
  ownerKeyId: string;
  targetIds: string[];
}

/**
 * Writes `messages` delivered messages of history in the shape the server writes them (a
 * `delivery_history` row per message with its success on the row, a `delivery_attempts` row
 * per earlier failed attempt, the targets' log summary on `delivery_targets`), in a few
 * INSERT ... SELECT generate_series statements (`dayPartitions`: a day's table at a time,
 * indexed after it is filled). Works on PGlite too. `seq` comes from the queue's sequence, as the server's does.
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
  const end = (options.endAt ?? new Date()).getTime();
  const span = options.spanMs ?? 86_400_000;
  const fill = { messages: options.messages, targetIds, end, span, retriedEvery, prefix };
  const rows = { ownerKeyId, url: `https://hooks.example.com/${prefix}`, contentType, body };
  if (options.dayPartitions) for (const day of fillDays(end, span)) await fillDay(db, fill, rows, day);
  else await insertHistory(db, 'delivery_history', fill, rows, [1, options.messages]);
  if (retriedEvery > 0) {
    await db.query(
      `INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
       SELECT ${idSql('dlv')}, 1, created_at, 3, 503, 'HTTP 503', 'try later'
       FROM (${SERIES}) s WHERE retried`,
      seriesParams(fill, [1, options.messages]),
    );
  }
  // The targets' log summary from the series itself (reading back the history scanned all of it), never moved back.
  await db.query(
    `INSERT INTO delivery_targets AS d (target_id, last_success_at, last_ok_attempt_at, last_failed_attempt_at)
     SELECT t[1 + g % cardinality(t)], max(created_at) + interval '50 milliseconds', max(created_at) + interval '5 milliseconds',
       max(created_at) FILTER (WHERE retried)
     FROM (${SERIES}) s GROUP BY 1
     ON CONFLICT (target_id) DO UPDATE SET last_success_at = greatest(excluded.last_success_at, d.last_success_at),
       last_ok_attempt_at = greatest(excluded.last_ok_attempt_at, d.last_ok_attempt_at),
       last_failed_attempt_at = greatest(excluded.last_failed_attempt_at, d.last_failed_attempt_at), failed_attempts_since_ok = 0`,
    seriesParams(fill, [1, options.messages]).slice(0, 7),
  );
  return { ownerKeyId, targetIds };
}

interface Fill {
  messages: number;
  targetIds: string[];
  end: number;
  span: number;
  retriedEvery: number;
  prefix: string;
}

/** Messages $1 to $2 of the fill's series ($3-$8): created_at spreads over the span, a message ends 50 ms after it. */
const SERIES = `SELECT g, $3::text[] AS t, $4::timestamptz - interval '1 millisecond' * ($5::float8 * ($6::int - g) / $6::int) AS created_at,
      $7::int > 0 AND g % greatest($7::int, 1) = 0 AS retried
    FROM generate_series($1::int, $2::int) AS g`;
/** The parameters of messages `from` to `to` of the fill's series ($8 is idSql's prefix). */
const seriesParams = (f: Fill, [from, to]: [number, number]) => [
  from,
  to,
  f.targetIds,
  new Date(f.end).toISOString(),
  f.span,
  f.messages,
  f.retriedEvery,
  f.prefix,
];

/** Messages `from` to `to` of the fill into `table`, those ending in [`lo`, `hi`) when given. */
async function insertHistory(
  db: Queryable,
  table: string,
  f: Fill,
  rows: { ownerKeyId: string; url: string; contentType: string; body: string },
  range: [number, number],
  lo?: Date,
  hi?: Date,
): Promise<void> {
  const within = lo && hi ? `WHERE created_at + interval '50 milliseconds' >= $13 AND created_at + interval '50 milliseconds' < $14` : '';
  // The attempt starts 5 ms after the message is queued, takes 40 ms, and is recorded 5 ms after it ends.
  await db.query(
    `INSERT INTO ${table} (seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status,
       attempt_count, round_attempts, created_at, completed_at, success_attempt, success_started_at, success_duration_ms,
       success_status_code, success_error, success_response_body)
     SELECT nextval(pg_get_serial_sequence('deliveries', 'seq')), ${idSql('dlv')}, ${idSql('msg')},
       'webhook', 'stockUpdate', t[1 + g % cardinality(t)], $9, $10, $11, $12, 'succeeded',
       CASE WHEN retried THEN 2 ELSE 1 END, CASE WHEN retried THEN 2 ELSE 1 END,
       created_at, created_at + interval '50 milliseconds', CASE WHEN retried THEN 2 ELSE 1 END, created_at + interval '5 milliseconds', 40,
       204, NULL, ''
     FROM (${SERIES}) s ${within}`,
    [
      ...seriesParams(f, range),
      rows.ownerKeyId,
      rows.url,
      rows.contentType,
      rows.body,
      ...(lo && hi ? [lo.toISOString(), hi.toISOString()] : []),
    ],
  );
}

const DAY_MS = 86_400_000;

/** The UTC days the fill's messages end in, oldest first. */
function fillDays(end: number, span: number): Date[] {
  const days: Date[] = [];
  for (let d = Math.floor((end - span) / DAY_MS) * DAY_MS; d <= end + 50; d += DAY_MS) days.push(new Date(d));
  return days;
}

/**
 * The fill's messages that end on `day`: into its partition when one covers the day, else into a
 * new table of the day, whose indexes are built after its rows (delivery_history_ready), attached
 * as the day's partition. Only the messages of that day are generated.
 */
async function fillDay(db: Queryable, f: Fill, rows: Parameters<typeof insertHistory>[3], day: Date): Promise<void> {
  const lo = day;
  const hi = new Date(day.getTime() + DAY_MS);
  // Message g ends at end - span * (messages - g) / messages + 50 ms: the series' g of the day, one more each side.
  const g = (t: number) => f.messages - ((f.end - (t - 50)) * f.messages) / f.span;
  const range: [number, number] = [Math.max(1, Math.floor(g(lo.getTime())) - 1), Math.min(f.messages, Math.ceil(g(hi.getTime())) + 1)];
  if (range[0] > range[1]) return;
  const [covered] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM delivery_history_partitions WHERE coalesce(lower, '-infinity') < $2 AND upper > $1`,
    [lo.toISOString(), hi.toISOString()],
  );
  if (covered!.n > 0) return insertHistory(db, 'delivery_history', f, rows, range, lo, hi);
  const part = `delivery_history_${lo.toISOString().slice(0, 10).replaceAll('-', '')}`;
  await db.query(`CREATE TABLE ${part} (LIKE delivery_history INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)`);
  await insertHistory(db, part, f, rows, range, lo, hi);
  await db.query(`SELECT delivery_history_ready($1)`, [part]);
  await db.query(
    `ALTER TABLE delivery_history ATTACH PARTITION ${part} FOR VALUES FROM ('${lo.toISOString()}') TO ('${hi.toISOString()}')`,
  );
  await db.query(`INSERT INTO delivery_history_partitions (name, lower, upper) VALUES ($1, $2, $3)`, [
    part,
    lo.toISOString(),
    hi.toISOString(),
  ]);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A time-ordered id as the server makes them (`timeOrderedId`: 7 base62 digits of the millisecond,
 * then 15 characters) from the series' `g` and the fill's prefix ($8): unique in the fill.
 */
function idSql(prefix: 'dlv' | 'msg'): string {
  // created_at's millisecond in integers ($4 the fill's end, $5 its span, $6 its messages): extract() of each row's time is a numeric.
  const ms = `(floor(extract(epoch FROM $4::timestamptz) * 1000)::bigint - ($5::bigint * ($6::int - g) + $6::int - 1) / $6::int)`;
  const digits = [6, 5, 4, 3, 2, 1, 0].map((i) => `substr('${BASE62}', (${ms} / ${62 ** i}::bigint % 62)::int + 1, 1)`);
  return `'${prefix}_' || ${digits.join(' || ')} || left($8, 6) || lpad(g::text, 9, '0')`;
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
