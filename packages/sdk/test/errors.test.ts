import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  createClient,
  type ClubnotifyClient,
} from '../src/index.js';
import { json, problem, startScriptedServer, type ScriptedServer } from './fixtures/scripted-server.js';

let server: ScriptedServer;
let client: ClubnotifyClient;

beforeAll(async () => {
  server = await startScriptedServer();
  client = createClient({ baseUrl: server.url, apiKey: 'k', retry: false });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
});

describe('errors', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [413, PayloadTooLargeError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
  ] as const)('turns a %i problem into %s carrying status, problem, headers and request id', async (status, Class) => {
    server.script(problem(status, { errors: [{ pointer: '/body/url', detail: 'must be a uri' }] }));
    const error = await client.registerForAlert('https://example.com/hook').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(status);
    expect(apiError.problem?.detail).toBe(`detail of ${status}`);
    expect(apiError.problem?.errors).toEqual([{ pointer: '/body/url', detail: 'must be a uri' }]);
    expect(apiError.requestId).toBe(`req_${status}`);
    expect(apiError.headers.get('content-type')).toBe('application/problem+json');
    expect(apiError.message).toContain(`${status} POST /registerForAlert`);
    expect(apiError.message).toContain(`request id req_${status}`);
  });

  it('keeps a body that is not a problem document', async () => {
    server.script((res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const error = (await client.health().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.problem).toBeUndefined();
    expect(error.body).toBe('<h1>Bad gateway</h1>');
  });

  it('throws a ConnectionError when nothing listens', async () => {
    const nobody = createClient({ baseUrl: 'http://127.0.0.1:1', retry: false });
    await expect(nobody.health()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('still offers the openapi-fetch { data, error, response } style through client.raw', async () => {
    server.script(problem(404));
    const { data, error, response } = await client.raw.GET('/concerts/{concertId}', { params: { path: { concertId: 'con_1' } } });
    expect(data).toBeUndefined();
    expect(error?.status).toBe(404);
    expect(response.status).toBe(404);
    expect(server.received[0]!.headers.authorization).toBe('Bearer k');
  });
});

describe('requests', () => {
  it('sends the API key once, as a bearer token, with the typed body', async () => {
    server.script(json(200, { id: 'sub_1' }));
    await client.subscribeToConcert('con_1', 'https://example.com/cb');
    const [request] = server.received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/concertUpdates');
    expect(request!.headers.authorization).toBe('Bearer k');
    expect(JSON.parse(request!.body)).toEqual({ concertId: 'con_1', callbackUrl: 'https://example.com/cb' });
  });

  it('fills path parameters and sends the Idempotency-Key', async () => {
    server.script(json(200, { id: 'con_1' }));
    await client.concerts.cancel('con 1/x', { reason: 'rain' }, { idempotencyKey: 'idem-1' });
    expect(server.received[0]!.url).toBe('/concerts/con%201%2Fx/cancel');
    expect(server.received[0]!.headers['idempotency-key']).toBe('idem-1');
  });

  it('resolves a 204 removal with undefined', async () => {
    server.script((res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client.registrations.remove('reg_1')).resolves.toBeUndefined();
    expect(server.received[0]).toMatchObject({ method: 'DELETE', url: '/registrations/reg_1' });
  });

  it('uses an injected fetch for every request', async () => {
    const seen: string[] = [];
    const traced = createClient({
      baseUrl: server.url,
      apiKey: 'k',
      fetch: (input, init) => {
        const request = new Request(input, init);
        seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization')}`);
        return fetch(request);
      },
    });
    server.script(
      json(200, { status: 'ok' }),
      json(200, { data: [], links: { self: '/items', next: null, prev: null, first: '/items', last: '/items' } }),
    );
    await traced.health();
    await traced.paginate('/items').toArray();
    await traced.raw.GET('/readyz');
    expect(seen).toEqual(['GET /healthz Bearer k', 'GET /items Bearer k', 'GET /readyz Bearer k']);
  });
});
