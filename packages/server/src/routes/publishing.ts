import type { Response } from 'express';
import type { OutgoingMessage } from '../delivery/types.js';
import { cancelledText, changedText, scheduledText } from '../domain/concert-text.js';
import { concertAlertCallback } from '../domain/payload-shapes.js';
import { idempotent, type IdempotentCall } from '../domain/idempotency.js';
import { parseInstant } from '../domain/instant.js';
import { toConcert, type ConcertRow } from '../domain/rows.js';
import type { Queryable } from '../db/database.js';
import type { Handler, RequestContext } from '../http/context.js';
import { problems } from '../http/problem.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import type { Queue } from '../publish/outbox.js';
import type { StockChange } from '../publish/stock-change.js';

const CONCERT = 'id, title, starts_at, venue, price_cents, currency, tickets_available, status, created_at, updated_at';
const TEXT = 'text/plain; charset=utf-8' as const;

interface AlertTarget {
  id: string;
  owner_key_id: string;
  url: string;
  delivery: string;
  payload_version: number;
}

async function webhookTargets(tx: Queryable, event: OutgoingMessage['event']) {
  return tx.query<AlertTarget>(
    `SELECT id, owner_key_id, url, delivery, payload_version FROM registrations WHERE event = $1 AND status = 'active' AND deleted_at IS NULL ORDER BY seq`,
    [event],
  );
}

async function queueCallbacks(queue: Queue, tx: Queryable, concertId: string, body: string): Promise<void> {
  const targets = await tx.query<AlertTarget>(
    `SELECT id, owner_key_id, callback_url AS url, delivery, payload_version FROM subscriptions
     WHERE concert_id = $1 AND status = 'active' AND deleted_at IS NULL ORDER BY seq`,
    [concertId],
  );
  await queue.messages(
    tx,
    concertAlerts('callback', targets, body).map((m) => ({ ...m, subscription: { concertId } })),
  );
}

/** One concertAlert to each target: webhooks (text) to registrations, callbacks (payload-shapes.ts) to a concert's subscriptions. */
function concertAlerts(kind: OutgoingMessage['kind'], targets: AlertTarget[], body: string): OutgoingMessage[] {
  return targets.map((t) => ({
    kind,
    event: 'concertAlert',
    targetId: t.id,
    ownerKeyId: t.owner_key_id,
    url: t.url,
    contentType: kind === 'callback' ? concertAlertCallback.contentType : TEXT,
    body,
    pull: t.delivery === 'pull',
    payloadVersion: t.payload_version,
  }));
}

async function lockConcert(tx: Queryable, id: string): Promise<ConcertRow> {
  const [row] = await tx.query<ConcertRow>(`SELECT ${CONCERT} FROM concerts WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw problems.notFound(`No concert ${id}.`, '/path/concertId');
  return row;
}

const call = (services: Services, res: Response, ctx: RequestContext): IdempotentCall => ({
  ownerKeyId: ctx.caller!.keyId,
  key: ctx.headers['idempotency-key'] as string | undefined,
  operation: ctx.operation.id,
  request: { path: ctx.path, body: ctx.body },
  check: (outcome) => services.checkResponse(res, outcome.status, outcome.body),
});

export function publishingHandlers(services: Services): Record<string, Handler> {
  return {
    getConcert: async (_req, res, ctx) => {
      const [row] = await services.db.query<ConcertRow>(`SELECT ${CONCERT} FROM concerts WHERE id = $1`, [ctx.path.concertId]);
      if (!row) throw problems.notFound(`No concert ${String(ctx.path.concertId)}.`, '/path/concertId');
      res.json(toConcert(row));
    },

    scheduleConcert: async (_req, res, ctx) => {
      const body = ctx.body as { title: string; startsAt: string; venue: string; priceCents?: number; currency?: string };
      const startsAt = parseInstant(body.startsAt, '/body/startsAt').toISOString();
      const outcome = await services.outbox.publish((queue) =>
        idempotent(services.db, call(services, res, ctx), async (tx) => {
          const [row] = await tx.query<ConcertRow>(
            `INSERT INTO concerts (id, title, starts_at, venue, price_cents, currency) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${CONCERT}`,
            [newId('con'), body.title, startsAt, body.venue, body.priceCents ?? null, body.currency ?? 'EUR'],
          );
          const text = scheduledText(row!);
          await queue.messages(tx, concertAlerts('webhook', await webhookTargets(tx, 'concertAlert'), text));
          return { status: 201, body: toConcert(row!) };
        }),
      );
      res.status(outcome.status).json(outcome.body);
    },

    updateConcert: async (_req, res, ctx) => {
      const change = ctx.body as Partial<{
        title: string;
        startsAt: string;
        venue: string;
        priceCents: number;
        ticketsAvailable: number;
        message: string;
      }>;
      const startsAt = change.startsAt === undefined ? null : parseInstant(change.startsAt, '/body/startsAt').toISOString();
      const outcome = await services.outbox.publish((queue) =>
        idempotent(services.db, call(services, res, ctx), async (tx) => {
          const before = await lockConcert(tx, ctx.path.concertId);
          if (before.status === 'cancelled') {
            throw problems.field('/path/concertId', 'is cancelled; a cancelled concert cannot be changed', 'conflict');
          }
          const [after] = await tx.query<ConcertRow>(
            `UPDATE concerts SET title = COALESCE($2, title), starts_at = COALESCE($3::timestamptz, starts_at), venue = COALESCE($4, venue),
             price_cents = COALESCE($5, price_cents), tickets_available = COALESCE($6, tickets_available), updated_at = now()
           WHERE id = $1 RETURNING ${CONCERT}`,
            [before.id, change.title ?? null, startsAt, change.venue ?? null, change.priceCents ?? null, change.ticketsAvailable ?? null],
          );
          const text = change.message ?? changedText(before, after!);
          await queueCallbacks(queue, tx, before.id, concertAlertCallback.body({ concertId: before.id, change: 'updated', text }));
          return { status: 200, body: toConcert(after!) };
        }),
      );
      res.status(outcome.status).json(outcome.body);
    },

    cancelConcert: async (_req, res, ctx) => {
      const reason = (ctx.body as { reason?: string } | undefined)?.reason;
      const outcome = await services.outbox.publish((queue) =>
        idempotent(services.db, call(services, res, ctx), async (tx) => {
          const before = await lockConcert(tx, ctx.path.concertId);
          if (before.status === 'cancelled') return { status: 200, body: toConcert(before) };
          const [after] = await tx.query<ConcertRow>(
            `UPDATE concerts SET status = 'cancelled', updated_at = now() WHERE id = $1 RETURNING ${CONCERT}`,
            [before.id],
          );
          const text = cancelledText(after!, reason);
          await queueCallbacks(queue, tx, before.id, concertAlertCallback.body({ concertId: before.id, change: 'cancelled', text }));
          return { status: 200, body: toConcert(after!) };
        }),
      );
      res.status(outcome.status).json(outcome.body);
    },

    changeStock: async (_req, res, ctx) => {
      const change = ctx.body as StockChange;
      // A refused answer or webhook body rolls the change back, so it must stay uncommitted until checked.
      const stockCall = {
        ...call(services, res, ctx),
        standalone: !services.checkResponse.rollsBack && !services.outbox.refusesBadPayloads,
      };
      const outcome = await services.outbox.publish((queue) =>
        idempotent(services.db, stockCall, async (db, alone) => ({
          status: 200,
          body: (await queue.stockChange(db, change, alone)).levels,
        })),
      );
      res.status(outcome.status).json(outcome.body);
    },
  };
}
