import type { FieldError, ValidationResult } from './field-errors.js';
import { converters, convertersFolder } from './generated/converters.js';
import {
  currentPayloadVersion,
  versionContracts,
  type CallbackPayloadsByVersion,
  type PayloadVersion,
  type WebhookPayloadsByVersion,
} from './generated/versions.js';
import type { PayloadVersionContract } from './payload-versions.js';

/** A webhook or a callback of the contract, by kind and name. */
export interface EventRef {
  kind: 'webhook' | 'callback';
  event: string;
}

/** The payload type of one event in one payload version (`never` where that version lacks the event). */
export type PayloadOf<K extends EventRef['kind'], N extends string, V extends PayloadVersion> = K extends 'webhook'
  ? N extends keyof WebhookPayloadsByVersion[V]
    ? WebhookPayloadsByVersion[V][N]
    : never
  : N extends keyof CallbackPayloadsByVersion[V]
    ? CallbackPayloadsByVersion[V][N]
    : never;

/**
 * A down-converter, the default export of `spec/converters/<kind>.<event>/<from>-to-<to>.ts`:
 * a pure function from a valid payload of version `From` to a valid payload of version `To`
 * (`From - 1`). It gets its own copy of the payload. Its output is checked as it is sent: a JSON
 * payload as `JSON.stringify` writes it.
 */
export type Converter<K extends EventRef['kind'], N extends string, From extends PayloadVersion, To extends PayloadVersion> = (
  payload: PayloadOf<K, N, From>,
) => PayloadOf<K, N, To>;

/** One converter as the generated registry lists it. */
export interface ConverterEntry {
  kind: EventRef['kind'];
  event: string;
  from: number;
  to: number;
  /** `spec/converters/webhook.stockUpdate/2-to-1.ts` */
  source: string;
  convert: (payload: any) => unknown;
}

/**
 * Why a conversion failed: the payload given was not valid for its version (`input`), the
 * step's converter threw or made a payload invalid for the older version, or that version
 * lacks the event.
 */
export type ConversionFailure = 'input' | 'threw' | 'invalid' | 'absent';

/** A conversion that failed, naming the step and the converter (its source path) responsible. */
export class PayloadConversionError extends Error {
  override readonly name = 'PayloadConversionError';
  readonly kind: EventRef['kind'];
  readonly event: string;
  /** The step that failed: from `step.from` to `step.to` (`step.from - 1`). */
  readonly step: { from: number; to: number };
  /** The converter's source path, or where it would be when the step has none (the payload passed unchanged). */
  readonly converter: string;
  readonly failure: ConversionFailure;
  /** What was wrong with the step's output (`invalid`) or with the payload given (`input`). */
  readonly errors: readonly FieldError[];

  constructor(
    message: string,
    details: { ref: EventRef; step: { from: number; to: number }; converter: string; failure: ConversionFailure; errors?: FieldError[] },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.kind = details.ref.kind;
    this.event = details.ref.event;
    this.step = details.step;
    this.converter = details.converter;
    this.failure = details.failure;
    this.errors = details.errors ?? [];
  }
}

/**
 * What the conversion functions work from: the versions payloads are made and sent in, and the
 * converters between them. The package's own functions use the generated contract; a test may
 * build another with {@link payloadConversion} (its own converters, a faulty one included) and
 * see what a sender does with each failure.
 */
export interface ConversionContract {
  /** The version payloads are made in. */
  readonly current: number;
  /** Each listed version's payload schemas and validators. */
  readonly versions: { readonly [version: number]: PayloadVersionContract };
  readonly converters: readonly ConverterEntry[];
}

/** The conversion functions of one {@link ConversionContract}; the package exports those of its own. */
export interface PayloadConversion {
  validatePayload: typeof validatePayload;
  convertPayload: typeof convertPayload;
  encodePayload: typeof encodePayload;
  decodePayload: typeof decodePayload;
  convertBody: typeof convertBody;
}

const listed = (errors: readonly FieldError[]) =>
  errors
    .slice(0, 3)
    .map((e) => `${e.pointer} ${e.detail}`)
    .join('; ');

const isJson = (contentType: string) => /^application\/([\w.-]+\+)?json\b/.test(contentType);

