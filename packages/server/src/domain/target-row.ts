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
  };
}
