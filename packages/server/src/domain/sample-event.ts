import { document } from '@clubnotify/spec';

type Json = Record<string, any>;

/** The first example of an event's request body in the spec, as sent on the wire. */
export function sampleEvent(kind: 'webhook' | 'callback', event: string): { contentType: 'text/plain; charset=utf-8' | 'application/json'; body: string } {
  const doc = document as Json;
  const operation: Json =
    kind === 'webhook'
      ? doc.webhooks[event].post
      : (Object.values(doc.paths['/concertUpdates'].post.callbacks[event] as Json)[0] as Json).post;
  const [mediaType, content] = Object.entries(operation.requestBody.content as Json)[0]!;
  const example = Object.values(content.examples as Json)[0] as Json;
  const value = example.$ref ? doc.components.examples[String(example.$ref).split('/').pop()!].value : example.value;
  return mediaType === 'application/json'
    ? { contentType: 'application/json', body: JSON.stringify(value) }
    : { contentType: 'text/plain; charset=utf-8', body: String(value) };
}
