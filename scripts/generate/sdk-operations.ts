import { HEADER } from './header.js';
import type { OpenAPIDocument } from './bundle.js';
import { registrationLinks, retrySafeOperations } from './links.js';
import { events } from './walk.js';

/** What the SDK derives from the spec besides types: retry-safe operations and registrations. */
export function renderSdkOperations(document: OpenAPIDocument, payloadVersions: readonly number[]): string {
  const retrySafe = retrySafeOperations(document);
  const always = retrySafe.filter((o) => o.when === 'always').map((o) => `${o.method.toUpperCase()} ${o.path}`);
  const withKey = retrySafe.filter((o) => o.when === 'with-idempotency-key').map((o) => `${o.method.toUpperCase()} ${o.path}`);
  const registrations = registrationLinks(document).map(({ webhook, operationId, path }) => ({ webhook, operationId, path }));
  const eventNames = [...new Set(events(document).map((e) => e.name))];
  return `${HEADER}
/** POST and PATCH operations idempotent by design (registrations, \`x-clubnotify-idempotent\`): always retried. */
export const idempotentOperations: ReadonlySet<string> = new Set(${JSON.stringify(always)});

/** Operations declaring the \`Idempotency-Key\` header: retried when the call sends one. */
export const idempotencyKeyOperations: ReadonlySet<string> = new Set(${JSON.stringify(withKey)});

/** Each webhook's registration operation (\`x-clubnotify-webhook\`); its body is \`{ url }\`. */
export const webhookRegistrations = ${JSON.stringify(registrations, null, 2)} as const;

/** Every event name, webhook or callback (a name can be both), as \`GET /deliveries?event=\` takes it. */
export const eventNames = ${JSON.stringify(eventNames)} as const;

/** The name of a webhook that can be registered for. */
export type RegistrableWebhook = (typeof webhookRegistrations)[number]['webhook'];

/** The payload versions a target can be pinned to (\`payloadVersion\`), oldest first: the majors of \`info.x-clubnotify-payload-versions\`. */
export const payloadVersions = ${JSON.stringify(payloadVersions)} as const;

/** A payload version of this contract. */
export type PayloadVersion = (typeof payloadVersions)[number];
`;
}
