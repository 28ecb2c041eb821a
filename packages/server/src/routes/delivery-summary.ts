import type { components } from '@clubnotify/spec';
import type { Queryable } from '../db/database.js';
import { readLedger } from '../delivery/queue/ledger.sql.js';
import { formatInstant as iso, parseInstant } from '../domain/instant.js';
import type { RequestContext } from '../http/context.js';
import { listOwner } from '../http/list-owner.js';

type DeliverySummary = components['schemas']['DeliverySummary'];

/** Without `since`, the day before `until`: a window that stays cheap to count however long the history is. */
const DEFAULT_WINDOW_MS = 86_400_000;

/** `GET /deliveries/summary`: the window's deliveries by outcome (see `readLedger`), the caller's own unless an admin asks. */
export async function deliverySummary(db: Queryable, ctx: RequestContext, now = new Date()): Promise<DeliverySummary> {
  const q = ctx.query as Record<string, string | undefined>;
  const owner = listOwner(ctx.caller!, q.ownerKeyId);
  const end = q.until === undefined ? now : parseInstant(q.until, '/query/until');
  const start = q.since === undefined ? new Date(end.getTime() - DEFAULT_WINDOW_MS) : parseInstant(q.since, '/query/since');
  const [since, until] = [iso(start), iso(end)];
  const ledger = await readLedger(db, { since, until, owner });
  return { since, until, ...(owner !== undefined && ctx.caller!.scope === 'admin' ? { ownerKeyId: owner } : {}), ...ledger };
}
