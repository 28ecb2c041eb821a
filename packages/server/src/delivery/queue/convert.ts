import type { PayloadVersioning } from '../payload-versions.js';
import type { OutgoingMessage } from '../types.js';

/**
 * A message in the payload version of its target: its body converted down from the current
 * version, once per distinct body and version however many targets share them (a publish's
 * fan-out converts each body once per version, not once per target, and never per attempt:
 * the queued row keeps the converted body, which is what each attempt signs and sends).
 *
 * A conversion that fails leaves the message in the current version (`bodyVersion` says so):
 * it is queued all the same and the worker records it failed, naming the converter, without
 * sending it (worker.ts); every other target of the publish gets its message as usual.
 *
 * Messages whose target is on the current version are returned as they are: no work, no copy.
 */
export function inTargetVersions(versions: PayloadVersioning, messages: OutgoingMessage[]): OutgoingMessage[] {
  const current = versions.current;
  if (versions.versions.length === 1 || messages.every((m) => m.payloadVersion === undefined || m.payloadVersion === current)) {
    return messages;
  }
  const done = new Map<string, { contentType: string; body: string } | null>();
  return messages.map((m) => {
    const to = m.payloadVersion;
    if (to === undefined || to === current) return m;
    const key = `${m.kind}\u0000${m.event}\u0000${to}\u0000${m.body}`;
    let made = done.get(key);
    if (made === undefined) {
      try {
        made = versions.convert({ kind: m.kind, event: m.event }, m.body, to);
      } catch {
        // The worker runs the conversion again and records the error it gives (the converter named).
        made = null;
      }
      done.set(key, made);
    }
    if (made === null) return { ...m, bodyVersion: current };
    return { ...m, contentType: made.contentType as OutgoingMessage['contentType'], body: made.body, bodyVersion: to };
  });
}
