import type { components } from '@clubnotify/spec';
import { formatInstant as iso } from './instant.js';
import { targetOwner, targetState, type TargetRow } from './target-row.js';

type Schemas = components['schemas'];

export interface RegistrationRow extends TargetRow {
  event: Schemas['WebhookName'];
  url: string;
}

export function toRegistration(row: RegistrationRow, withSecret: boolean): Schemas['Registration'] {
  return { id: row.id, ...targetOwner(row), event: row.event, url: row.url, ...targetState(row, withSecret) };
}

export interface SubscriptionRow extends TargetRow {
  concert_id: string;
  callback_url: string;
}

export function toSubscription(row: SubscriptionRow, withSecret: boolean): Schemas['Subscription'] {
  return { id: row.id, ...targetOwner(row), concertId: row.concert_id, callbackUrl: row.callback_url, ...targetState(row, withSecret) };
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
