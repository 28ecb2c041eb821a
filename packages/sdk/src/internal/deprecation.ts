const warned = new Set<string>();

function since(deprecation: string): string {
  const seconds = /^@(-?\d+)$/.exec(deprecation.trim())?.[1];
  return seconds === undefined ? deprecation : new Date(Number(seconds) * 1000).toISOString().slice(0, 10);
}

/**
 * Warns once per process and operation when the service answers with a `Deprecation` header
 * (RFC 9745), naming the `Sunset` (RFC 8594) after which the operation may be gone. Node gets a
 * `DeprecationWarning` (silenced by `--no-deprecation` like any other); other runtimes, `console.warn`.
 */
export function noteDeprecation(method: string, path: string, headers: Headers): void {
  const deprecation = headers.get('deprecation');
  if (deprecation === null) return;
  const operation = `${method} ${path}`;
  if (warned.has(operation)) return;
  warned.add(operation);
  const sunset = headers.get('sunset');
  const until = sunset ? ` and may be removed after ${sunset}` : '';
  const message =
    `${operation} is deprecated by the clubnotify API since ${since(deprecation)}${until} ` +
    '(the operation, or a parameter this call sends); see the API changelog for what replaces it.';
  const emit = (globalThis as { process?: { emitWarning?: (message: string, options: { type: string; code: string }) => void } }).process
    ?.emitWarning;
  if (emit) emit(message, { type: 'DeprecationWarning', code: 'CLUBNOTIFY_DEPRECATED_OPERATION' });
  else console.warn(`DeprecationWarning: ${message}`);
}
