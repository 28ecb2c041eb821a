import { eventNames } from '@clubnotify/sdk';
import { FilterInput } from './filter-input.js';
import { OwnerSelect } from './owner-select.js';
import type { Session } from './session.js';

export interface Filters {
  /** An owner's API key id (admins only), '' for all. */
  ownerKeyId: string;
  event: string;
  status: string;
  targetId: string;
  /** A message's `webhook-id`: its deliveries, one per target. */
  messageId: string;
  /** Only what has not succeeded. */
  undelivered: boolean;
  /** datetime-local values (local time): `since` and `until` of createdAt. */
  from: string;
  to: string;
}

export const noFilters: Filters = {
  ownerKeyId: '',
  event: '',
  status: '',
  targetId: '',
  messageId: '',
  undelivered: false,
  from: '',
  to: '',
};

/** A datetime-local value as an ISO instant, or undefined when empty. */
export const instant = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

export function DeliveryFilters({ session, value, onChange }: { session: Session; value: Filters; onChange: (f: Filters) => void }) {
  const set = (name: keyof Filters) => (e: Event) => onChange({ ...value, [name]: (e.currentTarget as HTMLSelectElement).value });
  const commit = (name: 'targetId' | 'messageId' | 'from' | 'to') => (text: string) => onChange({ ...value, [name]: text });
  return (
    <form class="inline" aria-label="Filter deliveries" onSubmit={(e) => e.preventDefault()}>
      <OwnerSelect session={session} id="f-owner" value={value.ownerKeyId} onChange={(ownerKeyId) => onChange({ ...value, ownerKeyId })} />
      <label for="f-event">Event</label>
      <select id="f-event" value={value.event} onChange={set('event')}>
        <option value="">any</option>
        {eventNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label for="f-status">Status</label>
      <select id="f-status" value={value.status} onChange={set('status')}>
        <option value="">any</option>
        {['pending', 'succeeded', 'failed', 'cancelled'].map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <label for="f-target">Target id</label>
      <FilterInput id="f-target" value={value.targetId} placeholder="reg_… or sub_…" onCommit={commit('targetId')} />
      <label for="f-message">Message id</label>
      <FilterInput id="f-message" value={value.messageId} placeholder="msg_… (webhook-id)" onCommit={commit('messageId')} />
      <label class="check">
        <input type="checkbox" checked={value.undelivered} onChange={(e) => onChange({ ...value, undelivered: e.currentTarget.checked })} />{' '}
        Not delivered
      </label>
      <label for="f-from">From</label>
      <FilterInput id="f-from" type="datetime-local" value={value.from} onCommit={commit('from')} />
      <label for="f-to">To</label>
      <FilterInput id="f-to" type="datetime-local" value={value.to} onCommit={commit('to')} />
    </form>
  );
}
