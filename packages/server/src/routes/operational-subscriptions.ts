import {
  OPERATIONAL_SUBSCRIPTION_COLUMNS,
  toOperationalSubscription,
  type OperationalSubscriptionRow,
} from '../domain/operational-subscription.js';
import type { Handler } from '../http/context.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';
import { resetHealth } from '../delivery/record/disable.sql.js';
import { insertOrGetTarget, removeTarget, type TargetTable } from './targets.js';
import { targetPage } from './target-list.js';
import { requireAllowedUrl } from './url-check.js';
import { requestedPayloadVersion, versionForNew } from './payload-version.js';

const OPERATIONAL: TargetTable = { table: 'operational_subscriptions', idPrefix: 'ops', columns: OPERATIONAL_SUBSCRIPTION_COLUMNS };

/** subscribeOperationalEvents, listOperationalEventSubscriptions, deleteOperationalEventSubscription. */
export function operationalSubscriptionHandlers(services: Services): Record<string, Handler> {
  return {
    subscribeOperationalEvents: async (_req, res, ctx) => {
      const { url, events } = ctx.body as { url: string; events: string[] };
      const version = requestedPayloadVersion(services, ctx.body.payloadVersion, '/body/payloadVersion');
      await requireAllowedUrl(services, url, '/body/url');
      const body = await services.db.transaction(async (tx) => {
        const row = await insertOrGetTarget<OperationalSubscriptionRow>(
          tx,
          OPERATIONAL,
          { owner_key_id: ctx.caller!.keyId, url },
          services.limits.registrationsPerKey,
          { events, payload_version: versionForNew(services.versions, version), signature: ctx.body.signature ?? 'v1' },
        );
        // A repeat replaces the filter and re-enables a disabled one: the same request always ends in the same subscription.
        const [updated] = await tx.query<OperationalSubscriptionRow>(
          `UPDATE operational_subscriptions SET events = $2, status = 'active', disabled_reason = NULL, disabled_at = NULL,
             payload_version = coalesce($3, payload_version), signature = coalesce($4, signature)
           WHERE id = $1 RETURNING ${OPERATIONAL_SUBSCRIPTION_COLUMNS}`,
          [row.id, events, version ?? null, ctx.body.signature ?? null],
        );
        if (row.status === 'disabled') await resetHealth(tx, row.id);
        return services.checkResponse(res, 200, toOperationalSubscription(updated!, true));
      });
      res.status(200).json(body);
    },

    listOperationalEventSubscriptions: async (req, res, ctx) => {
      const page = await targetPage<OperationalSubscriptionRow>(services, OPERATIONAL, req.path, ctx);
      res.json({ data: page.rows.map((row) => toOperationalSubscription(row, false)), links: page.links });
    },

    deleteOperationalEventSubscription: async (_req, res, ctx) => {
      const id = ctx.path.subscriptionId as string;
      // Other owners' ids are 404 too, so that ids cannot be probed.
      if (!(await removeTarget(services.db, OPERATIONAL, id, ctx.caller!))) {
        throw problems.notFound(`No operational-event subscription ${id}.`, '/path/subscriptionId');
      }
      res.status(204).end();
    },
  };
}
