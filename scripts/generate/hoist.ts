import type { OpenAPIDocument } from './bundle.js';
import { deref, events } from './walk.js';

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * Moves inline webhook and callback payload schemas into `components.schemas` (as
 * `OrderShippedWebhookPayload`), so every generated type and validator can name them:
 * openapi-typescript emits nothing for callbacks. A spec whose payloads are all refs or
 * plain strings comes back unchanged.
 */
export function hoistEventPayloads(document: OpenAPIDocument): OpenAPIDocument {
  const inline = events(document).flatMap((event) =>
    Object.values<Record<string, any>>(deref(document, event.operation.requestBody ?? {}).content ?? {})
      .filter((media) => media.schema && !media.schema.$ref && media.schema.type !== 'string')
      .map((media) => ({ event, media })),
  );
  if (inline.length === 0) return document;
  document.components ??= {};
  const schemas: Record<string, unknown> = (document.components.schemas ??= {});
  for (const { event, media } of inline) {
    let name = `${pascal(event.name)}${pascal(event.kind)}Payload`;
    for (let n = 2; name in schemas; n++) name = `${pascal(event.name)}${pascal(event.kind)}Payload${n}`;
    schemas[name] = media.schema;
    media.schema = { $ref: `#/components/schemas/${name}` };
  }
  return document;
}
