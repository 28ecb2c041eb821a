import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';
import type { AttemptResult } from './execute.js';

/** A fetch with the standard signature (globalThis.fetch, undici's, a test transport). */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface SendInit {
  params?: { query?: Record<string, unknown>; path?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

export interface Transport {
  /** The URL of `path` with its path and query parameters, built exactly as `client.raw` builds it. */
  url(path: string, params: SendInit['params']): string;
  /** Sends one request to `url` and reads its body; the signal goes to fetch only when there is one. */
  send(method: string, url: string, init: SendInit, signal: AbortSignal | undefined): Promise<AttemptResult>;
}

/**
 * URLs are built with openapi-fetch's own serializers, so they match `client.raw` exactly.
 * fetch gets (url, init) rather than a Request, and no AbortSignal unless the caller gave one:
 * undici's Request ties every signal to a FinalizationRegistry, about 10 us per request on
 * Node 20, which is why timeouts are enforced by the caller of send() and not by a signal.
 */
export function createTransport(baseUrl: string, baseHeaders: Record<string, string>, fetchImpl: Fetch | undefined): Transport {
  const querySerializer = createQuerySerializer();
  const doFetch: Fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  // undici copies the headers it is given, so the global fetch can share one frozen object.
  const shared = fetchImpl === undefined ? Object.freeze({ ...baseHeaders }) : undefined;

  function headersFor(init: SendInit): Record<string, string> {
    const header = init.params?.header;
    if (shared && init.headers === undefined && header === undefined && init.body === undefined) return shared;
    const headers: Record<string, string> = { ...baseHeaders };
    if (init.headers) for (const [name, value] of Object.entries(init.headers)) headers[name.toLowerCase()] = value;
    if (header)
      for (const [name, value] of Object.entries(header))
        if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    return headers;
  }

  return {
    url(path, params) {
      if (params === undefined || (params.path === undefined && params.query === undefined)) return baseUrl + path;
      return createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    },
    async send(method, url, init, signal) {
      const requestInit: RequestInit = { method, headers: headersFor(init) };
      if (init.body !== undefined) requestInit.body = JSON.stringify(init.body);
      if (signal !== undefined) requestInit.signal = signal;
      const response = await doFetch(url, requestInit);
      const text = await response.text();
      return response.ok ? { data: text === '' ? undefined : JSON.parse(text), response } : { error: errorBody(text), response };
    },
  };
}

/** An error body as JSON when it is JSON (problem+json, normally), else as text. */
function errorBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
