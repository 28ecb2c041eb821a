import { toSubscription, type SubscriptionRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';
import { createTarget, targetHandlers, type TargetRoutes } from './target-routes.js';

const SUBSCRIPTIONS: TargetRoutes<SubscriptionRow> = {
  table: 'subscriptions',
  idPrefix: 'sub',
  columns:
    'seq, id, owner_key_id, concert_id, callback_url, secret, status, disabled_reason, rate_limit_per_second, created_at, delivery, payload_version, ordering, signature',
  param: 'subscriptionId',
  noun: 'subscription',
  kind: 'callback',
  urlColumn: 'callback_url',
  urlField: 'callbackUrl',
  scopeColumn: 'concert_id',
  eventOf: () => 'concertAlert',
  present: toSubscription,
  limit: (services) => services.limits.subscriptionsPerKey,
  filters: { concertId: 'concert_id' },
  operations: {
    get: 'getSubscription',
    update: 'updateSubscription',
    rotate: 'rotateSubscriptionSecret',
    test: 'testSubscription',
    list: 'listSubscriptions',
    remove: 'deleteSubscription',
  },
};

export function subscriptionHandlers(services: Services): Record<string, Handler> {
  return {
    ...targetHandlers(services, SUBSCRIPTIONS),

    subscribeConcertUpdates: async (_req, res, ctx) => {
      const { concertId, callbackUrl, delivery = 'push' } = ctx.body as { concertId: string; callbackUrl: string; delivery?: string };
      const concert = await services.db.query('SELECT 1 FROM concerts WHERE id = $1', [concertId]);
      if (concert.length === 0) throw problems.notFound(`No concert ${concertId}.`, '/body/concertId');
      await createTarget(
        services,
        SUBSCRIPTIONS,
        { identity: { concert_id: concertId }, url: callbackUrl, delivery },
        { res, ctx, status: 200 },
      );
    },
  };
}
