import { eventFromPath, parseEventKey, type EventKey, type EventKind } from '../events.js';

/** How an adapter finds the event of a request. */
export interface RouteOptions {
  /**
   * Serve one event at any path, for example `'webhook.stockUpdate'`. Without it the path
   * names the event: `/webhooks/<name>` or `/callbacks/<name>` below `basePath`.
   */
  event?: EventKey;
  /** A prefix the path starts with, for example `/hooks`. Default none. */
  basePath?: string;
}

export type Routed = { kind: EventKind; name: string } | undefined;

/** Resolves the event of a request path; `null` when the path is outside `basePath`. */
export function route(options: RouteOptions, url: string): Routed | null {
  if (options.event) return parseEventKey(options.event);
  const query = url.indexOf('?');
  let pathname = query < 0 ? url : url.slice(0, query);
  const base = options.basePath ? options.basePath.replace(/\/+$/, '') : '';
  if (base) {
    if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
    pathname = pathname.slice(base.length);
  }
  return eventFromPath(pathname);
}
