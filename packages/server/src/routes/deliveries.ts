import { Router } from 'express';
import { operationalEventNames, type components } from '@clubnotify/spec';
import type { Database, Queryable } from '../db/database.js';
import { contextOf, type Handler, type RequestContext } from '../http/context.js';
import { HttpProblem, problems } from '../http/problem.js';
import type { CursorCodec } from '../pagination/cursor.js';
import { keysetPage } from '../pagination/keyset.js';
import { listOwner } from '../http/list-owner.js';
import { formatInstant as iso, parseInstant } from '../domain/instant.js';
import type { ResponseCheck } from '../http/response-validation.js';
import type { Outbox } from '../publish/outbox.js';
import { resetHealth, targetTable } from '../delivery/record/disable.sql.js';
import { releaseHold } from '../delivery/queue/ordering-holds.sql.js';
import { formatWindow } from '../delivery/queue/durations.js';
import { recoverWindowMs, requeueDelivery, requeueSince } from '../delivery/queue/requeue.sql.js';
import { readByIdTime, wholeMessage } from '../delivery/queue/id-time-bound.js';
import { ATTEMPT_LOG_SQL, attemptLogParams } from './attempt-log.sql.js';
import { addFilter, Conditions } from './delivery-filters.js';
import { replayMatching } from './delivery-replay.js';
import { deliverySummary } from './delivery-summary.js';

type Delivery = components['schemas']['Delivery'];

/** What the delivery routes need. */
export interface DeliveryRoutesDeps {
  db: Database;
  cursors: CursorCodec;
  /** Where replay and recovery requeue deliveries: it announces them once they commit. */
  outbox: Outbox;
  /** Checks an answer before the work behind it commits (see `ResponseCheck`); none by default. */
  checkResponse?: ResponseCheck;
  /** How long the delivery history is kept (DELIVERY_RETENTION); recovery reaches no further back. */
  retentionMs?: number;
}

interface DeliveryRow {
  seq: number;
  id: string;
  owner_key_id: string;
  message_id: string;
  kind: Delivery['kind'];
  event: Delivery['event'];
  target_id: string;
  url: string;
  status: Delivery['status'];
  attempt_count: number;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  payload_version: number;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: Date | string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
}

const COLUMNS =
  'seq, id, owner_key_id, message_id, kind, event, target_id, url, status, attempt_count, next_attempt_at, created_at, payload_version';
/** The answer, checked while the transaction behind it can still roll back. */
type Check = <T>(status: number, body: T) => T;

/** The delivery log and its operations, by operationId: listDeliveries, getDeliverySummary, getDelivery, replayDelivery(s), skipDelivery, recoverDeliveries. */
export function deliveryHandlers(deps: DeliveryRoutesDeps): Record<string, Handler> {
  const work: Record<string, (path: string, ctx: RequestContext, check: Check) => Promise<[number, unknown]>> = {
    listDeliveries: (path, ctx) => list(deps, path, ctx),
    getDeliverySummary: async (_path, ctx) => [200, await deliverySummary(deps.db, ctx)],
    getDelivery: (_path, ctx) => getOne(deps.db, ctx),
    replayDeliveries: (_path, ctx, check) => replayMatching(deps, ctx.caller!, ctx.body as never, check),
    replayDelivery: (_path, ctx, check) => replay(deps, ctx, check),
    skipDelivery: (_path, ctx, check) => skip(deps, ctx, check),
    recoverDeliveries: (_path, ctx, check) => recover(deps, ctx, check),
  };
  return Object.fromEntries(
    Object.entries(work).map(([id, run]) => [
      id,
      async (req, res, ctx) => {
        const check: Check = (status, body) => (deps.checkResponse ? deps.checkResponse(res, status, body) : body);
        const [status, body] = await run(req.path, ctx, check);
        res.status(status).json(body);
      },
    ]),
  );
}

/** The same handlers as one middleware, for an embedder that mounts them itself (`AppDeps.deliveryRoutes`). */
export function deliveryRoutes(deps: DeliveryRoutesDeps): Router {
  const handlers = deliveryHandlers(deps);
  const router = Router();
  router.use(async (req, res, next) => {
    const ctx = contextOf(res);
    const handler = ctx && handlers[ctx.operation.id];
    if (!handler) return next();
    await handler(req, res, ctx);
  });
  return router;
}

type ListQuery = Record<string, string | undefined> & { undelivered?: boolean };

