import { channel } from 'node:diagnostics_channel';
import { hasBodyValidator, validateBody, type FieldError } from '@clubnotify/spec';
import type { Logger } from 'pino';
import { HttpProblem } from '../http/problem.js';

/** `strict` (dev, test): a payload that breaks the spec is refused. `warn` (production): logged and counted, queued as is. */
export type OutgoingValidationMode = 'strict' | 'warn';

/** Which declared event a payload is for: a webhook or a callback, by name. */
export interface OutgoingEvent {
  kind: 'webhook' | 'callback';
  event: string;
}

/** Published for every payload that passed the check (spec coverage in tests subscribes; free without subscribers). */
export const outgoingChannel = channel('clubnotify:outgoing-payload');

/** What is wrong with a webhook or callback body against its declared schema and media type; empty when it conforms. */
export function checkOutgoingPayload(target: OutgoingEvent, contentType: string, body: string): FieldError[] {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const key = `${target.kind}.${target.event}.body.${type}`;
  if (!hasBodyValidator(key)) return [{ pointer: '/payload', detail: `${type} is not declared for the ${target.event} ${target.kind}` }];
  let data: unknown = body;
  if (type === 'application/json') {
    try {
      data = JSON.parse(body);
    } catch {
      return [{ pointer: '/payload', detail: 'is not JSON' }];
    }
  }
  const result = validateBody(key, data, '/payload');
  return result.ok ? [] : result.errors;
}

/** Checks a payload before it is queued; throws (strict) or logs and counts (warn) when it breaks the spec. */
export type OutgoingGuard = (target: OutgoingEvent, contentType: string, body: string) => void;

export function createOutgoingGuard(
  mode: OutgoingValidationMode,
  logger: Logger,
  countViolation: (target: OutgoingEvent) => void,
): OutgoingGuard & { readonly refuses: boolean } {
  const guard: OutgoingGuard = (target, contentType, body) => {
    const errors = checkOutgoingPayload(target, contentType, body);
    if (errors.length === 0) {
      if (outgoingChannel.hasSubscribers) outgoingChannel.publish({ kind: target.kind, event: target.event, contentType });
      return;
    }
    countViolation(target);
    logger.error(
      { kind: target.kind, event: target.event, errors },
      mode === 'strict' ? 'outgoing payload violates the spec; refused' : 'outgoing payload violates the spec',
    );
    if (mode === 'strict') {
      const named = errors
        .slice(0, 3)
        .map((e) => `${e.pointer} ${e.detail}`)
        .join('; ');
      throw new HttpProblem(
        'payload-validation',
        `The ${target.event} ${target.kind} this request would send breaks the spec (${named}); nothing was queued.`,
      );
    }
  };
  return Object.assign(guard, { refuses: mode === 'strict' });
}
