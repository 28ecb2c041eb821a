import type { Response } from 'express';
import type { Handler, RequestContext } from '../http/context.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';
import { insertOrGetTarget, removeTarget, requireDelivery } from './targets.js';
import { targetPage } from './target-list.js';
import { lifecycleHandlers, type LifecycleTarget } from './target-lifecycle.js';
import { requireTargetUrl } from './url-check.js';
import { requestedPayloadVersion, requireSameVersion, versionForNew } from './payload-version.js';
import { wantsHealth, withHealth } from './target-health-page.js';

/** A kind of push or pull target (registrations, subscriptions): its table, its lifecycle and the names of its operations. */
export interface TargetRoutes<Row> extends LifecycleTarget<Row> {
  operations: { get: string; update: string; rotate: string; test: string; list: string; remove: string };
  /** The list's query filters, by parameter: the column each compares. */
  filters: Record<string, string>;
  /** Live targets one key may hold. */
  limit(services: Services): number;
}

/** What a create asks for: the target's identity besides its owner, its URL and delivery mode. */
export interface NewTarget {
  identity: Record<string, string>;
  url: string;
  delivery: string;
}

/** get, update, rotate, test, list and delete of one kind of target. */
export function targetHandlers<Row extends { seq: number }>(services: Services, t: TargetRoutes<Row>): Record<string, Handler> {
  return {
    ...lifecycleHandlers(services, t, t.operations),

    [t.operations.list]: async (req, res, ctx) => {
      const page = await targetPage<Row>(services, t, req.path, ctx, { filters: t.filters, carry: ['include'] });
      const data = page.rows.map((row) => t.present(row, false) as { id: string });
      res.json({ data: wantsHealth(ctx.query) ? await withHealth(services.db, data) : data, links: page.links });
    },

    [t.operations.remove]: async (_req, res, ctx) => {
      const id = ctx.path[t.param] as string;
      // Other subscribers' ids are 404 too, so that ids cannot be probed.
      if (!(await removeTarget(services.db, t, id, ctx.caller!))) throw problems.notFound(`No ${t.noun} ${id}.`, `/path/${t.param}`);
      res.status(204).end();
    },
  };
}

/**
 * Creates a target, or answers the live one with the same owner, identity and URL (an idempotent retry gets the same
 * record, secret included): the payload version and the URL policy first, then one transaction under the key's limit.
 * The version asked for (`payloadVersion`, the current one by default) must match the live target's.
 */
export async function createTarget<Row extends { id: string; delivery: string; payload_version: number }>(
  services: Services,
  t: TargetRoutes<Row>,
  { identity, url, delivery }: NewTarget,
  answer: { res: Response; ctx: RequestContext; status: number },
): Promise<void> {
  const version = requestedPayloadVersion(services, answer.ctx.body.payloadVersion, '/body/payloadVersion');
  await requireTargetUrl(services, url, `/body/${t.urlField}`, delivery);
  const created = await services.db.transaction(async (tx) => {
    const row = await insertOrGetTarget<Row>(
      tx,
      t,
      { owner_key_id: answer.ctx.caller!.keyId, ...identity, [t.urlColumn]: url },
      t.limit(services),
      {
        delivery,
        payload_version: versionForNew(services.versions, version),
        ordering: answer.ctx.body.ordering ?? 'release',
        signature: answer.ctx.body.signature ?? 'v1',
      },
    );
    requireDelivery(row, delivery, '/body/delivery');
    requireSameVersion(row, version, '/body/payloadVersion');
    return services.checkResponse(answer.res, answer.status, t.present(row, true));
  });
  answer.res.status(answer.status).json(created);
}