async function list(deps: DeliveryRoutesDeps, path: string, ctx: RequestContext): Promise<[number, unknown]> {
  const q = ctx.query as ListQuery;
  const owner = listOwner(ctx.caller!, q.ownerKeyId);
  const read = (ended: string | undefined) => {
    const c = new Conditions();
    addFilter(c, { ...q, owner }, '/query');
    if (q.status !== undefined) c.add((n) => `status = $${n}`, q.status);
    if (q.undelivered === true) c.raw(`status <> 'succeeded'`);
    // By message id: the days of the history before its id's time are not read (readByIdTime).
    if (ended !== undefined) c.add((n) => `updated_at >= $${n}`, ended);
    return pageOf(deps, path, ctx, q, c);
  };
  const page =
    q.messageId === undefined ? await read(undefined) : await readByIdTime(q.messageId, read, (p, bound) => wholeMessage(p.rows, bound));
  return [200, { data: await withAttempts(deps.db, page.rows), links: page.links }];
}

function pageOf(deps: DeliveryRoutesDeps, path: string, ctx: RequestContext, q: ListQuery, c: Conditions) {
  const { where, params } = c;
  return keysetPage<DeliveryRow>(
    deps.db,
    deps.cursors,
    { collection: 'deliveries', from: 'delivery_messages', select: COLUMNS, seqColumn: 'seq', order: 'desc', where, params },
    {
      path,
      cursor: ctx.query.cursor,
      limit: ctx.query.limit,
      filters: [
        ['ownerKeyId', ctx.query.ownerKeyId as string | undefined],
        ['targetId', ctx.query.targetId],
        ['event', ctx.query.event],
        ['status', ctx.query.status],
        ['messageId', q.messageId],
        ['since', q.since],
        ['until', q.until],
        ['undelivered', q.undelivered === undefined ? undefined : String(q.undelivered)],
      ],
    },
  );
}

async function getOne(db: Queryable, ctx: RequestContext): Promise<[number, unknown]> {
  const id = ctx.path.deliveryId as string;
  const caller = ctx.caller!;
  const [found] = await readByIdTime(id, (bound) =>
    db.query<DeliveryRow & { content_type: string; body: string }>(
      `SELECT ${COLUMNS}, content_type, body FROM delivery_messages
       WHERE id = $1 AND (owner_key_id = $2 OR $3) AND event <> ALL($4::text[])${bound ? ' AND updated_at >= $5' : ''}`,
      [id, caller.keyId, caller.scope === 'admin', operationalEventNames, ...(bound ? [bound] : [])],
    ),
  );
  // Another owner's delivery is 404 like an unknown one, so that ids cannot be probed.
  if (!found) throw problems.notFound(`No delivery ${id}.`, '/path/deliveryId');
  const [delivery] = await withAttempts(db, [found]);
  return [200, { ...delivery, payload: { contentType: found.content_type, body: found.body } }];
}

async function replay(deps: DeliveryRoutesDeps, ctx: RequestContext, check: Check): Promise<[number, unknown]> {
  const id = ctx.path.deliveryId as string;
  const caller = ctx.caller!;
  return deps.outbox!.publish((queue) =>
    deps.db.transaction(async (tx) => {
      let ended: string | undefined;
      const [found] = await readByIdTime(id, (bound) => {
        ended = bound;
        return tx.query<DeliveryRow & { target_active: boolean }>(
          `SELECT ${COLUMNS.split(', ')
            .map((c) => `d.${c}`)
            .join(', ')},
              coalesce(r.status = 'active' AND r.deleted_at IS NULL, s.status = 'active' AND s.deleted_at IS NULL, false) AS target_active
       FROM delivery_messages d
       LEFT JOIN registrations r ON r.id = d.target_id
       LEFT JOIN subscriptions s ON s.id = d.target_id
       WHERE d.id = $1 AND (d.owner_key_id = $2 OR $3) AND d.event <> ALL($4::text[])${bound ? ' AND d.updated_at >= $5' : ''}`,
          [id, caller.keyId, caller.scope === 'admin', operationalEventNames, ...(bound ? [bound] : [])],
        );
      });
      // Other subscribers' deliveries are 404 too, so that ids cannot be probed.
      if (!found) throw problems.notFound(`No delivery ${id}.`, '/path/deliveryId');
      const pending = () => new HttpProblem('conflict', `Delivery ${id} is still pending; replay it once it has succeeded or failed.`);
      if (found.status === 'pending') throw pending();
      if (!found.target_active) {
        throw new HttpProblem(
          'conflict',
          `The target ${found.target_id} of delivery ${id} is disabled or removed; re-enable it with POST /deliveries/recover first.`,
        );
      }
      // Moved back to the queue; a replay that raced this one (or a pruning) moved it first.
      const updated = await requeueDelivery<DeliveryRow>(tx, id, COLUMNS, ended);
      if (!updated) throw pending();
      queue.requeued(1);
      const [answer] = await withAttempts(tx, [updated]);
      return [202, check(202, answer)] as [number, unknown];
    }),
  );
}

