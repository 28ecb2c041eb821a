import { webhookRegistrations, type WebhookRegistration } from '@clubnotify/spec';
import { toRegistration, type RegistrationRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import type { Services } from '../services.js';
import { createTarget, targetHandlers, type TargetRoutes } from './target-routes.js';

const REGISTRATIONS: TargetRoutes<RegistrationRow> = {
  table: 'registrations',
  idPrefix: 'reg',
  columns:
    'seq, id, owner_key_id, event, url, secret, status, disabled_reason, rate_limit_per_second, created_at, delivery, payload_version, ordering, signature',
  param: 'registrationId',
  noun: 'registration',
  kind: 'webhook',
  urlColumn: 'url',
  urlField: 'url',
  scopeColumn: 'event',
  eventOf: (row) => row.event,
  present: toRegistration,
  limit: (services) => services.limits.registrationsPerKey,
  filters: { event: 'event' },
  operations: {
    get: 'getRegistration',
    update: 'updateRegistration',
    rotate: 'rotateRegistrationSecret',
    test: 'testRegistration',
    list: 'listRegistrations',
    remove: 'deleteRegistration',
  },
};

/** One handler for every registration operation: the spec's `x-clubnotify-webhook` says which webhook. */
function register(services: Services, link: WebhookRegistration): Handler {
  return async (_req, res, ctx) => {
    const target = {
      identity: { event: link.webhook },
      url: ctx.body.url as string,
      delivery: (ctx.body.delivery as string | undefined) ?? 'push',
    };
    await createTarget(services, REGISTRATIONS, target, { res, ctx, status: link.successStatus });
  };
}

export function registrationHandlers(services: Services): Record<string, Handler> {
  return {
    ...targetHandlers(services, REGISTRATIONS),
    ...Object.fromEntries(webhookRegistrations.map((link) => [link.operationId, register(services, link)])),
  };
}
