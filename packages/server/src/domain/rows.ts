import type { components } from '@clubnotify/spec';
import { formatInstant as iso } from './instant.js';

type Schemas = components['schemas'];

export interface RegistrationRow {
  seq: number;
  id: string;
  owner_key_id?: string;
  event: Schemas['WebhookName'];
  url: string;
  secret: string;
  status: Schemas['TargetStatus'];
  disabled_reason: string | null;
  rate_limit_per_second: number | null;
  created_at: Date;
  delivery: Schemas['DeliveryMode'];
}

export function toRegistration(row: RegistrationRow, withSecret: boolean): Schemas['Registration'] {
  return {
    id: row.id,
    ...(row.owner_key_id ? { ownerKeyId: row.owner_key_id } : {}),
    event: row.event,
    url: row.url,
    ...(withSecret ? { secret: row.secret } : {}),
    status: row.status,
    disabledReason: row.disabled_reason,
    rateLimitPerSecond: row.rate_limit_per_second,
    createdAt: iso(row.created_at),
    delivery: row.delivery,
  };
}

export interface SubscriptionRow {
  seq: number;
  id: string;
  owner_key_id?: string;
  concert_id: string;
  callback_url: string;
  secret: string;
  status: Schemas['TargetStatus'];
  disabled_reason: string | null;
  rate_limit_per_second: number | null;
  created_at: Date;
  delivery: Schemas['DeliveryMode'];
}

export function toSubscription(row: SubscriptionRow, withSecret: boolean): Schemas['Subscription'] {
  return {
    id: row.id,
    ...(row.owner_key_id ? { ownerKeyId: row.owner_key_id } : {}),
    concertId: row.concert_id,
    callbackUrl: row.callback_url,
    ...(withSecret ? { secret: row.secret } : {}),
    status: row.status,
    disabledReason: row.disabled_reason,
    rateLimitPerSecond: row.rate_limit_per_second,
    createdAt: iso(row.created_at),
    delivery: row.delivery,
  };
}

export interface ConcertRow {
  id: string;
  title: string;
  starts_at: Date;
  venue: string;
  price_cents: number | null;
  currency: string;
  tickets_available: number | null;
  status: 'scheduled' | 'cancelled';
  created_at: Date;
  updated_at: Date;
}

export function toConcert(row: ConcertRow): Schemas['Concert'] {
  return {
    id: row.id,
    title: row.title,
    startsAt: iso(row.starts_at),
    venue: row.venue,
    priceCents: row.price_cents,
    currency: row.currency,
    ticketsAvailable: row.tickets_available,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface ItemRow {
  seq: number;
  id: string;
  kind: 'drink' | 'ingredient';
  name: string;
  stock: number;
  unit: string;
  created_at: Date;
}

export function toItem(row: ItemRow): Schemas['Item'] {
  return { id: row.id, kind: row.kind, name: row.name, stock: row.stock, unit: row.unit, createdAt: iso(row.created_at) };
}
