import type { Database } from './db/database.js';
import type { KeyLookup } from './http/auth.js';
import type { ResponseCheck } from './http/response-validation.js';
import type { LookupFn, UrlPolicy } from './net/url-policy.js';
import type { CursorCodec } from './pagination/cursor.js';
import type { LinkBaseOptions } from './pagination/link-base.js';
import type { Outbox } from './publish/outbox.js';
import type { PullFeed } from './delivery/pull/pull-feed.js';
import type { PayloadVersioning } from './delivery/payload-versions.js';
import type { SigningKey } from './delivery/send/signing-keys.js';

/** What route handlers share. */
export interface Services {
  db: Database;
  cursors: CursorCodec;
  urlPolicy: UrlPolicy;
  lookup?: LookupFn;
  /** Checks an answer against the spec before the work behind it commits. */
  checkResponse: ResponseCheck;
  /** Where every operation that queues deliveries runs its transaction (see `Outbox`). */
  outbox: Outbox;
  /** Where pull targets' owners lease their deliveries and report each attempt. */
  pull: PullFeed;
  /** How absolute `Link` header URLs are made. */
  links?: LinkBaseOptions;
  /** This process's API key cache (revocation forgets a key at once). */
  keys?: Pick<KeyLookup, 'forget'>;
  /** Live registrations and subscriptions per API key (REGISTRATIONS_PER_KEY, SUBSCRIPTIONS_PER_KEY). */
  limits: TargetLimits;
  /** How long the delivery history is kept (DELIVERY_RETENTION); recovery reaches no further back. */
  retentionMs?: number;
  /** The payload versions targets may choose and messages are converted to (issue 47). */
  versions: PayloadVersioning;
  /** The time payload versions' sunsets are judged against. */
  clock: () => Date;
  /** The operator's `v1a` key (SIGNING_KEY, SIGNING_KEY_FILE): it signs, and only a new one given at start rotates it. */
  signingKey?: SigningKey;
}

export interface TargetLimits {
  registrationsPerKey: number;
  subscriptionsPerKey: number;
}
