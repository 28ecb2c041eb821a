import type { Request } from 'express';

/** How the `Link` header makes its URLs absolute. */
export interface LinkBaseOptions {
  /** PUBLIC_BASE_URL: the origin (and path prefix) clients use; wins over everything. */
  publicBaseUrl?: string;
  /** With a trusted proxy, its forwarded host and scheme are used once they pass a strict check. */
  trustProxy?: boolean;
}

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * What to put before a relative link: the configured base, a validated proxy host, or
 * nothing (a relative reference, resolved against the request URL by RFC 8288 clients).
 * The raw Host header alone is never used: it is the client's to choose.
 */
export function linkBase(req: Request, options: LinkBaseOptions): string {
  if (options.publicBaseUrl) return options.publicBaseUrl.replace(/\/+$/, '');
  if (!options.trustProxy) return '';
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() ?? req.get('host') ?? '';
  const protocol = req.protocol;
  return HOST.test(host) && (protocol === 'http' || protocol === 'https') ? `${protocol}://${host}` : '';
}
