import { toRegistration, type RegistrationRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import { problems } from '../http/problem.js';
import { keysetPage } from '../pagination/keyset.js';
import type { Services } from '../services.js';
import { insertOrGetTarget, ownedWhere, removeTarget, type TargetTable } from './targets.js';
import { requireAllowedUrl } from './url-check.js';

const REGISTRATIONS: TargetTable = {
  table: 'registrations',
  idPrefix: 'reg',
  columns: 'seq, id, event, url, secret, status, disabled_reason, created_at',
};

function register(services: Services, event: RegistrationRow['event']): Handler {
  return async (_req, res, ctx) => {
    const url = ctx.body.url as string;
    await requireAllowedUrl(services, url, '/body/url');
    const row = await insertOrGetTarget<RegistrationRow>(services.db, REGISTRATIONS, { owner_key_id: ctx.caller!.keyId, event, url });
    res.status(200).json(toRegistration(row, true));
  };
}

export function registrationHandlers(services: Services): Record<string, Handler> {
  return {
    registerForAlert: register(services, 'concertAlert'),
    registerForStockUpdates: register(services, 'stockUpdate'),

    listRegistrations: async (req, res, ctx) => {
      const { where, params } = ownedWhere(ctx.caller!, [['event', ctx.query.event]]);
      const page = await keysetPage<RegistrationRow>(
        services.db,
        services.cursors,
        { collection: 'registrations', from: 'registrations', select: REGISTRATIONS.columns, seqColumn: 'seq', order: 'asc', where, params },
        { path: req.path, cursor: ctx.query.cursor, limit: ctx.query.limit, filters: [['event', ctx.query.event]] },
      );
      res.json({ data: page.rows.map((row) => toRegistration(row, false)), links: page.links });
    },

    deleteRegistration: async (_req, res, ctx) => {
      const id = ctx.path.registrationId as string;
      // Other subscribers' ids are 404 too, so that ids cannot be probed.
      if (!(await removeTarget(services.db, REGISTRATIONS, id, ctx.caller!))) {
        throw problems.notFound(`No registration ${id}.`, '/path/registrationId');
      }
      res.status(204).end();
    },
  };
}
