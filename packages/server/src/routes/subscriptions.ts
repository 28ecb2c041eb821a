import { toSubscription, type SubscriptionRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';
import { insertOrGetTarget, removeTarget, requireDelivery, type TargetTable } from './targets.js';
import { targetPage } from './target-list.js';
import { lifecycleHandlers, type LifecycleTarget } from './target-lifecycle.js';
import { requireTargetUrl } from './url-check.js';
import { wantsHealth, withHealth } from './target-health-page.js';

const SUBSCRIPTIONS: TargetTable = {
  table: 'subscriptions',
  idPrefix: 'sub',
  columns: 'seq, id, owner_key_id, concert_id, callback_url, secret, status, disabled_reason, rate_limit_per_second, created_at, delivery',
};

const LIFECYCLE: LifecycleTarget<SubscriptionRow> = {
  ...SUBSCRIPTIONS,
  param: 'subscriptionId',
  noun: 'subscription',
  kind: 'callback',
  urlColumn: 'callback_url',
  urlField: 'callbackUrl',
  scopeColumn: 'concert_id',
  eventOf: () => 'concertAlert',
  toApi: toSubscription,
};

export function subscriptionHandlers(services: Services): Record<string, Handler> {
  return {
    ...lifecycleHandlers(services, LIFECYCLE, {
      get: 'getSubscription',
      update: 'updateSubscription',
      rotate: 'rotateSubscriptionSecret',
      test: 'testSubscription',
    }),
    subscribeConcertUpdates: async (_req, res, ctx) => {
      const { concertId, callbackUrl, delivery = 'push' } = ctx.body as { concertId: string; callbackUrl: string; delivery?: string };
      await requireTargetUrl(services, callbackUrl, '/body/callbackUrl', delivery);
      const concert = await services.db.query('SELECT 1 FROM concerts WHERE id = $1', [concertId]);
      if (concert.length === 0) throw problems.notFound(`No concert ${concertId}.`, '/body/concertId');
      const subscription = await services.db.transaction(async (tx) => {
        const row = await insertOrGetTarget<SubscriptionRow>(
          tx,
          SUBSCRIPTIONS,
          {
            owner_key_id: ctx.caller!.keyId,
            concert_id: concertId,
            callback_url: callbackUrl,
          },
          services.limits.subscriptionsPerKey,
          { delivery },
        );
        requireDelivery(row, delivery, '/body/delivery');
        return services.checkResponse(res, 200, toSubscription(row, true));
      });
      res.status(200).json(subscription);
    },

    listSubscriptions: async (req, res, ctx) => {
      const page = await targetPage<SubscriptionRow>(services, SUBSCRIPTIONS, req.path, ctx, {
        filters: { concertId: 'concert_id' },
        carry: ['include'],
      });
      const data = page.rows.map((row) => toSubscription(row, false));
      res.json({ data: wantsHealth(ctx.query) ? await withHealth(services.db, data) : data, links: page.links });
    },

    deleteSubscription: async (_req, res, ctx) => {
      const id = ctx.path.subscriptionId as string;
      if (!(await removeTarget(services.db, SUBSCRIPTIONS, id, ctx.caller!))) {
        throw problems.notFound(`No subscription ${id}.`, '/path/subscriptionId');
      }
      res.status(204).end();
    },
  };
}
