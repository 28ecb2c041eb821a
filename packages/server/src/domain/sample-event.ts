import { events } from '@clubnotify/spec';

/** The first example of an event's request body in the spec (its catalogue entry), as sent on the wire. */
export function sampleEvent(
  kind: 'webhook' | 'callback',
  event: string,
): { contentType: 'text/plain; charset=utf-8' | 'application/json'; body: string } {
  const entry = events.find((e) => e.kind === kind && e.name === event);
  if (!entry) throw new Error(`The spec has no ${kind} named ${event}.`);
  return entry.contentType === 'application/json'
    ? { contentType: 'application/json', body: JSON.stringify(entry.example) }
    : { contentType: 'text/plain; charset=utf-8', body: String(entry.example) };
}
