import { document, events, webhookRegistrations, type CallbackName, type WebhookName } from '@clubnotify/spec';

type Json = Record<string, any>;

/**
 * Prism 5 does not fire OpenAPI 3.1 `webhooks`. These registration paths (the spec's
 * `x-clubnotify-webhook` links) are what make the companion send the matching webhook
 * (the spec's example) once Prism accepted them.
 */
export const registrationWebhooks: Readonly<Record<string, WebhookName>> = Object.fromEntries(
  webhookRegistrations.map((link) => [link.path, link.webhook]),
);

function pathOf(operationId: string): string | undefined {
  return Object.entries(document.paths as Json).find(([, item]) => (item as Json).post?.operationId === operationId)?.[0];
}

/**
 * Callbacks the companion sends itself (Prism is given a document without `callbacks`):
 * the path of the operation declaring each one, and the request body field its
 * `{$request.body#/field}` expression names as the URL.
 */
export const subscriptionCallbacks: Readonly<Record<string, { urlField: string; event: CallbackName }>> = Object.fromEntries(
  events.flatMap((event) => {
    if (event.kind !== 'callback') return [];
    const field = /^\{\$request\.body#\/([^/}]+)\}$/.exec(event.expression)?.[1];
    const path = pathOf(event.parentOperationId);
    return field && path ? [[path, { urlField: field, event: event.name }]] : [];
  }),
);
