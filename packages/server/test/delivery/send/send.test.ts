// One attempt on the wire, against a receiver on loopback: what it sends, and what it keeps of each kind of answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_BODY_LIMIT, sendAttempt, type AttemptRequest } from '../../../src/delivery/send/send.js';
import { signPayload } from '../../../src/delivery/send/sign.js';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;
const received: Array<{ headers: IncomingMessage['headers']; body: string; path: string }> = [];
let answer: Answer = (_req, res) => res.end();
let server: Server;
let base: string;
const agent = new Agent();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString(), path: req.url! });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await agent.close();
});

const request = (extra: Partial<AttemptRequest> = {}): AttemptRequest => ({
  url: `${base}/hooks/concerts?tenant=7`,
  messageId: 'msg_send_test',
  attempt: 2,
  contentType: 'application/json',
  body: '{"concertId":"con_1"}',
  version: 1,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  ...extra,
});

describe('sendAttempt', () => {
  it('posts the body with the Standard Webhooks headers, signed, and the trace context', async () => {
    answer = (_req, res) => res.writeHead(204).end();
    received.length = 0;
    const trace = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'cn=1' };
    const result = await sendAttempt(agent, request({ trace }), 5000);
    expect(result).toMatchObject({ statusCode: 204, error: null, retryAfterMs: null });
    const [got] = received;
    expect(got!.path).toBe('/hooks/concerts?tenant=7');
    expect(got!.body).toBe('{"concertId":"con_1"}');
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_send_test',
      'webhook-attempt': '2',
      'webhook-version': '1',
      traceparent: trace.traceparent,
      tracestate: 'cn=1',
    });
    const timestamp = Number(got!.headers['webhook-timestamp']);
    expect(got!.headers['webhook-signature']).toBe(signPayload(request().secret, 'msg_send_test', timestamp, request().body));
    expect(timestamp).toBe(Math.floor(result.startedAt.getTime() / 1000));
  });

  it('keeps the status and the answer body', async () => {
    answer = (_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('database on fire');
    expect(await sendAttempt(agent, request(), 5000)).toMatchObject({ statusCode: 500, error: null, responseBody: 'database on fire' });
  });

  it('reads Retry-After on a 429 and a 503, not on other answers', async () => {
    answer = (_req, res) => res.writeHead(429, { 'retry-after': '7' }).end();
    expect((await sendAttempt(agent, request(), 5000)).retryAfterMs).toBe(7000);
    answer = (_req, res) => res.writeHead(503, { 'Retry-After': '2' }).end();
    expect((await sendAttempt(agent, request(), 5000)).retryAfterMs).toBe(2000);
    answer = (_req, res) => res.writeHead(500, { 'retry-after': '7' }).end();
    expect((await sendAttempt(agent, request(), 5000)).retryAfterMs).toBeNull();
  });

  it('keeps at most the first 4 KiB of a large answer, and drops a character cut in two', async () => {
    answer = (_req, res) => res.writeHead(200).end('é'.repeat(RESPONSE_BODY_LIMIT));
    const result = await sendAttempt(agent, request(), 5000);
    expect(result.statusCode).toBe(200);
    expect(result.responseBody).toBe('é'.repeat(RESPONSE_BODY_LIMIT / 2));
  });

  it('says why no answer came: a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await sendAttempt(agent, request({ url: `http://127.0.0.1:${port}/` }), 5000);
    expect(result).toMatchObject({ statusCode: null, error: 'connection refused', responseBody: null });
  });

  it('times out a receiver that never answers, and one whose body never ends, keeping the status', async () => {
    answer = () => {};
    expect(await sendAttempt(agent, request(), 300)).toMatchObject({ statusCode: null, error: 'timeout after 300 ms' });
    answer = (_req, res) => {
      res.writeHead(202);
      res.write('partial');
    };
    expect(await sendAttempt(agent, request(), 301)).toMatchObject({
      statusCode: 202,
      error: 'timeout after 301 ms',
      responseBody: 'partial',
    });
  });

  it('answers an error for a URL it cannot send to, without throwing', async () => {
    const result = await sendAttempt(agent, request({ url: 'not a url' }), 5000);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/invalid url/i);
  });
});
