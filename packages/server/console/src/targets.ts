import type { ClubnotifyClient, components, PayloadVersion } from '@clubnotify/sdk';

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
  /** The payload version its messages are sent in (`webhook-version`). */
  payloadVersion: number | undefined;
  /** `hold`: a failed keyed message holds its key (issue 50). */
  ordering: Schemas['OrderingMode'] | undefined;
  /** The keys a `hold` target holds behind failed messages (its read's `heldKeys`); empty otherwise. */
  heldKeys: Schemas['HeldKey'][];
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
  payloadVersion: r.payloadVersion,
  ordering: r.ordering,
  heldKeys: r.heldKeys ?? [],
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
  payloadVersion: s.payloadVersion,
  ordering: s.ordering,
  heldKeys: s.heldKeys ?? [],
});

/**
 * The first 50 of each (of one owner when `ownerKeyId` is given) with their health: one list
 * request per kind (`include=health`), whatever the number of targets, and one read of each
 * `ordering: hold` target for the keys it holds.
 */
export async function loadTargets(client: ClubnotifyClient, ownerKeyId = ''): Promise<Target[]> {
  const query = { limit: 50, include: 'health' as const, ...(ownerKeyId ? { ownerKeyId } : {}) };
  const [registrations, subscriptions] = await Promise.all([
    client.registrations.list(query).firstPage(),
    client.subscriptions.list(query).firstPage(),
  ]);
  const targets = [...registrations.items.map(fromRegistration), ...subscriptions.items.map(fromSubscription)];
  return Promise.all(targets.map((t) => (t.ordering === 'hold' ? withHeldKeys(client, t) : t)));
}

/** A `hold` target with the keys it holds: one read of that target (the lists do not carry them). */
async function withHeldKeys(client: ClubnotifyClient, target: Target): Promise<Target> {
  const one =
    target.kind === 'registration'
      ? fromRegistration(await client.registrations.get(target.id))
      : fromSubscription(await client.subscriptions.get(target.id));
  return { ...target, heldKeys: one.heldKeys };
}

/** The lifecycle calls, the same for both kinds. */
export function targetApi(client: ClubnotifyClient, target: Target) {
  const id = target.id;
  if (target.kind === 'registration') {
    return {
      setStatus: (status: 'active' | 'paused') => client.registrations.update(id, { status }),
      setVersion: (payloadVersion: PayloadVersion) => client.registrations.update(id, { payloadVersion }),
      rotate: () => client.registrations.rotateSecret(id),
      sendTest: () => client.registrations.sendTest(id),
      remove: () => client.registrations.remove(id),
    };
  }
  return {
    setStatus: (status: 'active' | 'paused') => client.subscriptions.update(id, { status }),
    setVersion: (payloadVersion: PayloadVersion) => client.subscriptions.update(id, { payloadVersion }),
    rotate: () => client.subscriptions.rotateSecret(id),
    sendTest: () => client.subscriptions.sendTest(id),
    remove: () => client.subscriptions.remove(id),
  };
}
