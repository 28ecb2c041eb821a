import type { Database } from './db/database.js';
import type { OutgoingGuard } from './delivery/outgoing-check.js';
import type { DeliveryHandoff } from './delivery/handoff.js';
import type { KeyLookup } from './http/auth.js';
import type { ResponseCheck } from './http/response-validation.js';
import type { LookupFn, UrlPolicy } from './net/url-policy.js';
import type { CursorCodec } from './pagination/cursor.js';
import type { LinkBaseOptions } from './pagination/link-base.js';
import type { StockChangeBatcher } from './routes/stock-batch.js';

/** What route handlers share. */
export interface Services {
  db: Database;
  cursors: CursorCodec;
  urlPolicy: UrlPolicy;
  lookup?: LookupFn;
  /** Checks an answer against the spec before the work behind it commits. */
  checkResponse: ResponseCheck;
  /** Checks a webhook or callback body against the spec before it is queued (see delivery/outgoing-check.ts). */
  checkOutgoing: OutgoingGuard & { readonly refuses: boolean };
  /** Tells the local delivery worker that deliveries were queued. */
  wake?: () => void;
  /** The local delivery worker, handed what publishing queued once it has committed (else `wake` is called). */
  handoff?: DeliveryHandoff;
  /** Stock changes made outside a transaction, gathered into one statement while others are out. */
  stockChanges: StockChangeBatcher;
  /** How absolute `Link` header URLs are made. */
  links?: LinkBaseOptions;
  /** This process's API key cache (revocation forgets a key at once). */
  keys?: Pick<KeyLookup, 'forget'>;
  /** Live registrations and subscriptions per API key (REGISTRATIONS_PER_KEY, SUBSCRIPTIONS_PER_KEY). */
  limits: TargetLimits;
}

export interface TargetLimits {
  registrationsPerKey: number;
  subscriptionsPerKey: number;
}
