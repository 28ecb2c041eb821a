import { clampInstant } from './instant.js';
import type { ConcertRow } from './rows.js';

const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** `Saturday 12 December 2026 at 20:00 UTC` */
export function when(date: Date): string {
  const at = clampInstant(date);
  return `${day.format(at).replace(',', '')} at ${time.format(at)} UTC`;
}

function price(row: Pick<ConcertRow, 'price_cents' | 'currency'>): string {
  return row.price_cents === null ? 'Price to be announced.' : `Tickets ${row.currency} ${(row.price_cents / 100).toFixed(2)}.`;
}

/** The `concertAlert` webhook text for a newly scheduled concert. */
export function scheduledText(row: ConcertRow): string {
  return `New concert: ${row.title}, ${when(row.starts_at)}, ${row.venue}. ${price(row)}`;
}

/** The callback text for a change, naming what changed. */
export function changedText(before: ConcertRow, after: ConcertRow): string {
  const parts: string[] = [];
  if (before.title !== after.title) parts.push(`${before.title} is now called ${after.title}.`);
  if (before.starts_at.getTime() !== after.starts_at.getTime() || before.venue !== after.venue) {
    parts.push(`${after.title} moves to ${when(after.starts_at)}, ${after.venue}.`);
  }
  if (before.price_cents !== after.price_cents) parts.push(`${after.title}: ${price(after)}`);
  if (before.tickets_available !== after.tickets_available) {
    parts.push(`${after.title}: ${after.tickets_available} tickets available.`);
  }
  return parts.length > 0 ? parts.join(' ') : `${after.title} was updated.`;
}

/** The callback text for a cancellation. */
export function cancelledText(row: ConcertRow, reason: string | undefined): string {
  return `${row.title} on ${when(row.starts_at)} is cancelled.${reason ? ` ${reason}` : ''}`;
}