/** Releases the ordering key a failed delivery holds (skipDelivery); the delivery stays failed, its key's later messages go on. */
async function skip(deps: DeliveryRoutesDeps, ctx: RequestContext, check: Check): Promise<[number, unknown]> {
  const id = ctx.path.deliveryId as string;
  const caller = ctx.caller!;
  const mine = [id, caller.keyId, caller.scope === 'admin', operationalEventNames];
  const owned = `id = $1 AND (owner_key_id = $2 OR $3) AND event <> ALL($4::text[])`;
  return deps.outbox.publish((queue) =>
    deps.db.transaction(async (tx) => {
      const [ended] = await readByIdTime(id, (bound) =>
        tx.query(`SELECT 1 FROM delivery_history WHERE ${owned}${bound ? ' AND completed_at >= $5' : ''}`, [
          ...mine,
          ...(bound ? [bound] : []),
        ]),
      );
      if (ended && (await releaseHold(tx, id)) > 0) {
        queue.requeued(1);
        const [status, answer] = await getOne(tx, ctx);
        return [status, check(status, answer)] as [number, unknown];
      }
      const [queued] = ended ? [] : await tx.query(`SELECT 1 FROM deliveries WHERE ${owned}`, mine);
      // Other subscribers' deliveries are 404 too, so that ids cannot be probed.
      if (!ended && !queued) throw problems.notFound(`No delivery ${id}.`, '/path/deliveryId');
      throw new HttpProblem(
        'conflict',
        queued
          ? `Delivery ${id} is still pending; only a failed delivery holds its key.`
          : `Delivery ${id} holds no ordering key: it is not a failed keyed message at a hold target, or it was skipped or replayed.`,
      );
    }),
  );
}

async function recover(deps: DeliveryRoutesDeps, ctx: RequestContext, check: Check): Promise<[number, unknown]> {
  const { targetId, since } = ctx.body as { targetId: string; since: string };
  const caller = ctx.caller!;
  const sinceMs = parseInstant(since, '/body/since').getTime();
  const windowMs = recoverWindowMs(deps.retentionMs);
  if (Date.now() - sinceMs > windowMs) {
    throw problems.field('/body/since', `must be at most ${formatWindow(windowMs)} ago`, 'outside-recovery-window');
  }
  // Operational events stay out of the log, so out of recovery too.
  const table = targetTable(targetId) === 'operational_subscriptions' ? null : targetTable(targetId);
  return deps.outbox!.publish((queue) =>
    deps.db.transaction(async (tx) => {
      const owned = table
        ? await tx.query(`SELECT id FROM ${table} WHERE id = $1 AND deleted_at IS NULL AND (owner_key_id = $2 OR $3) FOR UPDATE`, [
            targetId,
            caller.keyId,
            caller.scope === 'admin',
          ])
        : [];
      if (owned.length === 0) throw problems.notFound(`No registration or subscription ${targetId}.`, '/body/targetId');
      await tx.query(
        `UPDATE ${table} SET status = 'active', disabled_reason = NULL, disabled_at = NULL WHERE id = $1 AND status = 'disabled'`,
        [targetId],
      );
      await resetHealth(tx, targetId);
      const recovered = await requeueSince(tx, targetId, ['failed'], iso(sinceMs));
      queue.requeued(recovered);
      return [202, check(202, { recovered })] as [number, unknown];
    }),
  );
}

async function withAttempts(db: Queryable, rows: DeliveryRow[]): Promise<Delivery[]> {
  const attempts = rows.length ? await db.query<AttemptRow>(ATTEMPT_LOG_SQL, attemptLogParams(rows)) : [];
  const byDelivery = new Map<string, Delivery['attempts']>();
  const versionOf = new Map(rows.map((r) => [r.id, r.payload_version]));
  for (const a of attempts) {
    const list = byDelivery.get(a.delivery_id) ?? [];
    list.push({
      attempt: a.attempt,
      startedAt: iso(a.started_at),
      durationMs: a.duration_ms,
      statusCode: a.status_code,
      error: a.error,
      responseBody: a.response_body,
      // Every attempt of a delivery sends the version it was queued in.
      payloadVersion: versionOf.get(a.delivery_id)!,
    });
    byDelivery.set(a.delivery_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    ownerKeyId: r.owner_key_id,
    messageId: r.message_id,
    kind: r.kind,
    event: r.event,
    targetId: r.target_id,
    url: r.url,
    status: r.status,
    attemptCount: r.attempt_count,
    nextAttemptAt: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
    createdAt: iso(r.created_at),
    attempts: byDelivery.get(r.id) ?? [],
    payloadVersion: r.payload_version,
  }));
}
