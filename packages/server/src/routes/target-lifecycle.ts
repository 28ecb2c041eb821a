import type { components } from '@clubnotify/spec';
import type { Queryable } from '../db/database.js';
import { cancelDeliveriesForTarget } from '../delivery/queue/cancel.sql.js';
import { restartFailureWindow } from '../delivery/record/disable.sql.js';
import { formatWindow } from '../delivery/queue/durations.js';
import { recoverWindowMs, requeueSince } from '../delivery/queue/requeue.sql.js';
import { heldKeys, switchOrderingMode } from '../delivery/queue/ordering-holds.sql.js';
import { timeOrderedId } from '../delivery/queue/time-ordered-ids.js';
import { formatInstant, parseInstant } from '../domain/instant.js';
import { sampleEvent } from '../domain/sample-event.js';
import { targetHealthReport } from '../domain/target-health-report.js';
import type { Caller, Handler } from '../http/context.js';
import { HttpProblem, problems } from '../http/problem.js';
import { newSigningSecret } from '../ids.js';
import type { Queue } from '../publish/outbox.js';
import type { Services } from '../services.js';
import type { TargetTable } from './targets.js';
import { requireTargetUrl } from './url-check.js';
import { requestedPayloadVersion } from './payload-version.js';

/** What differs between registrations and subscriptions for get, update, rotateSecret and test. */
export interface LifecycleTarget<Row> extends TargetTable {
  param: 'registrationId' | 'subscriptionId';
  noun: 'registration' | 'subscription';
  kind: 'webhook' | 'callback';
  urlColumn: 'url' | 'callback_url';
  urlField: 'url' | 'callbackUrl';
  /** The column that, with owner and URL, identifies a live target. */
  scopeColumn: 'event' | 'concert_id';
  eventOf(row: Row): components['schemas']['EventName'];
  /** The target as the API shows it; with its secret only when it was just created. */
  present(row: Row, withSecret: boolean): object;
}

interface LifecycleRow {
  id: string;
  status: 'active' | 'paused' | 'disabled';
  owner_key_id: string;
  owner_revoked: boolean;
  previous_secret_expires_at: Date | string | null;
  [column: string]: unknown;
}

type RotatedSecret = components['schemas']['RotatedSecret'];
type QueuedDelivery = components['schemas']['Delivery'];

/** getX, updateX, rotateXSecret and testX for one kind of target. */
export function lifecycleHandlers<Row>(
  services: Services,
  t: LifecycleTarget<Row>,
  names: { get: string; update: string; rotate: string; test: string },
): Record<string, Handler> {
  const detail = async (db: Queryable, row: LifecycleRow) => ({
    ...t.present(row as Row, false),
    health: await targetHealthReport(db, row.id),
    heldKeys: await heldKeys(db, row.id),
    previousSecretExpiresAt: row.previous_secret_expires_at === null ? null : formatInstant(row.previous_secret_expires_at),
  });
  return {
    [names.get]: async (_req, res, ctx) => {
      res.json(await detail(services.db, await findOwned(services.db, t, ctx.path[t.param] as string, ctx.caller!, false)));
    },
    // Writes check their answer inside their transaction: a broken answer commits nothing.
    [names.update]: async (_req, res, ctx) => {
      const check = (tx: Queryable, row: LifecycleRow) => detail(tx, row).then((body) => services.checkResponse(res, 200, body));
      res.json(await updateTarget(services, t, ctx.path[t.param] as string, ctx.caller!, ctx.body as UpdateBody, check));
    },
    [names.rotate]: async (_req, res, ctx) => {
      const overlap = (ctx.body as { overlapSeconds?: number } | undefined)?.overlapSeconds ?? 86_400;
      res.json(
        await rotateSecret(services, t, ctx.path[t.param] as string, ctx.caller!, overlap, (body) =>
          services.checkResponse(res, 200, body),
        ),
      );
    },
    [names.test]: async (_req, res, ctx) => {
      const version = requestedPayloadVersion(services, ctx.query.payloadVersion, '/query/payloadVersion');
      const row = await findOwned(services.db, t, ctx.path[t.param] as string, ctx.caller!, false);
      res.status(202).json(await sendTest(services, t, row, version, (body) => services.checkResponse(res, 202, body)));
    },
  };
}

/** The caller's live target (any, for an admin); others' ids are 404 so that ids cannot be probed. */
async function findOwned(db: Queryable, t: LifecycleTarget<unknown>, id: string, caller: Caller, lock: boolean): Promise<LifecycleRow> {
  const [row] = await db.query<LifecycleRow>(
    `SELECT ${t.columns
      .split(', ')
      .map((c) => `t.${c}`)
      .join(', ')}, t.owner_key_id, t.previous_secret_expires_at, k.revoked_at IS NOT NULL AS owner_revoked
     FROM ${t.table} t JOIN api_keys k ON k.id = t.owner_key_id
     WHERE t.id = $1 AND t.deleted_at IS NULL AND (t.owner_key_id = $2 OR $3)${lock ? ' FOR UPDATE OF t' : ''}`,
    [id, caller.keyId, caller.scope === 'admin'],
  );
  if (!row) throw problems.notFound(`No ${t.noun} ${id}.`, `/path/${t.param}`);
  return row;
}

