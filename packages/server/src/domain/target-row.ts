import type { components } from '@clubnotify/spec';
import { formatInstant as iso } from './instant.js';

type Schemas = components['schemas'];

/** The columns a registration and a subscription share: who owns it, its secret and its state. */
export interface TargetRow {
  seq: number;
  id: string;
  owner_key_id?: string;
  secret: string;
  status: Schemas['TargetStatus'];
  disabled_reason: string | null;
  rate_limit_per_second: number | null;
  created_at: Date;
  delivery: Schemas['DeliveryMode'];
  /** The payload version its messages are queued in (migration 070). */
  payload_version: number;
  /** Whether a failed message holds its ordering key (migration 072). */
  ordering: Schemas['OrderingMode'];
  /** How its deliveries are signed (migration 090). */
  signature: Schemas['SignatureScheme'];
}

/** The owner, when the row was read with it. */
export const targetOwner = (row: TargetRow) => (row.owner_key_id ? { ownerKeyId: row.owner_key_id } : {});

/** The fields after a target's own: the secret (only when asked), then its state. */
export function targetState(row: TargetRow, withSecret: boolean) {
  return {
    ...(withSecret ? { secret: row.secret } : {}),
    status: row.status,
    disabledReason: row.disabled_reason,
    rateLimitPerSecond: row.rate_limit_per_second,
    createdAt: iso(row.created_at),
    delivery: row.delivery,
    payloadVersion: row.payload_version,
    ordering: row.ordering,
    signature: row.signature,
  };
}
