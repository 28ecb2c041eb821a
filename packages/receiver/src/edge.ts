import type { EventModule } from '@clubnotify/spec';
import { BodyTooLargeError, readWebStream } from './body.js';
import { HandlerContext } from './context.js';
import type { Handler } from './events.js';
import { createRunner, type AnyHandler } from './handler-run.js';
import { headerValue } from './headers.js';
import { problem, type ReceiverResponse } from './problems.js';
import type { ReceiverOptions } from './receiver.js';
import { headerProblem, mediaTypeError, verificationProblem } from './request-checks.js';
import { decodeSecretBytes } from './secret.js';
import { receiverSettings } from './settings.js';
import { WebhookVerificationError, type SignatureHeaders } from './signature-headers.js';
import { importHmacKeys, verifyWithCryptoKeys } from './webcrypto-verify.js';

/**
 * A receiver for one event on a Fetch runtime (edge functions, Workers, Deno, Bun), given that
 * event's module from `@clubnotify/spec/events/<kind>.<name>`: it bundles that validator only.
 */
export interface EventReceiverOptions<P, K extends 'webhook' | 'callback', N extends string> extends Pick<
  ReceiverOptions,
  'secret' | 'secrets' | 'dedupe' | 'dedupeTtlSec' | 'leaseSec' | 'handlerTimeoutSec' | 'toleranceSec' | 'maxBodyBytes' | 'logger'
> {
  event: EventModule<P, K, N>;
  handler: Handler<P, K, N>;
}

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
  const run = createRunner(settings);
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

  async function verified(signed: SignatureHeaders, raw: Uint8Array): Promise<ReceiverResponse | undefined> {
    try {
      await verifyWithCryptoKeys(await (keys ??= importHmacKeys(settings.secrets)), signed, raw, { toleranceSec });
      return undefined;
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      return verificationProblem(error);
    }
  }

  async function answer(request: Request): Promise<ReceiverResponse> {
    if (request.method !== 'POST')
      return {
        ...problem(405, `${event.kind} ${event.name} is delivered with POST.`),
        headers: { 'content-type': 'application/problem+json', allow: 'POST' },
      };
    const headers = headerProblem(request.headers);
    if ('status' in headers) return headers;
    const mediaError = mediaTypeError(event, headerValue(request.headers, 'content-type'));
    if (mediaError) return problem(415, mediaError);
    const raw = await read(request);
    if (!(raw instanceof Uint8Array)) return raw;
    const refused = await verified(headers.signed, raw);
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
    return run(event, options.handler as unknown as AnyHandler, parsed.payload, HandlerContext.of(headers, event));
  }

  return async (request) => toResponse(await answer(request));
}

export type { EventModule } from '@clubnotify/spec';
export type { EventContext, HandlerResult } from './events.js';
export { WebhookVerificationError } from './signature-headers.js';
