import type { Database } from '../../db/database.js';
import { versionsNearSunset, type PayloadVersioning } from '../payload-versions.js';
import type { FreshDelivery, PayloadCheck } from '../types.js';
import type { OperationalEvent } from './operational-events.js';
import { queueOperationalEvents } from './operational.sql.js';

/** How often the worker looks for targets on a version near its sunset. */
export const SUNSET_CHECK_EVERY_MS = 3_600_000;
/** `payloadVersionSunset` lists at most this many targets (the schema's `maxItems`). */
const MAX_TARGETS = 1000;

/**
 * Every live target (registration, subscription, operational-event subscription) on version `$1`,
 * per owner subscribed to `payloadVersionSunset` and not yet warned of sunset `$2`.
 */
const OWNERS_SQL = `WITH t AS (
    SELECT owner_key_id, id FROM registrations WHERE payload_version = $1 AND deleted_at IS NULL
    UNION ALL SELECT owner_key_id, id FROM subscriptions WHERE payload_version = $1 AND deleted_at IS NULL
    UNION ALL SELECT owner_key_id, id FROM operational_subscriptions WHERE payload_version = $1 AND deleted_at IS NULL
  ), owners AS (
    -- Only owners who asked for the warning: one who subscribes to it later is warned then.
    SELECT owner_key_id, array_agg(id ORDER BY id) AS target_ids FROM t
    WHERE EXISTS (SELECT 1 FROM operational_subscriptions o WHERE o.owner_key_id = t.owner_key_id AND o.status = 'active'
                  AND o.deleted_at IS NULL AND 'payloadVersionSunset' = ANY(o.events))
    GROUP BY owner_key_id
  ), warned AS (
    INSERT INTO payload_version_warnings (owner_key_id, payload_version, sunset)
    SELECT owner_key_id, $1, $2 FROM owners ON CONFLICT DO NOTHING RETURNING owner_key_id
  )
  SELECT o.owner_key_id, o.target_ids FROM owners o JOIN warned w ON w.owner_key_id = o.owner_key_id ORDER BY o.owner_key_id`;

/**
 * Queues `payloadVersionSunset` to each owner whose targets use a payload version whose sunset
 * is a month away or less: once per owner, version and sunset (`payload_version_warnings`), in
 * one transaction with the record of it. Returns what it queued, for the local worker.
 */
export async function queueSunsetWarnings(
  db: Database,
  versions: PayloadVersioning,
  now: Date,
  check?: PayloadCheck,
): Promise<FreshDelivery[]> {
  const near = versionsNearSunset(versions, now);
  if (near.length === 0) return [];
  const supported = versions.versions.filter((v) => !v.sunset || Date.parse(v.sunset) > now.getTime()).map((v) => v.version);
  return db.transaction(async (tx) => {
    const events: OperationalEvent[] = [];
    for (const info of near) {
      const rows = await tx.query<{ owner_key_id: string; target_ids: string[] }>(OWNERS_SQL, [info.version, info.sunset]);
      for (const row of rows) {
        events.push({
          name: 'payloadVersionSunset',
          ownerKeyId: row.owner_key_id,
          payload: {
            type: 'payloadVersionSunset',
            occurredAt: now.toISOString(),
            ownerKeyId: row.owner_key_id,
            payloadVersion: info.version,
            sunset: info.sunset!,
            supportedPayloadVersions: supported,
            targetIds: row.target_ids.slice(0, MAX_TARGETS),
          },
        });
      }
    }
    return queueOperationalEvents(tx, events, { check, versions });
  });
}

/** Runs {@link queueSunsetWarnings} at most every `everyMs`, one at a time, beside the claims. */
export class SunsetWarnings {
  #last = -Infinity;
  #running: Promise<void> | undefined;

  constructor(
    private readonly options: {
      db: Database;
      versions: PayloadVersioning;
      clock: () => Date;
      everyMs: number;
      check?: PayloadCheck;
      queued: (fresh: FreshDelivery[]) => void;
      onError: (error: unknown) => void;
    },
  ) {}

  tick(now: number): void {
    const o = this.options;
    // One listed version: nothing can come near a sunset, so nothing to read.
    if (o.versions.versions.length === 1 || this.#running || now - this.#last < o.everyMs) return;
    this.#last = now;
    this.#running = queueSunsetWarnings(o.db, o.versions, o.clock(), o.check)
      .then((fresh) => (fresh.length > 0 ? o.queued(fresh) : undefined), o.onError)
      .finally(() => (this.#running = undefined));
  }

  async settle(): Promise<void> {
    await this.#running;
  }
}
