import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, type WebhookPayloads } from '@clubnotify/spec';
import { createNodeHandler, createReceiver, type EventContext } from '@clubnotify/receiver';
import { parseMockArgs, startMock, type FiredWebhook, type Mock } from '../../scripts/mock.js';

const examples = (document.components as Record<string, any>).examples as Record<string, { value: any }>;
const alertSecret: string = examples.AlertRegistration!.value.secret;
const stockSecret: string = examples.StockRegistration!.value.secret;
const auth = { authorization: 'Bearer cn_mock_key', 'content-type': 'application/json' };

interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
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

describe('npm run mock (Prism + webhook companion)', () => {
  let mock: Mock;
  const fired: FiredWebhook[] = [];
  const listeners: Listening[] = [];
  const alert = arrival<{ payload: WebhookPayloads['concertAlert']; ctx: EventContext }>();
  const stock = arrival<{ payload: WebhookPayloads['stockUpdate']; ctx: EventContext }>();
  const callback = arrival<{ method: string; headers: IncomingHttpHeaders; body: string }>();
  const strays: string[] = [];
  let alertReceiver: Listening;
  let stockReceiver: Listening;
  let callbackReceiver: Listening;
  let trap: Listening;

  beforeAll(async () => {
    mock = await startMock({ port: 0, onWebhook: (f) => fired.push(f) });
    // Each receiver knows only its own registration's secret, so a webhook signed with the
    // wrong one is refused.
    alertReceiver = await listen(
      createServer(createNodeHandler(createReceiver({ secret: alertSecret, handlers: { webhooks: { concertAlert: (payload, ctx) => alert.deliver({ payload, ctx }) } } }))),
    );
    stockReceiver = await listen(
      createServer(createNodeHandler(createReceiver({ secret: stockSecret, handlers: { webhooks: { stockUpdate: (payload, ctx) => stock.deliver({ payload, ctx }) } } }))),
    );
    callbackReceiver = await listen(
      createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => {
          res.writeHead(200).end();
          callback.deliver({ method: req.method ?? '', headers: req.headers, body });
        });
      }),
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

  it('sends the example stockUpdate webhook after a stock registration', async () => {
    const url = `${stockReceiver.url}/webhooks/stockUpdate`;
    const res = await fetch(`${mock.url}/registerForStockUpdates`, { method: 'POST', headers: auth, body: JSON.stringify({ url }) });
    expect(res.status).toBe(200);
    expect((await res.json()).secret).toBe(stockSecret);

    const { payload } = await stock.promise;
    expect(payload).toEqual(examples.StockUpdate!.value);
  });

  it('fires nothing for a registration the mock refuses, and passes the refusal through', async () => {
    const res = await fetch(`${mock.url}/registerForAlert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${trap.url}/webhooks/concertAlert` }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('sl-violations')).toContain('security');
    const invalid = await fetch(`${mock.url}/registerForAlert`, { method: 'POST', headers: auth, body: JSON.stringify({ url: 'not a url', extra: 1 }) });
    // Prism answers an invalid body with the operation's 422 when it declares one.
    expect(invalid.status).toBe(422);
    await mock.idle();
    expect(strays).toEqual([]);
  });

  it("fires Prism's native concertAlert callback to callbackUrl, its text/plain body JSON-quoted and unsigned", async () => {
    const res = await fetch(`${mock.url}/concertUpdates`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ concertId: 'con_jazznight2026', callbackUrl: `${callbackReceiver.url}/callbacks/concertAlert` }),
    });
    expect(res.status).toBe(200);

    const received = await callback.promise;
    expect(received.method).toBe('POST');
    expect(received.headers['content-type']).toMatch(/^text\/plain/);
    // Prism 5.14 serialises the text/plain example as a JSON string: strip the quotes.
    expect(received.body).toBe(JSON.stringify(examples.ConcertAlertRescheduled!.value));
    expect(JSON.parse(received.body)).toBe(examples.ConcertAlertRescheduled!.value);
    expect(received.headers['webhook-signature']).toBeUndefined();
  });

  it('serves the examples of other operations unchanged through the proxy', async () => {
    const res = await fetch(`${mock.url}/items?limit=2`, { headers: { authorization: 'Bearer cn_mock_key' } });
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
  ])('%s', (_name, { given, want }) => {
    expect(parseMockArgs(given)).toEqual(want);
  });

  it('refuses a port that is not a port', () => {
    expect(() => parseMockArgs(['--port', 'abc'])).toThrow(/--port must be 0 to 65535/);
  });
});
