import { HEADER } from './header.js';
import type { OpenAPIDocument } from './bundle.js';
import { checkEventNameEnums, OPERATIONAL_EXTENSION, operationalWebhooks, registrationLinks } from './links.js';
import { deref, events, firstExample, type EventEntry } from './walk.js';
import { orderingKeyOf } from './ordering.js';

/** The TypeScript type of a payload schema: a component of `components['schemas']`, or `string`. */
export function payloadType(schema: Record<string, any>): string {
  const ref = schema.$ref as string | undefined;
  if (ref?.startsWith('#/components/schemas/')) return `components['schemas']['${ref.slice('#/components/schemas/'.length)}']`;
  if (schema.type === 'string') return 'string';
  throw new Error(`event payload schemas must be component refs or strings, got ${JSON.stringify(schema)}`);
}

const property = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const camel = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join('');

/** An event's request body: its first media type, that media object, and whether it is required. */
export function eventBody(
  document: OpenAPIDocument,
  event: EventEntry,
): { contentType: string; media: Record<string, any>; required: boolean } {
  const body = deref(document, event.operation.requestBody ?? {});
  const [contentType, media] = Object.entries<Record<string, any>>(body.content ?? {})[0] ?? [];
  if (!contentType || !media) throw new Error(`${event.kind} ${event.name} has no request body`);
  return { contentType, media, required: body.required === true };
}

export function renderCatalogue(document: OpenAPIDocument): string {
  const entries = events(document).map((event) => {
    const { contentType, media, required } = eventBody(document, event);
    return {
      kind: event.kind,
      name: event.name,
      ...(event.operation[OPERATIONAL_EXTENSION] === true ? { operational: true } : {}),
      operationId: (event.operation.operationId as string | undefined) ?? camel(`${event.name} ${event.kind}`),
      ...(event.expression ? { expression: event.expression, parentOperationId: event.parentOperationId } : {}),
      contentType,
      payloadRequired: required,
      payloadSchema: media.schema,
      ...(orderingKeyOf(document, event, media.schema) ? { orderingKey: orderingKeyOf(document, event, media.schema) } : {}),
      responses: Object.keys(event.operation.responses ?? {}),
      headers: (event.operation.parameters ?? [])
        .map((p: Record<string, any>) => deref(document, p))
        .filter((p: Record<string, any>) => p.in === 'header')
        .map((p: Record<string, any>) => ({ name: p.name, required: p.required === true })),
      example: firstExample(document, media),
      payloadType: payloadType(media.schema),
    };
  });
  const names = (kind: string) => JSON.stringify([...new Set(entries.filter((e) => e.kind === kind).map((e) => e.name))]);
  const payloads = (kind: string) =>
    entries
      .filter((e) => e.kind === kind)
      .map((e) => `  ${property(e.name)}: ${e.payloadType};`)
      .join('\n');
  const catalogue = entries.map(({ payloadType: _, ...rest }) => rest);
  checkEventNameEnums(document, JSON.parse(names('webhook')) as string[], JSON.parse(names('callback')) as string[]);
  const registrations = registrationLinks(document);
  return `${HEADER}
import type { components } from './openapi.js';

/** Every webhook of the spec, by name (case-sensitive). */
export const webhookNames = ${names('webhook')} as const;
/** Every callback of the spec, by name (case-sensitive). */
export const callbackNames = ${names('callback')} as const;

export type WebhookName = (typeof webhookNames)[number];
export type CallbackName = (typeof callbackNames)[number];

/**
 * The webhooks that are operational events (\`x-clubnotify-operational\`): about the owner's own
 * targets, deliveries and key, registered for with \`events\`, never in registrations or the log.
 */
export const operationalEventNames = ${JSON.stringify(operationalWebhooks(document))} as const;
export type OperationalEventName = (typeof operationalEventNames)[number];

/** The payload each webhook carries. */
export interface WebhookPayloads {
${payloads('webhook')}
}

/** The payload each callback carries; openapi-typescript emits nothing for callbacks. */
export interface CallbackPayloads {
${payloads('callback')}
}

/** Every webhook and callback: how it is sent and what the receiver may answer. */
export const events = ${JSON.stringify(catalogue, null, 2)} as const;

/**
 * Each ordered event (\`x-clubnotify-ordering-key\`), by \`<kind>.<name>\`: where its ordering key is,
 * a JSON Pointer into the payload or into the subscribing request. Events not listed are not ordered.
 */
export const orderingKeys = ${JSON.stringify(Object.fromEntries(catalogue.filter((e) => 'orderingKey' in e).map((e) => [`${e.kind}.${e.name}`, (e as { orderingKey: unknown }).orderingKey])), null, 2)} as const;

/** The longest ordering key, in characters; a longer one is refused before it is queued. */
export const ORDERING_KEY_MAX_LENGTH = 128;

export type EventDefinition = (typeof events)[number];

/**
 * Each registration operation (\`x-clubnotify-webhook\`) and the webhook it registers
 * \`url\` for, with the 2xx status it answers.
 */
export const webhookRegistrations = ${JSON.stringify(registrations, null, 2)} as const;

export type WebhookRegistration = (typeof webhookRegistrations)[number];
`;
}
