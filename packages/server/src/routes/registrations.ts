import { cancelDeliveriesForTarget } from '../delivery/enqueue.js';
import { toRegistration, type RegistrationRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import { problems } from '../http/problem.js';
import { newId, newSigningSecret } from '../ids.js';
import { keysetPage } from '../pagination/keyset.js';
import type { Services } from '../services.js';
import { requireAllowedUrl } from './url-check.js';

const COLUMNS = 'seq, id, event, url, secret, status, disabled_reason, created_at';

function register(services: Services, event: RegistrationRow['event']): Handler {
  return async (_req, res, ctx) => {
    const url = ctx.body.url as string;
    await requireAllowedUrl(services, url, '/body/url');
    const owner = ctx.caller!.keyId;
    // Same key, event and URL: the existing registration, secret included (idempotent retry).
    const inserted = await services.db.query<RegistrationRow>(
      `INSERT INTO registrations (id, owner_key_id, event, url, secret) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (owner_key_id, event, url) WHERE deleted_at IS NULL DO NOTHING RETURNING ${COLUMNS}`,
      [newId('reg'), owner, event, url, newSigningSecret()],
    );
    const row =
      inserted[0] ??
      (
        await services.db.query<RegistrationRow>(
          `SELECT ${COLUMNS} FROM registrations WHERE owner_key_id = $1 AND event = $2 AND url = $3 AND deleted_at IS NULL`,
          [owner, event, url],
        )
      )[0];
    if (!row) throw new Error('registration vanished between insert and select');
    res.status(200).json(toRegistration(row, true));
  };
}

export function registrationHandlers(services: Services): Record<string, Handler> {
  return {
    registerForAlert: register(services, 'concertAlert'),
    registerForStockUpdates: register(services, 'stockUpdate'),

    listRegistrations: async (req, res, ctx) => {
      const caller = ctx.caller!;
      const where = ['deleted_at IS NULL'];
      const params: unknown[] = [];
      if (caller.scope !== 'admin') {
        params.push(caller.keyId);
        where.push(`owner_key_id = $${params.length}`);
      }
      if (ctx.query.event !== undefined) {
        params.push(ctx.query.event);
        where.push(`event = $${params.length}`);
      }
      const page = await keysetPage<RegistrationRow>(
        services.db,
        services.cursors,
        { collection: 'registrations', from: 'registrations', select: COLUMNS, seqColumn: 'seq', order: 'asc', where, params },
        { path: req.path, cursor: ctx.query.cursor, limit: ctx.query.limit, filters: [['event', ctx.query.event]] },
      );
      res.json({ data: page.rows.map((row) => toRegistration(row, false)), links: page.links });
    },

    deleteRegistration: async (_req, res, ctx) => {
      const caller = ctx.caller!;
      const id = ctx.path.registrationId as string;
      const removed = await services.db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE registrations SET deleted_at = now(), status = 'disabled', disabled_reason = 'removed', disabled_at = now()
           WHERE id = $1 AND deleted_at IS NULL AND (owner_key_id = $2 OR $3) RETURNING id`,
          [id, caller.keyId, caller.scope === 'admin'],
        );
        if (rows.length > 0) await cancelDeliveriesForTarget(tx, id);
        return rows.length > 0;
      });
      // Other subscribers' ids are 404 too, so that ids cannot be probed.
      if (!removed) throw problems.notFound(`No registration ${id}.`, '/path/registrationId');
      res.status(204).end();
    },
  };
}
