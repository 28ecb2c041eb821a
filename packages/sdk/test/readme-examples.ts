// The code of README.md, compiled by the typecheck. Keep the two in sync.
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  PaginationError,
  RateLimitError,
  TimeoutError,
  createClient,
} from '@clubnotify/sdk';
// The first example is a whole module (imports included): the journeys suite runs it as pasted.
import { firstCallClient } from './readme-first-call.js';

export function firstCall() {
  return firstCallClient;
}

export async function pagination(client: typeof firstCallClient) {
  // #region pagination
  // Every item, whatever the collection's pagination style; the item type comes from the spec.
  for await (const item of client.paginate('/items/offsets', { query: { limit: 100 } })) {
    console.log(item.name, item.stock);
  }

  // Page by page, with the totals the server gives and the raw Response.
  for await (const page of client.paginate('/items/pages/link-header', { query: { size: 50 } }).pages()) {
    console.log(page.items.length, page.total, page.response.headers.get('x-request-id'));
  }

  // One page at a time, by hand.
  let page = await client.registrations.list({ event: 'stockUpdate' }).firstPage();
  while (page.hasNextPage()) page = await page.getNextPage();

  // Bounded walks.
  const firstTen = await client.deliveries.list({ status: 'failed' }, { maxItems: 10 }).toArray();
  console.log(firstTen.map((d) => d.attempts.length));
  // #endregion pagination
}

export async function errors(client: typeof firstCallClient) {
  // #region errors
  try {
    await client.registerForAlert('http://10.0.0.1/hook');
  } catch (error) {
    if (error instanceof AuthenticationError) console.error('check the API key');
    else if (error instanceof RateLimitError) console.error('slow down; retry after', error.headers.get('retry-after'));
    else if (error instanceof ApiError) {
      // status, the parsed problem+json, the response headers, and the request id for support
      console.error(error.status, error.problem?.detail, error.problem?.errors, error.requestId);
    } else if (error instanceof TimeoutError) console.error('no answer in time');
    else if (error instanceof ConnectionError) console.error('server unreachable', error.cause);
    else if (error instanceof PaginationError) console.error('the server looped');
    else throw error;
  }

  // The openapi-fetch style is there too: { data, error, response }, nothing thrown.
  const { data, error } = await client.raw.GET('/concerts/{concertId}', { params: { path: { concertId: 'con_1' } } });
  if (error) console.error(error);
  else console.log(data.title);
  // #endregion errors
}

export async function retries() {
  // #region retries
  const client = createClient({
    baseUrl: 'http://localhost:3000',
    apiKey: process.env.CLUBNOTIFY_API_KEY!,
    timeoutMs: 10_000, // per attempt, body included
    retry: { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 },
  });

  // Publishing calls retry only with an Idempotency-Key.
  const concert = await client.concerts.schedule(
    { title: 'Jazz night', startsAt: '2026-12-24T20:00:00Z', venue: 'Cellar', currency: 'EUR' },
    { idempotencyKey: crypto.randomUUID() },
  );

  // One AbortSignal cancels the request, its retries and the waits between them.
  const items = await client.paginate('/items', { signal: AbortSignal.timeout(5_000) }).toArray();
  // #endregion retries
  return { concert, items };
}
