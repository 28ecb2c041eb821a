import type { OpenAPIDocument } from './bundle.js';
import { deref, operations, type EventEntry } from './walk.js';

/** The extension on a webhook or callback naming its ordering key. */
export const ORDERING_EXTENSION = 'x-clubnotify-ordering-key';

/** Where an event's ordering key is: a JSON Pointer into its payload or into the subscribing request. */
export interface OrderingKey {
  source: 'payload' | 'subscription';
  pointer: string;
}

/** The schema at `pointer` under `schema`, following `$ref`s and object properties. */
function schemaAt(document: OpenAPIDocument, schema: Record<string, any>, pointer: string): Record<string, any> | undefined {
  let at: Record<string, any> | undefined = deref(document, schema);
  for (const token of pointer.split('/').slice(1)) {
    const name = token.replace(/~1/g, '/').replace(/~0/g, '~');
    at = at?.properties?.[name] ? deref(document, at.properties[name]) : undefined;
  }
  return at;
}

/** The subscribing request body's schema of a callback (its parent operation's JSON body). */
function subscriptionSchema(document: OpenAPIDocument, event: EventEntry): Record<string, any> | undefined {
  const parent = operations(document).find((o) => o.operation.operationId === event.parentOperationId);
  const body = parent && deref(document, parent.operation.requestBody ?? {});
  return body?.content?.['application/json']?.schema;
}

/**
 * The event's `x-clubnotify-ordering-key`, checked: `source` is `payload` (a JSON payload) or
 * `subscription` (callbacks only), and `pointer` names a required string property there.
 */
export function orderingKeyOf(document: OpenAPIDocument, event: EventEntry, payloadSchema: Record<string, any>): OrderingKey | undefined {
  const value = event.operation[ORDERING_EXTENSION] as Record<string, unknown> | undefined;
  if (value === undefined) return undefined;
  const at = `${ORDERING_EXTENSION} of ${event.kind} ${event.name}`;
  const { source, pointer } = value;
  if (source !== 'payload' && source !== 'subscription') throw new Error(`${at}: source must be payload or subscription`);
  if (typeof pointer !== 'string' || !/^(\/[^/]+)+$/.test(pointer)) throw new Error(`${at}: pointer must be a JSON Pointer like /drink/id`);
  if (source === 'subscription' && event.kind !== 'callback') throw new Error(`${at}: source subscription is for callbacks only`);
  const root = source === 'payload' ? payloadSchema : subscriptionSchema(document, event);
  if (!root) throw new Error(`${at}: no JSON schema to point into`);
  const target = schemaAt(document, root, pointer);
  if (target?.type !== 'string') throw new Error(`${at}: ${pointer} is not a string property of the ${source}`);
  return { source, pointer };
}
