import type { ClubnotifyClient, components } from '@clubnotify/sdk';

type Schemas = components['schemas'];

export interface OperationalPage {
  subscriptions: Schemas['OperationalSubscription'][];
  /** The latest 50, newest first. */
  events: Schemas['OperationalEventDelivery'][];
}

/** The owner's operational-event subscriptions and latest events (of one owner when `ownerKeyId` is given): two requests. */
export async function loadOperational(client: ClubnotifyClient, ownerKeyId = ''): Promise<OperationalPage> {
  const query = { limit: 50, ...(ownerKeyId ? { ownerKeyId } : {}) };
  const [subscriptions, events] = await Promise.all([
    client.paginate('/operationalEventSubscriptions', { query }).firstPage(),
    client.paginate('/operationalEvents', { query }).firstPage(),
  ]);
  return { subscriptions: subscriptions.items, events: events.items };
}

/** What an operational event is about, in a few words: its target and reason, its delivery, its API key, or the new signing key. */
export function about(payload: Record<string, unknown>): string {
  const parts = [payload.targetId, payload.reason, payload.deliveryId, payload.apiKeyId, payload.kid];
  return parts.filter((p) => typeof p === 'string').join(' — ');
}
