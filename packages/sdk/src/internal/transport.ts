import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';
import type { AttemptResult } from './execute.js';

/** A fetch with the standard signature (globalThis.fetch, undici's, a test transport). */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface SendInit {
  params?: { query?: Record<string, unknown>; path?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

/**
 * Sends one request and reads its body. URLs are built with openapi-fetch's own serializers,
 * so they match `client.raw` exactly; fetch gets (url, init) rather than a Request, which
 * undici serves markedly faster.
 */
export function createTransport(baseUrl: string, baseHeaders: Record<string, string>, fetchImpl: Fetch | undefined) {
  const querySerializer = createQuerySerializer();
  const doFetch: Fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  return async function send(method: string, path: string, init: SendInit, signal: AbortSignal): Promise<AttemptResult> {
    const params = init.params ?? {};
    const url = createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    const headers: Record<string, string> = { ...baseHeaders };
    if (init.headers) for (const [name, value] of Object.entries(init.headers)) headers[name.toLowerCase()] = value;
    if (params.header) for (const [name, value] of Object.entries(params.header)) if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await doFetch(url, { method, headers, body, signal });
    const data = await readBody(response);
    return response.ok ? { data, response } : { error: data, response };
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (response.ok) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
