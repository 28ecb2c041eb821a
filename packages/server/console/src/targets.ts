import type { ClubnotifyClient, components } from '@clubnotify/sdk';

type Schemas = components['schemas'];
export type Health = Schemas['TargetHealth'];

/** A registration or a subscription, as one row of the console. */
export interface Target {
  kind: 'registration' | 'subscription';
  id: string;
  /** The owning API key's id. */
  ownerKeyId: string | undefined;
  /** The event (registrations) or the concert (subscriptions). */
  what: string;
  url: string;
  status: Schemas['TargetStatus'];
  disabledReason: string | null;
  health: Health | null;
}

const fromRegistration = (r: Schemas['Registration']): Target => ({
  kind: 'registration',
  id: r.id,
  ownerKeyId: r.ownerKeyId,
  what: r.event,
  url: r.url,
  status: r.status,
  disabledReason: r.disabledReason ?? null,
  health: r.health ?? null,
});
const fromSubscription = (s: Schemas['Subscription']): Target => ({
  kind: 'subscription',
  id: s.id,
  ownerKeyId: s.ownerKeyId,
  what: `concertAlert callback for ${s.concertId}`,
  url: s.callbackUrl,
  status: s.status,
  disabledReason: s.disabledReason ?? null,
  health: s.health ?? null,
});

/**
 * The first 50 of each (of one owner when `ownerKeyId` is given) with their health: one list
 * request per kind (`include=health`), whatever the number of targets.
 */
export async function loadTargets(client: ClubnotifyClient, ownerKeyId = ''): Promise<Target[]> {
  const query = { limit: 50, include: 'health' as const, ...(ownerKeyId ? { ownerKeyId } : {}) };
  const [registrations, subscriptions] = await Promise.all([
    client.registrations.list(query).firstPage(),
    client.subscriptions.list(query).firstPage(),
  ]);
  return [...registrations.items.map(fromRegistration), ...subscriptions.items.map(fromSubscription)];
}

/** The lifecycle calls, the same for both kinds. */
export function targetApi(client: ClubnotifyClient, target: Target) {
  const id = target.id;
  if (target.kind === 'registration') {
    return {
      setStatus: (status: 'active' | 'paused') => client.registrations.update(id, { status }),
      rotate: () => client.registrations.rotateSecret(id),
      sendTest: () => client.registrations.sendTest(id),
      remove: () => client.registrations.remove(id),
    };
  }
  return {
    setStatus: (status: 'active' | 'paused') => client.subscriptions.update(id, { status }),
    rotate: () => client.subscriptions.rotateSecret(id),
    sendTest: () => client.subscriptions.sendTest(id),
    remove: () => client.subscriptions.remove(id),
  };
}
