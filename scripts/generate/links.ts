import type { OpenAPIDocument } from './bundle.js';
import { deref, operations } from './walk.js';

/** The extension on a registration operation naming the webhook it registers for. */
export const WEBHOOK_EXTENSION = 'x-clubnotify-webhook';
/** The extension on a webhook's operation marking an operational event (about the owner's own targets, deliveries and key). */
export const OPERATIONAL_EXTENSION = 'x-clubnotify-operational';
/** The extension on the one operation that registers `url` for the operational events named in `events`. */
export const OPERATIONAL_REGISTRATION_EXTENSION = 'x-clubnotify-operational-events';
/** The extension on a POST that is idempotent by design. */
export const IDEMPOTENT_EXTENSION = 'x-clubnotify-idempotent';

export interface RegistrationLink {
  webhook: string;
  operationId: string;
  method: string;
  path: string;
  /** The 2xx status the operation declares for a successful registration. */
  successStatus: number;
}

export interface RetrySafeOperation {
  method: string;
  path: string;
  operationId: string;
  /** `always`: idempotent by design; `with-idempotency-key`: only when the request carries one. */
  when: 'always' | 'with-idempotency-key';
}

const where = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function successStatus(operation: Record<string, any>, at: string): number {
  const status = Object.keys(operation.responses ?? {}).find((s) => /^2\d\d$/.test(s));
  if (!status) throw new Error(`${at} carries ${WEBHOOK_EXTENSION} but declares no 2xx response`);
  return Number(status);
}

/** The webhooks marked as operational events, in the spec's order. */
export function operationalWebhooks(document: OpenAPIDocument): string[] {
  return Object.entries<Record<string, any>>(document.webhooks ?? {})
    .filter(([, item]) => Object.values<Record<string, any>>(item).some((op) => op?.[OPERATIONAL_EXTENSION] === true))
    .map(([name]) => name);
}

/** Operational events need the one operation that registers for them, and it needs a list of events. */
function checkOperationalRegistration(document: OpenAPIDocument): void {
  if (operationalWebhooks(document).length === 0) return;
  const found = operations(document).filter(({ operation }) => operation[OPERATIONAL_REGISTRATION_EXTENSION] === true);
  if (found.length !== 1)
    throw new Error(
      `operational webhooks need exactly one POST operation with ${OPERATIONAL_REGISTRATION_EXTENSION}: true, found ${found.length}`,
    );
  const { method, path, operation } = found[0]!;
  const body = deref(document, deref(document, operation.requestBody ?? {}).content?.['application/json']?.schema ?? {});
  const required = (body.required as string[] | undefined) ?? [];
  if (method !== 'post' || !required.includes('url') || !required.includes('events'))
    throw new Error(
      `${where(method, path)}: ${OPERATIONAL_REGISTRATION_EXTENSION} belongs on a POST with a required \`url\` and \`events\``,
    );
}

/** Every registration operation and the webhook it registers for, checked both ways. */
export function registrationLinks(document: OpenAPIDocument): RegistrationLink[] {
  checkOperationalRegistration(document);
  const operational = operationalWebhooks(document);
  const webhooks = Object.keys(document.webhooks ?? {}).filter((w) => !operational.includes(w));
  const links: RegistrationLink[] = [];
  for (const { path, method, operation } of operations(document)) {
    const webhook = operation[WEBHOOK_EXTENSION] as unknown;
    if (webhook === undefined) continue;
    const at = where(method, path);
    if (typeof webhook !== 'string' || !webhooks.includes(webhook)) {
      throw new Error(
        `${at}: ${WEBHOOK_EXTENSION} must name a webhook of the spec (${webhooks.join(', ')}), got ${JSON.stringify(webhook)}`,
      );
    }
    if (method !== 'post') throw new Error(`${at}: ${WEBHOOK_EXTENSION} belongs on a POST registration operation`);
    // The one registration handler reads the URL to register from `url`.
    const body = deref(document, deref(document, operation.requestBody ?? {}).content?.['application/json']?.schema ?? {});
    if (!(body.required as string[] | undefined)?.includes('url'))
      throw new Error(`${at}: a registration operation takes a JSON body with a required \`url\` (see RegistrationRequest)`);
    links.push({ webhook, operationId: operation.operationId as string, method, path, successStatus: successStatus(operation, at) });
  }
  // A spec that links none (another team's) is not held to it; ours must link every webhook.
  if (links.length > 0) {
    const unlinked = webhooks.filter((w) => !links.some((l) => l.webhook === w));
    if (unlinked.length > 0)
      throw new Error(`webhook ${unlinked.join(', ')} has no registration operation: add one with ${WEBHOOK_EXTENSION}: ${unlinked[0]}`);
  }
  return links;
}

function declaresIdempotencyKey(document: OpenAPIDocument, parameters: Array<Record<string, any>> | undefined): boolean {
  return (parameters ?? []).some((p) => {
    const param = deref(document, p);
    return param?.in === 'header' && String(param.name).toLowerCase() === 'idempotency-key';
  });
}

/**
 * POST and PATCH operations a client may send again after a lost answer: registrations
 * and `x-clubnotify-idempotent` ones always, those declaring `Idempotency-Key` with one.
 */
export function retrySafeOperations(document: OpenAPIDocument): RetrySafeOperation[] {
  const out: RetrySafeOperation[] = [];
  for (const { path, method, operation, pathItem } of operations(document)) {
    if (method !== 'post' && method !== 'patch') continue;
    const base = { method, path, operationId: operation.operationId as string };
    if (operation[WEBHOOK_EXTENSION] !== undefined || operation[IDEMPOTENT_EXTENSION] === true) out.push({ ...base, when: 'always' });
    else if (declaresIdempotencyKey(document, [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]))
      out.push({ ...base, when: 'with-idempotency-key' });
  }
  return out;
}

/**
 * The spec's own name enums must list exactly its events: `WebhookName` and `EventName` those
 * that registrations and the delivery log carry, `OperationalEventName` the operational ones.
 */
export function checkEventNameEnums(document: OpenAPIDocument, allWebhooks: string[], callbacks: string[]): void {
  const schemas = document.components?.schemas ?? {};
  const operational = operationalWebhooks(document);
  const webhooks = allWebhooks.filter((w) => !operational.includes(w));
  const expect: Array<[string, string[]]> = [
    ['WebhookName', webhooks],
    ['EventName', [...new Set([...webhooks, ...callbacks])]],
    ['OperationalEventName', operational],
  ];
  for (const [name, names] of expect) {
    const listed = schemas[name]?.enum as string[] | undefined;
    if (listed === undefined) continue;
    const missing = names.filter((n) => !listed.includes(n));
    const extra = listed.filter((n) => !names.includes(n));
    if (missing.length > 0 || extra.length > 0) {
      throw new Error(
        `components.schemas.${name} must list exactly the spec's events: ${[...missing.map((n) => `add ${n}`), ...extra.map((n) => `remove ${n}`)].join(', ')}`,
      );
    }
  }
}
