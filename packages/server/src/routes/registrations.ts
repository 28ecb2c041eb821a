import { webhookRegistrations, type WebhookRegistration } from '@clubnotify/spec';
import { toRegistration, type RegistrationRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';
import { insertOrGetTarget, removeTarget, requireDelivery, type TargetTable } from './targets.js';
import { targetPage } from './target-list.js';
import { lifecycleHandlers, type LifecycleTarget } from './target-lifecycle.js';
import { requireTargetUrl } from './url-check.js';
import { wantsHealth, withHealth } from './target-health-page.js';

const REGISTRATIONS: TargetTable = {
  table: 'registrations',
  idPrefix: 'reg',
  columns: 'seq, id, owner_key_id, event, url, secret, status, disabled_reason, rate_limit_per_second, created_at, delivery',
};

const LIFECYCLE: LifecycleTarget<RegistrationRow> = {
  ...REGISTRATIONS,
  param: 'registrationId',
  noun: 'registration',
  kind: 'webhook',
  urlColumn: 'url',
  urlField: 'url',
  scopeColumn: 'event',
  eventOf: (row) => row.event,
  toApi: toRegistration,
};

/** One handler for every registration operation: the spec's `x-clubnotify-webhook` says which webhook. */
function register(services: Services, link: WebhookRegistration): Handler {
  const event = link.webhook;
  const status = link.successStatus;
  return async (_req, res, ctx) => {
    const url = ctx.body.url as string;
    const delivery = (ctx.body.delivery as string | undefined) ?? 'push';
    await requireTargetUrl(services, url, '/body/url', delivery);
    const registration = await services.db.transaction(async (tx) => {
      const row = await insertOrGetTarget<RegistrationRow>(
        tx,
        REGISTRATIONS,
        { owner_key_id: ctx.caller!.keyId, event, url },
        services.limits.registrationsPerKey,
        { delivery },
      );
      requireDelivery(row, delivery, '/body/delivery');
      return services.checkResponse(res, status, toRegistration(row, true));
    });
    res.status(status).json(registration);
  };
}

export function registrationHandlers(services: Services): Record<string, Handler> {
  return {
    ...lifecycleHandlers(services, LIFECYCLE, {
      get: 'getRegistration',
      update: 'updateRegistration',
      rotate: 'rotateRegistrationSecret',
      test: 'testRegistration',
    }),
    ...Object.fromEntries(webhookRegistrations.map((link) => [link.operationId, register(services, link)])),

    listRegistrations: async (req, res, ctx) => {
      const page = await targetPage<RegistrationRow>(services, REGISTRATIONS, req.path, ctx, {
        filters: { event: 'event' },
        carry: ['include'],
      });
      const data = page.rows.map((row) => toRegistration(row, false));
      res.json({ data: wantsHealth(ctx.query) ? await withHealth(services.db, data) : data, links: page.links });
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
