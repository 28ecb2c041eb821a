import type { Database } from './db/database.js';
import type { LookupFn, UrlPolicy } from './net/url-policy.js';
import type { CursorCodec } from './pagination/cursor.js';

/** What route handlers share. */
export interface Services {
  db: Database;
  cursors: CursorCodec;
  urlPolicy: UrlPolicy;
  lookup?: LookupFn;
  /** Tells the local delivery worker that deliveries were queued. */
  wake?: () => void;
}
