/**
 * A receiver is built for one payload version (issue 47): it answers a delivery of that
 * version, and refuses one of another with a 400 problem that says what to change. The
 * shipped spec has version 1 only; a receiver of version 2 runs in the fixture 2.0.0
 * (test/e2e/payload-versions.test.ts).
 */
import { validateBody } from '@clubnotify/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver } from '../src/index.js';
import { listen, post, SECRET, signed, stockUpdate, type Listening } from './helpers.js';

const handled: unknown[] = [];
let app: Listening;
beforeAll(async () => {
  const receiver = createReceiver({
    secret: SECRET,
    payloadVersion: 1,
    mode: 'development',
    handlers: { webhooks: { stockUpdate: (payload) => void handled.push(payload) } },
  });
  app = await listen(createNodeHandler(receiver));
});
afterAll(() => app.close());

const body = JSON.stringify(stockUpdate);
const deliver = (version?: string) =>
  post(`${app.url}/webhooks/stockUpdate`, { ...signed(body), ...(version === undefined ? {} : { 'webhook-version': version }) }, body);

describe('a receiver built for payload version 1', () => {
  it('handles a delivery whose webhook-version is 1', async () => {
    const before = handled.length;
    expect((await deliver('1')).status).toBe(200);
    expect(handled.slice(before)).toEqual([stockUpdate]);
  });

  it('handles a delivery without webhook-version (a sender that predates payload versions): its payload alone is judged', async () => {
    const before = handled.length;
    expect((await deliver()).status).toBe(200);
    expect(handled.length).toBe(before + 1);
  });

  it('refuses a delivery of version 2 with a 400 problem naming both versions and the fix, before its handler runs', async () => {
    const before = handled.length;
    const answer = await deliver('2');
    expect(answer.status).toBe(400);
    expect(answer.contentType).toBe('application/problem+json');
    expect(validateBody('schema.Problem', answer.json).ok).toBe(true);
    expect(answer.json).toMatchObject({
      type: 'https://clubnotify.dev/problems/payload-version-mismatch',
      title: 'Payload version not handled here',
      status: 400,
    });
    expect(answer.json.detail).toBe(
      'This receiver is built for payload version 1 of the webhook stockUpdate; this delivery is payload version 2 (webhook-version: 2). ' +
        "Set the target's payloadVersion to 1, or build the receiver for version 2 (createReceiver({ payloadVersion: 2 })).",
    );
    expect(handled.length).toBe(before);
  });

  it.each([
    ['not a number', 'v1', 'The webhook-version header must be a payload version such as 1, not "v1".'],
    ['zero', '0', 'The webhook-version header must be a payload version such as 1, not "0".'],
    ['sent twice', '1, 1', 'The webhook-version header was sent more than once; send it exactly once.'],
  ])('refuses a webhook-version header that is %s as malformed (400)', async (_, value, detail) => {
    const answer = await deliver(value);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ type: 'https://clubnotify.dev/problems/malformed-headers', detail });
  });
});

describe('createReceiver({ payloadVersion })', () => {
  it('refuses, when built, a version the installed spec does not list', () => {
    // @ts-expect-error 3 is not a payload version of this spec
    expect(() => createReceiver({ secret: SECRET, payloadVersion: 3, handlers: {} })).toThrow(
      new TypeError('createReceiver: payloadVersion 3 is not a payload version of the installed @clubnotify/spec (it has 1).'),
    );
  });
});
