import { orderingKeyOf, readOrderingKey } from '@clubnotify/spec';
import type { OutgoingMessage } from '../delivery/types.js';
import { problems } from '../http/problem.js';

/**
 * Each message of an ordered event (`x-clubnotify-ordering-key`) with its key, read from its
 * payload or from its subscription (`subscription`), checked before anything is queued: a key
 * that is missing, not a string, empty or over 128 characters refuses the publish (400, the
 * field's pointer). Messages of other events go as they are.
 */
export function withOrderingKeys(messages: OutgoingMessage[]): OutgoingMessage[] {
  if (!messages.some((m) => orderingKeyOf(m.kind, m.event))) return messages;
  let parsed: { body: string; value: unknown } | undefined;
  return messages.map((m) => {
    const declared = orderingKeyOf(m.kind, m.event);
    if (!declared) return m;
    if (declared.source === 'payload' && parsed?.body !== m.body) parsed = { body: m.body, value: payloadOf(m) };
    const read = readOrderingKey(m.kind, m.event, parsed?.value, m.subscription);
    if (!read.ok) throw problems.field(read.pointer, read.detail);
    return { ...m, orderingKey: read.key };
  });
}

function payloadOf(m: OutgoingMessage): unknown {
  if (!m.contentType.startsWith('application/json')) return m.body;
  try {
    return JSON.parse(m.body);
  } catch {
    return undefined;
  }
}