interface UpdateBody {
  url?: string;
  callbackUrl?: string;
  status?: 'active' | 'paused';
  rateLimitPerSecond?: number | null;
  recoverSince?: string;
  payloadVersion?: number;
  ordering?: 'release' | 'hold';
  signature?: 'v1' | 'v1a' | 'v1,v1a';
}

async function updateTarget<T>(
  services: Services,
  t: LifecycleTarget<unknown>,
  id: string,
  caller: Caller,
  body: UpdateBody,
  answer: (tx: Queryable, row: LifecycleRow) => Promise<T>,
): Promise<T> {
  const url = body[t.urlField];
  // Checked before the transaction (a DNS lookup holds no lock); a pull target's URL is not dialled (url-check.ts).
  if (url !== undefined) {
    const { delivery } = await findOwned(services.db, t, id, caller, false);
    await requireTargetUrl(services, url, `/body/${t.urlField}`, delivery as string);
  }
  const version = requestedPayloadVersion(services, body.payloadVersion, '/body/payloadVersion');
  const since = body.recoverSince === undefined ? undefined : parseInstant(body.recoverSince, '/body/recoverSince').getTime();
  const windowMs = recoverWindowMs(services.retentionMs);
  if (since !== undefined && Date.now() - since > windowMs)
    throw problems.field('/body/recoverSince', `must be at most ${formatWindow(windowMs)} ago`, 'outside-recovery-window');
  return services.outbox.publish((queue) =>
    services.db.transaction(async (tx) => {
      const current = await findOwned(tx, t, id, caller, true);
      if (url !== undefined && url !== current[t.urlColumn]) await moveTarget(tx, t, current, url);
      if (body.status === 'paused' && current.status !== 'paused') await pause(tx, t, current);
      if (body.status === 'active' && current.status !== 'active') await activate(tx, t, current);
      // Messages queued from now on are converted to it; those already queued keep the version they were queued in.
      if (version !== undefined) await tx.query(`UPDATE ${t.table} SET payload_version = $2 WHERE id = $1`, [id, version]);
      // Switching to release lets every key held by a failed message go on (the failed message is skipped).
      if (body.ordering !== undefined && (await switchOrderingMode(tx, t.table, id, body.ordering)) > 0) queue.requeued(1);
      // Attempts are signed as the target says when they go out: retries of queued messages switch too.
      if (body.signature !== undefined) await tx.query(`UPDATE ${t.table} SET signature = $2 WHERE id = $1`, [id, body.signature]);
      if (body.rateLimitPerSecond !== undefined) {
        await tx.query(`UPDATE ${t.table} SET rate_limit_per_second = $2 WHERE id = $1`, [id, body.rateLimitPerSecond]);
      }
      if (since !== undefined) {
        if ((body.status ?? current.status) !== 'active') {
          throw new HttpProblem(
            'conflict',
            `${t.noun} ${id} is ${current.status}; recoverSince needs it active (send status: active with it).`,
          );
        }
        queue.requeued(await requeueSince(tx, id, ['failed', 'cancelled'], new Date(since).toISOString()));
      }
      return answer(tx, await findOwned(tx, t, id, caller, false));
    }),
  );
}

async function moveTarget(tx: Queryable, t: LifecycleTarget<unknown>, current: LifecycleRow, url: string): Promise<void> {
  // Serialised with registrations of the same key (see insertOrGetTarget).
  await tx.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [current.owner_key_id]);
  const clash = await tx.query<{ id: string }>(
    `SELECT id FROM ${t.table} WHERE owner_key_id = $1 AND ${t.scopeColumn} = $2 AND ${t.urlColumn} = $3 AND deleted_at IS NULL AND id <> $4`,
    [current.owner_key_id, current[t.scopeColumn], url, current.id],
  );
  if (clash[0])
    throw new HttpProblem('conflict', `${clash[0].id} already sends the same messages to this URL; remove it or update that one.`, [
      { pointer: `/body/${t.urlField}`, detail: `is already used by ${clash[0].id}` },
    ]);
  await tx.query(`UPDATE ${t.table} SET ${t.urlColumn} = $2 WHERE id = $1`, [current.id, url]);
  await tx.query(`UPDATE deliveries SET url = $2, updated_at = now() WHERE target_id = $1 AND status = 'pending'`, [current.id, url]);
}

