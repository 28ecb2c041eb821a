import { webhookRegistrations } from '@clubnotify/spec';
import { describe, expect, it } from 'vitest';
import { checkEventNameEnums, registrationLinks, retrySafeOperations } from '../../scripts/generate/links.js';
import { doc } from './spec-document.js';

const ok = {
  requestBody: {
    content: { 'application/json': { schema: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } } },
  },
  responses: { '200': { description: 'ok' } },
};
const webhook = { post: { operationId: 'w', ...ok } };

function spec(paths: Record<string, unknown>, webhooks: Record<string, unknown> = { ping: webhook }) {
  return {
    openapi: '3.1.0',
    paths,
    webhooks,
    components: { parameters: { Key: { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } } } },
  };
}

describe('registration links (x-clubnotify-webhook)', () => {
  it('links each webhook of our spec to its registration operation and declared status', () => {
    expect(webhookRegistrations.map((l) => [l.webhook, l.method, l.path, l.successStatus])).toEqual([
      ['concertAlert', 'post', '/registerForAlert', 200],
      ['stockUpdate', 'post', '/registerForStockUpdates', 200],
    ]);
    const registrable = Object.keys(doc.webhooks).filter((name) => doc.webhooks[name].post['x-clubnotify-operational'] !== true);
    expect(registrable.every((name) => webhookRegistrations.some((l) => l.webhook === name))).toBe(true);
  });

  it.each([
    [
      'a webhook without a registration operation',
      spec({ '/a': { post: { 'x-clubnotify-webhook': 'ping', ...ok } } }, { ping: webhook, pong: webhook }),
      /webhook pong has no registration operation/,
    ],
    [
      'a link to a webhook the spec does not have',
      spec({ '/a': { post: { 'x-clubnotify-webhook': 'pnig', ...ok } } }),
      /must name a webhook of the spec \(ping\), got "pnig"/,
    ],
    ['a link on a GET', spec({ '/a': { get: { 'x-clubnotify-webhook': 'ping', ...ok } } }), /belongs on a POST/],
    [
      'a registration with no 2xx',
      spec({ '/a': { post: { 'x-clubnotify-webhook': 'ping', ...ok, responses: { '400': { description: 'no' } } } } }),
      /declares no 2xx/,
    ],
    [
      'a registration without a required url',
      spec({ '/a': { post: { 'x-clubnotify-webhook': 'ping', responses: ok.responses } } }),
      /a required `url`/,
    ],
  ])('fails generation on %s', (_, document, message) => {
    expect(() => registrationLinks(document)).toThrow(message);
  });

  it("holds a spec that links nothing (another team's) to nothing", () => {
    expect(registrationLinks(spec({ '/a': { post: ok } }))).toEqual([]);
  });
});

describe('retry-safe operations', () => {
  it('are registrations and x-clubnotify-idempotent posts always, Idempotency-Key operations with a key', () => {
    const document = spec({
      '/register': { post: { operationId: 'register', 'x-clubnotify-webhook': 'ping', ...ok } },
      '/subscribe': { post: { operationId: 'subscribe', 'x-clubnotify-idempotent': true, ...ok } },
      '/publish': { post: { operationId: 'publish', parameters: [{ $ref: '#/components/parameters/Key' }], ...ok } },
      '/things/{id}': {
        patch: { operationId: 'change', parameters: [{ name: 'idempotency-key', in: 'header' }], ...ok },
        post: { operationId: 'other', ...ok },
      },
    });
    expect(retrySafeOperations(document).map((o) => `${o.operationId}:${o.when}`)).toEqual([
      'register:always',
      'subscribe:always',
      'publish:with-idempotency-key',
      'change:with-idempotency-key',
    ]);
  });
});

describe('name enums', () => {
  it('must list exactly the events', () => {
    const document = { components: { schemas: { WebhookName: { enum: ['ping'] }, EventName: { enum: ['ping', 'gone'] } } } };
    expect(() => checkEventNameEnums(document, ['ping', 'pong'], [])).toThrow(
      "components.schemas.WebhookName must list exactly the spec's events: add pong",
    );
    expect(() => checkEventNameEnums(document, ['ping'], [])).toThrow("EventName must list exactly the spec's events: remove gone");
  });
});
