import type { EventModule } from '@clubnotify/spec';
import { BodyTooLargeError, readWebStream } from './body.js';
import { HandlerContext } from './context.js';
import { OrderingTracker } from './ordering.js';
import type { Handler } from './events.js';
import { createRunner, type AnyHandler } from './handler-run.js';
import { headerValue } from './headers.js';
import { problem, type ReceiverResponse } from './problems.js';
import type { ReceiverOptions } from './receiver.js';
import { WebCryptoKeySet } from './jwks-key-set.js';
import { headerProblem, mediaTypeError, verificationProblem, type CheckedHeaders } from './request-checks.js';
import { decodeSecretBytes } from './secret.js';
import { receiverSettings } from './settings.js';
import { WebhookVerificationError } from './signature-headers.js';
import { refusalAfterV1a, verifyV1aMessage, type Ed25519Check } from './v1a-message.js';
import { importHmacKeys, verifyWithCryptoKeys } from './webcrypto-verify.js';
import { versionProblem } from './version-header.js';

/**
 * A receiver for one event on a Fetch runtime (edge functions, Workers, Deno, Bun), given that
 * event's module from `@clubnotify/spec/events/<kind>.<name>`: it bundles that validator only.
 */
export interface EventReceiverOptions<P, K extends 'webhook' | 'callback', N extends string> extends Pick<
  ReceiverOptions,
  | 'secret'
  | 'secrets'
  | 'jwksUrl'
  | 'publicKeys'
  | 'jwksMinRefetchSec'
  | 'dedupe'
  | 'dedupeTtlSec'
  | 'leaseSec'
  | 'handlerTimeoutSec'
  | 'toleranceSec'
  | 'maxBodyBytes'
  | 'logger'
> {
  event: EventModule<P, K, N>;
  handler: Handler<P, K, N>;
}

const webCryptoEd25519: Ed25519Check<CryptoKey> = (key, signature, content) => crypto.subtle.verify('Ed25519', key, signature, content);

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function payloadOf(event: EventModule, raw: Uint8Array): { payload: unknown } | ReceiverResponse {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return problem(400, 'The body is not valid UTF-8.', { type: 'invalid-encoding', title: 'Invalid encoding' });
  }
  if (event.contentType !== 'application/json') return { payload: text };
  try {
    return { payload: JSON.parse(text) };
  } catch {
    return problem(400, 'The body is not valid JSON.', { type: 'invalid-json', title: 'Invalid JSON' });
  }
}

function toResponse(answer: ReceiverResponse): Response {
  return new Response(answer.body === '' ? null : answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Verifies the Standard Webhooks signature with WebCrypto, checks content type, size and
 * payload against the event's contract, drops duplicates and calls `handler`; answers as
 * `createReceiver` does, on every path. Returns `(request: Request) => Promise<Response>`.
 */
export function createEventReceiver<P, K extends 'webhook' | 'callback', N extends string>(
  options: EventReceiverOptions<P, K, N>,
): (request: Request) => Promise<Response> {
  const { event } = options;
  const settings = receiverSettings(options, 'createEventReceiver');
  const { toleranceSec, maxBodyBytes } = settings;
  for (const secret of settings.secrets) decodeSecretBytes(secret); // a bad secret throws here; keys are made on first use, as Workers require
  let keys: Promise<CryptoKey[]> | undefined;
  const v1a =
    settings.v1a && new WebCryptoKeySet(settings.v1a.source, { minRefetchMs: settings.v1a.minRefetchMs, maxAgeMs: settings.v1a.maxAgeMs });
  const run = createRunner(settings);
  // The last sequence answered 2xx per ordering key, for ctx.ordering (in this isolate's memory).
  const orderings = new OrderingTracker();
  const tooLarge = (): ReceiverResponse => ({
    ...problem(413, `The body is larger than ${maxBodyBytes} bytes.`),
    headers: { 'content-type': 'application/problem+json', connection: 'close' },
  });

  async function read(request: Request): Promise<Uint8Array | ReceiverResponse> {
    if (Number(headerValue(request.headers, 'content-length')) > maxBodyBytes) return tooLarge();
    try {
      return await readWebStream(request.body, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return tooLarge();
      throw error;
    }
  }

  /** `v1` with the secrets, then `v1a` with the key set when `v1` did not verify (as signature-check.ts). */
  async function refusal(headers: CheckedHeaders, raw: Uint8Array): Promise<WebhookVerificationError | undefined> {
    let v1Refusal: WebhookVerificationError | undefined;
    if (settings.secrets.length > 0) {
      try {
        await verifyWithCryptoKeys(await (keys ??= importHmacKeys(settings.secrets)), headers.signed, raw, { toleranceSec });
        return undefined;
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        v1Refusal = error;
      }
      if (!v1a || v1Refusal.reason === 'timestamp') return v1Refusal;
    }
    try {
      await verifyV1aMessage(v1a!, webCryptoEd25519, headers.signed, headers.keyId, raw, { toleranceSec });
      return undefined;
    } catch (error) {
      return refusalAfterV1a(error, v1Refusal, headers.signed.signatures);
    }
  }

  async function verified(headers: CheckedHeaders, raw: Uint8Array): Promise<ReceiverResponse | undefined> {
    const refused = await refusal(headers, raw);
    return refused && verificationProblem(refused);
  }

  async function answer(request: Request): Promise<ReceiverResponse> {
    if (request.method !== 'POST')
      return {
        ...problem(405, `${event.kind} ${event.name} is delivered with POST.`),
        headers: { 'content-type': 'application/problem+json', allow: 'POST' },
      };
    const headers = headerProblem(request.headers);
    if ('status' in headers) return headers;
    // The module's version: a delivery in another one is refused before its media type is judged.
    const otherVersion =
      event.payloadVersion === undefined ? undefined : versionProblem(request.headers, false, event.payloadVersion, event);
    if (otherVersion) return otherVersion;
    const mediaError = mediaTypeError(event, headerValue(request.headers, 'content-type'));
    if (mediaError) return problem(415, mediaError);
    const raw = await read(request);
    if (!(raw instanceof Uint8Array)) return raw;
    const refused = await verified(headers, raw);
    if (refused) return refused;
    const parsed = payloadOf(event, raw);
    if (!('payload' in parsed)) return parsed;
    const validation = event.validate(parsed.payload);
    if (!validation.ok)
      return problem(400, `The ${event.name} payload does not match the spec.`, {
        type: 'validation',
        title: 'Invalid payload',
        errors: validation.errors,
      });
    const ctx = HandlerContext.of(headers, event);
    const ordering = headers.ordering;
    if (ordering) ctx.ordering = orderings.context(event.name, ordering.key, ordering.sequence);
    const response = await run(event, options.handler as unknown as AnyHandler, parsed.payload, ctx);
    if (ordering && response.status >= 200 && response.status < 300) orderings.passed(event.name, ordering.key, ordering.sequence);
    return response;
  }

  return async (request) => toResponse(await answer(request));
}

export type { EventModule } from '@clubnotify/spec';
export type { EventContext, HandlerResult } from './events.js';
export { WebhookVerificationError } from './signature-headers.js';
export { KeySetError, WebCryptoKeySet } from './jwks-key-set.js';
