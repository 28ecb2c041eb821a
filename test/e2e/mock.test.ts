import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, type WebhookPayloads } from '@clubnotify/spec';
import { createNodeHandler, createReceiver, type EventContext } from '@clubnotify/receiver';
import { parseMockArgs, runPrism, startMock, type FiredWebhook, type Mock } from '../../scripts/mock.js';
import { freePort } from '../free-port.js';
import { formatPhrases } from '../../packages/spec/src/field-messages.js';

const examples = (document.components as Record<string, any>).examples as Record<string, { value: any }>;
const alertSecret: string = examples.AlertRegistration!.value.secret;
const stockSecret: string = examples.StockRegistration!.value.secret;
const subscriptionSecret: string = examples.Subscription!.value.secret;
const key = 'Bearer cn_mockKeyForTheReadme0123456789';
const auth = { authorization: key, 'content-type': 'application/json' };

interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A promise that one event arrives, and the function that delivers it. */
function arrival<T>(): { promise: Promise<T>; deliver: (value: T) => void } {
  let deliver!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (deliver = resolve));
  return { promise, deliver };
}

describe('npm run mock (Prism + companion)', () => {
  let mock: Mock;
  const fired: FiredWebhook[] = [];
  const listeners: Listening[] = [];
  const alert = arrival<{ payload: WebhookPayloads['concertAlert']; ctx: EventContext }>();
  const stock = arrival<{ payload: WebhookPayloads['stockUpdate']; ctx: EventContext }>();
  const callback = arrival<{ payload: string; ctx: EventContext }>();
  const strays: string[] = [];
  let alertReceiver: Listening;
  let stockReceiver: Listening;
  let callbackReceiver: Listening;
  let trap: Listening;

  let port: number;

  beforeAll(async () => {
    // Prism listens on the next port: both must be free, and out of reach of other tests' ephemeral ports.
    port = await freePort(2);
    mock = await startMock({ port, onWebhook: (f) => fired.push(f) });
    // Each receiver knows only its own registration's secret, so a webhook signed with the
    // wrong one is refused.
    alertReceiver = await listen(
      createServer(
        createNodeHandler(
          createReceiver({
            secret: alertSecret,
            handlers: { webhooks: { concertAlert: (payload, ctx) => alert.deliver({ payload, ctx }) } },
          }),
        ),
      ),
    );
    stockReceiver = await listen(
      createServer(
        createNodeHandler(
          createReceiver({
            secret: stockSecret,
            handlers: { webhooks: { stockUpdate: (payload, ctx) => stock.deliver({ payload, ctx }) } },
          }),
        ),
      ),
    );
    callbackReceiver = await listen(
      createServer(
        createNodeHandler(
          createReceiver({
            secret: subscriptionSecret,
            handlers: { callbacks: { concertAlert: (payload, ctx) => callback.deliver({ payload, ctx }) } },
          }),
        ),
      ),
    );
    trap = await listen(
      createServer((req, res) => {
        strays.push(`${req.method} ${req.url}`);
        res.writeHead(200).end();
      }),
    );
    listeners.push(alertReceiver, stockReceiver, callbackReceiver, trap);
  });

  afterAll(async () => {
    await mock?.close();
    await Promise.all(listeners.map((l) => l.close()));
  });

  it('sends the example concertAlert webhook to the registered URL, signed with the secret it answered', async () => {
    const url = `${alertReceiver.url}/webhooks/concertAlert`;
    const res = await fetch(`${mock.url}/registerForAlert`, { method: 'POST', headers: auth, body: JSON.stringify({ url }) });
    expect(res.status).toBe(200);
    expect((await res.json()).secret).toBe(alertSecret);

    const { payload, ctx } = await alert.promise;
    expect(payload).toBe(examples.ConcertAlertScheduled!.value);
    expect(ctx.id).toMatch(/^msg_/);
    await mock.idle();
    const sent = fired.find((f) => f.url === url);
    expect(sent && 'result' in sent && sent.result).toMatchObject({ status: 200, problems: [], ok: true });
  });

  it('says why a webhook to a registered URL failed without naming a --url flag the mock does not have', async () => {
    const url = `http://127.0.0.1:${await freePort()}/webhooks/concertAlert`;
    const res = await fetch(`${mock.url}/registerForAlert`, { method: 'POST', headers: auth, body: JSON.stringify({ url }) });
    expect(res.status).toBe(200);
    await mock.idle();
    const sent = fired.find((f) => f.url === url);
    expect(sent && 'error' in sent && sent.error.message).toBe(
      `Could not send to ${url}: the connection was refused (ECONNREFUSED): nothing listens there. Is the receiver running (npm start in its folder), and is that its address and port?`,
    );
  });

  it('sends the example stockUpdate webhook after a stock registration', async () => {
    const url = `${stockReceiver.url}/webhooks/stockUpdate`;
    const res = await fetch(`${mock.url}/registerForStockUpdates`, { method: 'POST', headers: auth, body: JSON.stringify({ url }) });
    expect(res.status).toBe(200);
    expect((await res.json()).secret).toBe(stockSecret);

    const { payload } = await stock.promise;
    expect(payload).toEqual(examples.StockUpdate!.value);
  });

  it("sends a registration its pinned payload version: that version's example with its webhook-version (issue 47)", async () => {
    const url = `${stockReceiver.url}/webhooks/stockUpdate?pinned=1`;
    const body = JSON.stringify({ url, payloadVersion: 1 });
    const res = await fetch(`${mock.url}/registerForStockUpdates`, { method: 'POST', headers: auth, body });
    expect(res.status).toBe(200);
    await mock.idle();
    const sent = fired.find((f) => f.url === url);
    expect(sent && 'result' in sent && sent.result).toMatchObject({ status: 200, ok: true, sent: { headers: { 'webhook-version': '1' } } });
  });

  it('refuses a payload version the contract does not list with 422 as the server does, and sends nothing', async () => {
    const url = `${trap.url}/webhooks/stockUpdate`;
    const res = await fetch(`${mock.url}/registerForStockUpdates`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url, payloadVersion: 7 }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      type: 'https://clubnotify.dev/problems/unknown-payload-version',
      title: 'Unknown payload version',
      status: 422,
      detail: '/body/payloadVersion: 7 is not a payload version of this contract; the supported versions are 1.',
      instance: '/registerForStockUpdates',
      supportedPayloadVersions: [1],
    });
    await mock.idle();
    expect(strays).toEqual([]);
  });

  it('fires nothing for a registration the mock refuses, and refuses it as the server does', async () => {
    const res = await fetch(`${mock.url}/registerForAlert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${trap.url}/webhooks/concertAlert` }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    const invalid = await fetch(`${mock.url}/registerForAlert`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url: 'not a url', extra: 1 }),
    });
    expect(invalid.status).toBe(400);
    const problem = await invalid.json();
    expect(problem).toMatchObject({ type: 'https://clubnotify.dev/problems/validation', status: 400, instance: '/registerForAlert' });
    expect(problem.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/body/extra', '/body/url']);
    await mock.idle();
    expect(strays).toEqual([]);
  });

  it.each<
    [
      string,
      { method: string; path: string; headers?: Record<string, string>; body?: string; status: number; type: string; pointers?: string[] },
    ]
  >([
    ['a malformed key', { method: 'GET', path: '/items', headers: { authorization: 'Bearer nope' }, status: 401, type: 'unauthorized' }],
    [
      'an unknown query parameter',
      { method: 'GET', path: '/items?limt=5', headers: auth, status: 400, type: 'validation', pointers: ['/query/limt'] },
    ],
    [
      'an out-of-range limit',
      { method: 'GET', path: '/items?limit=500', headers: auth, status: 400, type: 'validation', pointers: ['/query/limit'] },
    ],
    [
      'JSON that does not parse',
      { method: 'POST', path: '/registerForAlert', headers: auth, body: '{"url":', status: 400, type: 'invalid-json', pointers: ['/body'] },
    ],
    [
      'a text/plain body',
      {
        method: 'POST',
        path: '/registerForAlert',
        headers: { ...auth, 'content-type': 'text/plain' },
        body: 'hi',
        status: 415,
        type: 'unsupported-media-type',
      },
    ],
    [
      'a body over 64 KiB',
      {
        method: 'POST',
        path: '/registerForAlert',
        headers: auth,
        body: JSON.stringify({ url: `https://x.example/${'a'.repeat(70_000)}` }),
        status: 413,
        type: 'payload-too-large',
      },
    ],
    ['OPTIONS', { method: 'OPTIONS', path: '/registrations', headers: auth, status: 405, type: 'method-not-allowed' }],
    ['an unknown path', { method: 'GET', path: '/nothing', headers: auth, status: 404, type: 'not-found' }],
  ])('refuses %s as the server does', async (_name, c) => {
    const res = await fetch(mock.url + c.path, { method: c.method, headers: c.headers, body: c.body });
    expect(res.status).toBe(c.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const problem = await res.json();
    expect(problem).toMatchObject({ type: `https://clubnotify.dev/problems/${c.type}`, status: c.status, instance: c.path.split('?')[0] });
    if (c.pointers) expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual(c.pointers);
  });

  it('answers a bad date-time with one sentence for the field, as the server does: no pattern, no second format error', async () => {
    const res = await fetch(`${mock.url}/concerts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Jazz Night', startsAt: '2026-12-12 20:00', venue: 'Main Hall' }),
    });
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.errors).toEqual([{ pointer: '/body/startsAt', detail: formatPhrases['date-time'] }]);
    expect(problem.detail).not.toMatch(/pattern|\\d/);
  });

  it('answers creation with its success status, and lets Prefer choose another', async () => {
    const body = JSON.stringify(examples.ConcertCreate!.value);
    const created = await fetch(`${mock.url}/concerts`, { method: 'POST', headers: auth, body });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual(examples.Concert!.value);
    const replay = await fetch(`${mock.url}/concerts`, { method: 'POST', headers: { ...auth, prefer: 'code=200' }, body });
    expect(replay.status).toBe(200);
  });

  it('sends header examples, not placeholders', async () => {
    const res = await fetch(`${mock.url}/items/pages/link-header`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toMatch(/rel="next"/);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit')).toMatch(/^limit=/);
  });

  it('runs Prism on 127.0.0.1 at the port after its own', () => {
    expect(mock.url).toBe(`http://127.0.0.1:${port}`);
    expect(mock.prismUrl).toBe(`http://127.0.0.1:${port + 1}`);
  });

  it('sends the concertAlert callback to callbackUrl, signed with the subscription secret, as raw text', async () => {
    const res = await fetch(`${mock.url}/concertUpdates`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ concertId: 'con_jazznight2026', callbackUrl: `${callbackReceiver.url}/callbacks/concertAlert` }),
    });
    expect(res.status).toBe(200);

    const received = await callback.promise;
    expect(received.payload).toBe(examples.ConcertAlertRescheduled!.value);
    expect(received.ctx.id).toMatch(/^msg_/);
    await mock.idle();
    expect(fired.filter((f) => f.kind === 'callback')).toHaveLength(1);
  });

  it('serves the examples of other operations unchanged through the proxy', async () => {
    const res = await fetch(`${mock.url}/items?limit=2`, { headers: { authorization: key } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(examples.ItemCursorLinked!.value);
  });
});

