import { events } from '@clubnotify/spec';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as Svix } from 'svix';
import { Webhook as Svix1 } from 'svix-1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerEvent, type EventKind } from '../src/index.js';
import { listen, SECRET, type Listening } from './helpers.js';

// What the README's "Verifying without this kit" section promises, checked against the
// libraries themselves on events sent over a socket the way the server sends them.

interface Received {
  headers: Record<string, string>;
  body: Buffer;
}

let inbox: Received[] = [];
let app: Listening;
beforeAll(async () => {
  app = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      inbox.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
      res.end();
    });
  });
});
afterAll(() => app.close());

async function receive(kind: EventKind, event: string): Promise<Received> {
  inbox = [];
  const result = await triggerEvent({ event, kind, url: `${app.url}/${kind}s/${event}`, secret: SECRET });
  expect(result.status).toBe(200);
  return inbox[0]!;
}

const example = (kind: EventKind, name: string) => events.find((e) => e.kind === kind && e.name === name)!.example;

describe('stockUpdate (application/json) with off-the-shelf verifiers', () => {
  it('verifies and parses with standardwebhooks and svix 1.x defaults', async () => {
    const { headers, body } = await receive('webhook', 'stockUpdate');
    expect(new StandardWebhook(SECRET).verify(body, headers)).toEqual(example('webhook', 'stockUpdate'));
    expect(new Svix1(SECRET).verify(body, headers)).toEqual(example('webhook', 'stockUpdate'));
  });

  it('verifies with svix 2.x, which returns nothing: JSON.parse the raw body yourself', async () => {
    const { headers, body } = await receive('webhook', 'stockUpdate');
    expect(new Svix(SECRET).verify(body, headers)).toBeUndefined();
    expect(JSON.parse(body.toString('utf8'))).toEqual(example('webhook', 'stockUpdate'));
  });
});

describe.each<EventKind>(['webhook', 'callback'])('concertAlert %s (text/plain) with off-the-shelf verifiers', (kind) => {
  it('fails with the default standardwebhooks and svix 1.x calls: they JSON.parse the text after verifying', async () => {
    const { headers, body } = await receive(kind, 'concertAlert');
    expect(() => new StandardWebhook(SECRET).verify(body, headers)).toThrow(SyntaxError);
    expect(() => new Svix1(SECRET).verify(body, headers)).toThrow(SyntaxError);
  });

  it('verifies with standardwebhooks { jsonParse: false } and with svix 2.x; the text is the raw body', async () => {
    const { headers, body } = await receive(kind, 'concertAlert');
    expect(new StandardWebhook(SECRET).verify(body, headers, { jsonParse: false })).toBeUndefined();
    expect(new Svix(SECRET).verify(body, headers)).toBeUndefined();
    expect(body.toString('utf8')).toBe(example(kind, 'concertAlert'));
  });

  it('still refuses a changed text with those calls', async () => {
    const { headers, body } = await receive(kind, 'concertAlert');
    const changed = Buffer.from(`${body.toString('utf8')}!`);
    expect(() => new StandardWebhook(SECRET).verify(changed, headers, { jsonParse: false })).toThrow(/No matching signature/);
    expect(() => new Svix(SECRET).verify(changed, headers)).toThrow(/No matching signature/);
  });
});
