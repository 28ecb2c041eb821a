import { cancelDeliveriesForTarget } from '../delivery/enqueue.js';
import { toSubscription, type SubscriptionRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import { problems } from '../http/problem.js';
import { newId, newSigningSecret } from '../ids.js';
import { keysetPage } from '../pagination/keyset.js';
import type { Services } from '../services.js';
import { requireAllowedUrl } from './url-check.js';

const COLUMNS = 'seq, id, concert_id, callback_url, secret, status, disabled_reason, created_at';

export function subscriptionHandlers(services: Services): Record<string, Handler> {
  return {
    subscribeConcertUpdates: async (_req, res, ctx) => {
      const { concertId, callbackUrl } = ctx.body as { concertId: string; callbackUrl: string };
      await requireAllowedUrl(services, callbackUrl, '/body/callbackUrl');
      const concert = await services.db.query('SELECT 1 FROM concerts WHERE id = $1', [concertId]);
      if (concert.length === 0) throw problems.notFound(`No concert ${concertId}.`, '/body/concertId');
      const owner = ctx.caller!.keyId;
      const inserted = await services.db.query<SubscriptionRow>(
        `INSERT INTO subscriptions (id, owner_key_id, concert_id, callback_url, secret) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (owner_key_id, concert_id, callback_url) WHERE deleted_at IS NULL DO NOTHING RETURNING ${COLUMNS}`,
        [newId('sub'), owner, concertId, callbackUrl, newSigningSecret()],
      );
      const row =
        inserted[0] ??
        (
          await services.db.query<SubscriptionRow>(
            `SELECT ${COLUMNS} FROM subscriptions WHERE owner_key_id = $1 AND concert_id = $2 AND callback_url = $3 AND deleted_at IS NULL`,
            [owner, concertId, callbackUrl],
          )
        )[0];
      if (!row) throw new Error('subscription vanished between insert and select');
      res.status(200).json(toSubscription(row, true));
    },

    listSubscriptions: async (req, res, ctx) => {
      const caller = ctx.caller!;
      const where = ['deleted_at IS NULL'];
      const params: unknown[] = [];
      if (caller.scope !== 'admin') {
        params.push(caller.keyId);
        where.push(`owner_key_id = $${params.length}`);
      }
      if (ctx.query.concertId !== undefined) {
        params.push(ctx.query.concertId);
        where.push(`concert_id = $${params.length}`);
      }
      const page = await keysetPage<SubscriptionRow>(
        services.db,
        services.cursors,
        { collection: 'subscriptions', from: 'subscriptions', select: COLUMNS, seqColumn: 'seq', order: 'asc', where, params },
        { path: req.path, cursor: ctx.query.cursor, limit: ctx.query.limit, filters: [['concertId', ctx.query.concertId]] },
      );
      res.json({ data: page.rows.map((row) => toSubscription(row, false)), links: page.links });
    },

    deleteSubscription: async (_req, res, ctx) => {
      const caller = ctx.caller!;
      const id = ctx.path.subscriptionId as string;
      const removed = await services.db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE subscriptions SET deleted_at = now(), status = 'disabled', disabled_reason = 'removed', disabled_at = now()
           WHERE id = $1 AND deleted_at IS NULL AND (owner_key_id = $2 OR $3) RETURNING id`,
          [id, caller.keyId, caller.scope === 'admin'],
        );
        if (rows.length > 0) await cancelDeliveriesForTarget(tx, id);
        return rows.length > 0;
      });
      if (!removed) throw problems.notFound(`No subscription ${id}.`, '/path/subscriptionId');
      res.status(204).end();
    },
  };
}
