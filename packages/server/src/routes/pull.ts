import type { components } from '@clubnotify/spec';
import type { Queryable } from '../db/database.js';
import type { LeasedDelivery } from '../delivery/pull/pull.sql.js';
import { signPayload, signsV1a } from '../delivery/send/sign.js';
import { currentSigningKey, type SigningKey } from '../delivery/send/signing-keys.js';
import { formatInstant } from '../domain/instant.js';
import type { Caller } from '../http/context.js';
import type { Handler } from '../http/context.js';
import { HttpProblem, problems } from '../http/problem.js';
import type { Services } from '../services.js';

type PulledMessage = components['schemas']['PulledMessage'];

interface PullTarget {
  id: string;
  delivery: 'push' | 'pull';
  status: string;
  disabled_reason: string | null;
}

/**
 * The caller's own live target: other owners' ids are 404, like unknown ones, and an admin key
 * reads no one else's feed either (a lease takes the messages away from their owner's reader).
 */
async function ownPullTarget(db: Queryable, id: string, caller: Caller): Promise<PullTarget> {
  const [row] = await db.query<PullTarget>(
    `SELECT id, delivery, status, disabled_reason FROM registrations WHERE id = $1 AND owner_key_id = $2 AND deleted_at IS NULL
     UNION ALL
     SELECT id, delivery, status, disabled_reason FROM subscriptions WHERE id = $1 AND owner_key_id = $2 AND deleted_at IS NULL`,
    [id, caller.keyId],
  );
  if (!row) throw problems.notFound(`No registration or subscription ${id} of this API key.`, '/path/targetId');
  if (row.delivery !== 'pull')
    throw new HttpProblem('conflict', `${id} is a push target: the server sends its messages; only pull targets have a feed.`);
  return row;
}

/** The message with the Standard Webhooks headers the server would send it with, signed now. */
function pulledMessage(d: LeasedDelivery, key: SigningKey | undefined): PulledMessage {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    deliveryId: d.id,
    messageId: d.message_id,
    targetId: d.target_id,
    kind: d.kind,
    event: d.event as PulledMessage['event'],
    attempt: d.attempt_count,
    leaseExpiresAt: d.lease_expires_at,
    body: d.body,
    headers: {
      'content-type': d.content_type,
      'webhook-id': d.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signPayload(d.secret!, d.message_id, timestamp, d.body, key),
      ...(key && signsV1a(d.secret!) ? { 'webhook-key-id': key.kid } : {}),
      'webhook-attempt': String(d.attempt_count),
      'webhook-version': String(d.payload_version),
      ...(d.ordering_key && d.key_seq
        ? { 'webhook-ordering-key': encodeURIComponent(d.ordering_key), 'webhook-ordering-sequence': String(d.key_seq) }
        : {}),
    },
  };
}

export function pullHandlers(services: Services): Record<string, Handler> {
  return {
    leaseTargetMessages: async (_req, res, ctx) => {
      const target = await ownPullTarget(services.db, ctx.path.targetId as string, ctx.caller!);
      if (target.status !== 'active') {
        const why = target.disabled_reason ? ` (${target.disabled_reason})` : '';
        throw new HttpProblem('conflict', `${target.id} is ${target.status}${why}; nothing is queued for it until it is active again.`);
      }
      // The wait ends early when the caller goes away: nothing is leased for a reader that left.
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      const waitMs = ((ctx.query.waitSeconds as number | undefined) ?? 20) * 1000;
      const leased = await services.pull.lease(target.id, (ctx.query.limit as number | undefined) ?? 10, waitMs, gone.signal);
      // The ed25519 key only when a message needs it (a target with `signature` including `v1a`).
      const key = leased.some((d) => signsV1a(d.secret!)) ? await currentSigningKey(services.db, services.signingKey) : undefined;
      res.json({ data: leased.map((d) => pulledMessage(d, key)), leaseSeconds: Math.ceil(services.pull.leaseMs / 1000) });
    },

    reportTargetAttempt: async (_req, res, ctx) => {
      const target = await ownPullTarget(services.db, ctx.path.targetId as string, ctx.caller!);
      const id = ctx.path.deliveryId as string;
      const body = ctx.body as components['schemas']['PullAttemptReport'];
      const report = await services.pull.report(target.id, id, body.attempt, {
        statusCode: body.statusCode,
        durationMs: body.durationMs,
        error: body.error ?? null,
        responseBody: body.responseBody ?? null,
      });
      if ('missing' in report) {
        if (report.missing === 'delivery') throw problems.notFound(`No delivery ${id} for ${target.id}.`, '/path/deliveryId');
        throw new HttpProblem(
          'conflict',
          `Attempt ${body.attempt} of ${id} is not leased now: its lease ran out ` +
            '(a failed attempt; the next one is leased again) or its outcome was reported already.',
          [{ pointer: '/body/attempt', detail: 'is not an attempt leased now' }],
        );
      }
      const { outcome } = report;
      const next = outcome.status === 'pending' ? new Date(Date.now() + (outcome.retryInMs ?? 0)) : null;
      res.json({
        deliveryId: id,
        attempt: body.attempt,
        status: outcome.status,
        nextAttemptAt: next === null ? null : formatInstant(next),
      });
    },
  };
}
