import { ORDERING_KEY_MAX_LENGTH, orderingKeys } from './generated/events.js';

/** Where an ordered event's key is (`x-clubnotify-ordering-key`). */
export interface OrderingKeySource {
  readonly source: 'payload' | 'subscription';
  readonly pointer: string;
}

/** The key, or why there is none: the field's pointer (`/body/drink/id`, `/concertId`) and what is wrong. */
export type OrderingKeyResult = { ok: true; key: string | undefined } | { ok: false; pointer: string; detail: string };

/** The ordering key declared for an event, or undefined for an event that is not ordered. */
export function orderingKeyOf(kind: 'webhook' | 'callback', name: string): OrderingKeySource | undefined {
  return (orderingKeys as Record<string, OrderingKeySource | undefined>)[`${kind}.${name}`];
}

function at(value: unknown, pointer: string): unknown {
  let current = value;
  for (const token of pointer.split('/').slice(1)) {
    const name = token.replace(/~1/g, '/').replace(/~0/g, '~');
    current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[name] : undefined;
  }
  return current;
}

/**
 * Reads an event's ordering key from its payload or from the subscription it goes to, and checks
 * it: a string of 1 to ORDERING_KEY_MAX_LENGTH characters. `{ ok: true, key: undefined }` for an
 * event without one. The error's pointer is `/body<pointer>` for a payload key.
 */
export function readOrderingKey(
  kind: 'webhook' | 'callback',
  name: string,
  payload: unknown,
  subscription?: Record<string, unknown>,
): OrderingKeyResult {
  const declared = orderingKeyOf(kind, name);
  if (!declared) return { ok: true, key: undefined };
  const value = at(declared.source === 'payload' ? payload : subscription, declared.pointer);
  const pointer = declared.source === 'payload' ? `/body${declared.pointer}` : declared.pointer;
  if (value === undefined) return { ok: false, pointer, detail: 'is required: it is the ordering key' };
  if (typeof value !== 'string') return { ok: false, pointer, detail: 'must be a string: it is the ordering key' };
  const length = [...value].length;
  if (length < 1 || length > ORDERING_KEY_MAX_LENGTH) {
    return { ok: false, pointer, detail: `must be 1 to ${ORDERING_KEY_MAX_LENGTH} characters: it is the ordering key` };
  }
  return { ok: true, key: value };
}
