const causes: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (ECONNREFUSED): nothing listens there',
  ENOTFOUND: 'the host name does not resolve (ENOTFOUND)',
  EAI_AGAIN: 'the host name could not be resolved just now (EAI_AGAIN)',
  ECONNRESET: 'the connection was reset (ECONNRESET)',
  ETIMEDOUT: 'the connection timed out (ETIMEDOUT)',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out (UND_ERR_CONNECT_TIMEOUT)',
  EHOSTUNREACH: 'the host is unreachable (EHOSTUNREACH)',
  ENETUNREACH: 'the network is unreachable (ENETUNREACH)',
};

function innermost(error: unknown): { code?: string; message?: string } {
  let current = error as { cause?: unknown; code?: string; message?: string; errors?: unknown[] };
  while (current && typeof current === 'object' && (current.cause || current.errors?.length)) {
    current = (current.cause ?? current.errors![0]) as typeof current;
  }
  return current ?? {};
}

/**
 * Why a fetch to `url` failed, in one line that names the URL, the cause and what to check. It
 * names no flag: the URL may come from `trigger --url`, `--suite` or a registration (the mock).
 */
export function describeFetchFailure(url: string, error: unknown): string {
  const cause = innermost(error);
  const why = (cause.code && causes[cause.code]) ?? cause.message ?? String(error);
  return `Could not send to ${url}: ${why}. Is the receiver running (npm start in its folder), and is that its address and port?`;
}
