import { hasBodyValidator, validateBody, validateBodyWith, type BodyValidatorKey, type CompiledValidator } from '@clubnotify/spec';

type DeclaredEvent = { readonly kind: string; readonly name: string; readonly responses: readonly string[] };

/** Thrown in development mode when the receiver is about to answer something the spec does not declare. */
export class ResponseContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseContractError';
  }
}

/** The response key of the spec that covers a status: `200`, `5XX` or `default`, or undefined. */
export function declaredResponseKey(event: Pick<DeclaredEvent, 'responses'>, status: number): string | undefined {
  const keys: readonly string[] = event.responses;
  const exact = String(status);
  if (keys.includes(exact)) return exact;
  const range = `${exact[0]}XX`;
  if (keys.includes(range)) return range;
  return keys.includes('default') ? 'default' : undefined;
}

/**
 * Checks a status and body against the responses the spec declares for the event. Returns
 * the problems found (empty when the response is in the contract).
 */
export function checkResponse(
  event: DeclaredEvent,
  status: number,
  contentType: string | undefined,
  body: string,
  /** Another spec's generated `bodyValidators`; default this spec's. */
  validators?: Readonly<Record<string, CompiledValidator>>,
): string[] {
  const has = (key: string) => (validators ? Object.hasOwn(validators, key) : hasBodyValidator(key));
  const key = declaredResponseKey(event, status);
  const where = `${event.kind} ${event.name}`;
  if (key === undefined) return [`${where} answers ${status}, but the spec declares only ${event.responses.join(', ')}.`];
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  const prefix = `${event.kind}.${event.name}.response.${key}.`;
  if (!mediaType) return [];
  const validatorKey = prefix + mediaType;
  if (!has(validatorKey)) {
    const anyDeclared = has(`${prefix}application/json`) || has(`${prefix}application/problem+json`);
    return anyDeclared ? [`${where} answers ${status} as ${mediaType}, which the spec does not declare for ${key}.`] : [];
  }
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return [`${where} answers ${status} with a body that is not JSON.`];
  }
  const result = validators
    ? validateBodyWith(validators, validatorKey, data, '')
    : validateBody(validatorKey as BodyValidatorKey, data, '');
  return result.ok ? [] : result.errors.map((e) => `${where} ${status} body ${e.pointer || '/'}: ${e.detail}`);
}