async function pause(tx: Queryable, t: LifecycleTarget<unknown>, current: LifecycleRow): Promise<void> {
  if (current.status === 'disabled') {
    throw new HttpProblem(
      'conflict',
      `${t.noun} ${current.id} is disabled (${String(current.disabled_reason)}); re-enable it with status: active first.`,
    );
  }
  await tx.query(`UPDATE ${t.table} SET status = 'paused' WHERE id = $1`, [current.id]);
  await cancelDeliveriesForTarget(tx, current.id);
}

async function activate(tx: Queryable, t: LifecycleTarget<unknown>, current: LifecycleRow): Promise<void> {
  if (current.owner_revoked)
    throw new HttpProblem(
      'conflict',
      `The API key ${current.owner_key_id} that owns ${current.id} is revoked; register the URL with a live key instead.`,
    );
  await tx.query(`UPDATE ${t.table} SET status = 'active', disabled_reason = NULL, disabled_at = NULL WHERE id = $1`, [current.id]);
  await restartFailureWindow(tx, current.id);
}

interface RotatedRow {
  id: string;
  secret: string;
  previous_secret_expires_at: Date | string | null;
  owner_key_id: string;
  url: string;
}

/** The owner's `secretOverlapEnded`, due when the previous secret stops signing (the claim finds it then). */
async function scheduleOverlapEnd(queue: Queue, tx: Queryable, row: RotatedRow, at: string): Promise<void> {
  const ownerKeyId = row.owner_key_id;
  const payload = { type: 'secretOverlapEnded' as const, occurredAt: at, ownerKeyId, targetId: row.id, url: row.url };
  await queue.operational(tx, [{ name: 'secretOverlapEnded', ownerKeyId, payload }], at);
}

async function rotateSecret<T>(
  services: Services,
  t: LifecycleTarget<unknown>,
  id: string,
  caller: Caller,
  overlapSeconds: number,
  check: (body: RotatedSecret) => T,
): Promise<T> {
  return services.outbox.publish((queue) =>
    services.db.transaction(async (tx) => {
      const [row] = await tx.query<RotatedRow>(
        `UPDATE ${t.table} SET secret = $4,
       previous_secret = CASE WHEN $5::int > 0 THEN secret END,
       previous_secret_expires_at = CASE WHEN $5::int > 0 THEN now() + $5::int * interval '1 second' END
     WHERE id = $1 AND deleted_at IS NULL AND (owner_key_id = $2 OR $3)
     RETURNING id, secret, previous_secret_expires_at, owner_key_id, ${t.urlColumn} AS url`,
        [id, caller.keyId, caller.scope === 'admin', newSigningSecret(), overlapSeconds],
      );
      if (!row) throw problems.notFound(`No ${t.noun} ${id}.`, `/path/${t.param}`);
      const expires = row.previous_secret_expires_at;
      if (expires !== null) await scheduleOverlapEnd(queue, tx, row, formatInstant(expires));
      return check({ id: row.id, secret: row.secret, previousSecretExpiresAt: expires === null ? null : formatInstant(expires) });
    }),
  );
}

async function sendTest<T>(
  services: Services,
  t: LifecycleTarget<unknown>,
  row: LifecycleRow,
  asked: number | undefined,
  check: (body: QueuedDelivery) => T,
): Promise<T> {
  if (row.status !== 'active')
    throw new HttpProblem('conflict', `${t.noun} ${row.id} is ${row.status}; only active targets receive test events.`);
  const event = t.eventOf(row);
  const sample = sampleEvent(t.kind, event);
  const messageId = timeOrderedId('msg');
  const url = row[t.urlColumn] as string;
  // The target's own version unless the request asks for another (to try it before switching).
  const payloadVersion = asked ?? (row.payload_version as number);
  // Read back in the same transaction, before the worker can see it: the answer is the queued delivery.
  return services.outbox.publish((queue) =>
    services.db.transaction(async (tx) => {
      const pull = row.delivery === 'pull';
      const message = {
        kind: t.kind,
        event,
        targetId: row.id,
        ownerKeyId: row.owner_key_id,
        url,
        messageId,
        pull,
        payloadVersion,
        // A callback's ordering key is its subscription's (concertId): the test message takes its place among them.
        subscription: t.scopeColumn === 'concert_id' ? { concertId: row.concert_id } : undefined,
        ...sample,
      };
      await queue.messages(tx, [message]);
      const [q] = await tx.query<{
        id: string;
        status: 'pending';
        attempt_count: number;
        next_attempt_at: Date | string | null;
        created_at: Date | string;
      }>('SELECT id, status, attempt_count, next_attempt_at, created_at FROM deliveries WHERE target_id = $1 AND message_id = $2', [
        row.id,
        messageId,
      ]);
      return check({
        id: q!.id,
        messageId,
        kind: t.kind,
        event,
        targetId: row.id,
        url,
        status: q!.status,
        attemptCount: q!.attempt_count,
        nextAttemptAt: q!.next_attempt_at === null ? null : formatInstant(q!.next_attempt_at),
        createdAt: formatInstant(q!.created_at),
        attempts: [],
        payloadVersion,
      });
    }),
  );
}