/** The functions below, working from `contract` instead of the generated one. */
export function payloadConversion(contract: ConversionContract): PayloadConversion {
  const registry = new Map(contract.converters.map((c) => [`${c.kind}.${c.event}.${c.from}`, c]));

  function versionOf(value: number, role: string): PayloadVersionContract {
    const found = Object.hasOwn(contract.versions, value) ? contract.versions[value] : undefined;
    if (!found) throw new RangeError(`${role} ${value} is not a payload version of this contract`);
    return found;
  }

  function validate(ref: EventRef, version: number, payload: unknown): ValidationResult {
    const module = versionOf(version, 'version').modules[`${ref.kind}.${ref.event}`];
    if (!module) throw new RangeError(`payload version ${version} has no ${ref.kind} named ${ref.event}`);
    return module.validate(payload);
  }

  function stepOf(ref: EventRef, from: number) {
    const entry = registry.get(`${ref.kind}.${ref.event}.${from}`);
    const converter = entry?.source ?? `${convertersFolder}/${ref.kind}.${ref.event}/${from}-to-${from - 1}.ts`;
    return { entry, details: { ref, step: { from, to: from - 1 }, converter }, name: `${ref.event} ${ref.kind}` };
  }

  /** A payload to convert must be valid for its own version: otherwise the first converter would be blamed for it. */
  function checkInput(ref: EventRef, payload: unknown, from: number): void {
    const result = validate(ref, from, payload);
    if (result.ok) return;
    const { details, name } = stepOf(ref, from);
    throw new PayloadConversionError(
      `The ${name} payload is not valid for version ${from}, so it was not converted: ${listed(result.errors)}.`,
      {
        ...details,
        failure: 'input',
        errors: result.errors,
      },
    );
  }

  function step(ref: EventRef, payload: unknown, from: number): unknown {
    const to = from - 1;
    const { entry, details, name } = stepOf(ref, from);
    const { converter } = details;
    const module = versionOf(to, 'version').modules[`${ref.kind}.${ref.event}`];
    if (!module) throw new PayloadConversionError(`Payload version ${to} has no ${name}.`, { ...details, failure: 'absent' });
    let out: unknown;
    try {
      // What is validated is what would be sent: a toJSON, a Date or an undefined field changes it.
      out = asSent(ref, to, entry ? entry.convert(payload) : payload);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PayloadConversionError(
        `${converter} threw on a ${name} payload: ${reason}`,
        { ...details, failure: 'threw' },
        { cause: error },
      );
    }
    const result = module.validate(out);
    if (result.ok) return out;
    const made = entry ? `${converter} made` : `With no converter ${converter}, the version ${from} payload is`;
    throw new PayloadConversionError(`${made} a ${name} payload invalid for version ${to}: ${listed(result.errors)}.`, {
      ...details,
      failure: 'invalid',
      errors: result.errors,
    });
  }

  /**
   * A JSON payload as its body carries it (`JSON.stringify`, then parsed): undefined where JSON has
   * no text for it. A text payload is sent as it is when a string (the schema refuses anything else).
   */
  function asSent(ref: EventRef, version: number, payload: unknown): unknown {
    if (!isJson(contentTypeOf(ref, version))) return payload;
    const text = JSON.stringify(payload) as string | undefined;
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }

  function convert(ref: EventRef, payload: unknown, to: number, from: number = contract.current): unknown {
    versionOf(to, 'version');
    versionOf(from, 'from version');
    if (to > from) throw new RangeError(`payloads convert down only, not from version ${from} up to ${to}`);
    if (to === from) return payload;
    checkInput(ref, payload, from);
    let out = structuredClone(payload);
    for (let version = from; version > to; version--) out = step(ref, out, version);
    return out;
  }

  function contentTypeOf(ref: EventRef, version: number): string {
    const event = versionOf(version, 'version').events.find((e) => e.kind === ref.kind && e.name === ref.event);
    if (!event) throw new RangeError(`payload version ${version} has no ${ref.kind} named ${ref.event}`);
    return event.contentType.startsWith('text/') ? `${event.contentType}; charset=utf-8` : event.contentType;
  }

  function encode(ref: EventRef, version: number, payload: unknown): { contentType: string; body: string } {
    const contentType = contentTypeOf(ref, version);
    return { contentType, body: isJson(contentType) ? JSON.stringify(payload) : String(payload) };
  }

  function decode(ref: EventRef, version: number, body: string): unknown {
    return isJson(contentTypeOf(ref, version)) ? (JSON.parse(body) as unknown) : body;
  }

  function convertBodyOf(ref: EventRef, body: string, to: number, from: number = contract.current) {
    if (to === from) return { contentType: contentTypeOf(ref, to), body };
    return encode(ref, to, convert(ref, decode(ref, from, body), to, from));
  }

  return { validatePayload: validate, convertPayload: convert, encodePayload: encode, decodePayload: decode, convertBody: convertBodyOf };
}

const own = payloadConversion({ current: currentPayloadVersion, versions: versionContracts, converters });

/** Checks a payload (parsed: an object for JSON, a string for text) against an event's schema in a version; pointers start at `/body`. */
export function validatePayload(ref: EventRef, version: number, payload: unknown): ValidationResult {
  return own.validatePayload(ref, version, payload);
}

/**
 * Converts a payload of version `from` (default: the current one, which the server makes) down
 * to version `to`, one converter per step (3 to 2 to 1); a step without a converter passes
 * the payload unchanged. The payload given and each step's output are validated against their
 * versions' schemas. Throws a {@link PayloadConversionError} naming the step's converter when
 * the payload given is invalid, or a converter throws or makes an invalid payload; a RangeError
 * for a version not listed or a conversion upwards.
 */
export function convertPayload(ref: EventRef, payload: unknown, to: number, from?: number): unknown {
  return own.convertPayload(ref, payload, to, from);
}

/** A payload as a delivery carries it in a version: its `content-type` and body (JSON, or the text itself). */
export function encodePayload(ref: EventRef, version: number, payload: unknown): { contentType: string; body: string } {
  return own.encodePayload(ref, version, payload);
}

/** A delivery's body in a version, parsed as its media type says (JSON, or the text itself). */
export function decodePayload(ref: EventRef, version: number, body: string): unknown {
  return own.decodePayload(ref, version, body);
}

/**
 * A body of version `from` (default: current) as version `to` sends it: decoded, converted
 * ({@link convertPayload}) and encoded again. The same version gives the body back as it is.
 */
export function convertBody(ref: EventRef, body: string, to: number, from?: number): { contentType: string; body: string } {
  return own.convertBody(ref, body, to, from);
}
