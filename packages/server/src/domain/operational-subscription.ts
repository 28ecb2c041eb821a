import type { components } from '@clubnotify/spec';
import { formatInstant as iso } from './instant.js';

type Schemas = components['schemas'];

export interface OperationalSubscriptionRow {
  seq: number;
  id: string;
  owner_key_id: string;
  url: string;
  events: Schemas['OperationalEventName'][];
  secret: string;
  status: Schemas['TargetStatus'];
  disabled_reason: string | null;
  created_at: Date;
  payload_version: number;
  /** How its deliveries are signed (migration 090). */
  signature: Schemas['SignatureScheme'];
}

export const OPERATIONAL_SUBSCRIPTION_COLUMNS =
  'seq, id, owner_key_id, url, events, secret, status, disabled_reason, created_at, payload_version, signature';

export function toOperationalSubscription(row: OperationalSubscriptionRow, withSecret: boolean): Schemas['OperationalSubscription'] {
  return {
    id: row.id,
    ownerKeyId: row.owner_key_id,
    url: row.url,
    events: row.events,
    ...(withSecret ? { secret: row.secret } : {}),
    status: row.status,
    disabledReason: row.disabled_reason,
    createdAt: iso(row.created_at),
    payloadVersion: row.payload_version,
    signature: row.signature,
  };
}