describe('npm run mock arguments', () => {
  it.each([
    ['no flags', { given: [], want: { prismArgs: [] } }],
    ['--dynamic passes through', { given: ['--dynamic'], want: { prismArgs: ['--dynamic'] } }],
    ['--port is ours', { given: ['--port', '0', '--dynamic', '--seed', 'x'], want: { port: 0, prismArgs: ['--dynamic', '--seed', 'x'] } }],
    ['--port=N and -h', { given: ['--port=4020', '-h', '0.0.0.0'], want: { port: 4020, host: '0.0.0.0', prismArgs: [] } }],
    ['--stateful is ours', { given: ['--stateful', '--port', '0'], want: { stateful: true, port: 0, prismArgs: [] } }],
  ])('%s', (_name, { given, want }) => {
    expect(parseMockArgs(given)).toEqual(want);
  });

  it('refuses a port that is not a port', () => {
    expect(() => parseMockArgs(['--port', 'abc'])).toThrow(/--port must be 0 to 65535/);
  });

  it('refuses Prism flags with --stateful, naming them', () => {
    expect(() => parseMockArgs(['--stateful', '--dynamic'])).toThrow('--stateful takes only --port and --host; --dynamic is a Prism flag.');
  });
});

describe('npm run mock prints', () => {
  it("the port to use first, then its help; Prism's start-up lines on its own port are counted, not shown", async () => {
    const lines: string[] = [];
    const close = await runPrism({ port: 0, prismArgs: [] }, (line) => lines.push(line));
    try {
      expect(lines[0]).toMatch(/^\[mock\] clubnotify mock on http:\/\/127\.0\.0\.1:\d+: send requests here \(Prism behind it at /);
      expect(lines[1]).toMatch(/^\[mock\] Registrations and subscriptions fire/);
      expect(lines[2]).toMatch(/^\[mock\] Prism's [1-9]\d* start-up lines \(its routes, on its own port\) are not shown\.$/);
      expect(lines).toHaveLength(3);
    } finally {
      await close();
    }
  });
});
