import type { Database } from '../../db/database.js';
import { rateClaimCap } from '../send/rate-limit.js';
import type { ClaimedDelivery } from '../types.js';
import { claimRows, deferToCoolDown, readDueRows } from './claim.sql.js';
import { updateHolds } from './hold.sql.js';
import { singleOwner } from './single-owner.js';
import { holdMs, TargetHolds } from './target-holds.js';

export interface ClaimArgs {
  owner: string;
  limit: number;
  leaseMs: number;
  perTarget: number;
  /** Lower caps of some targets (rate-limited ones), as seen in earlier claims. */
  caps?: ReadonlyMap<string, number>;
  inFlight: ReadonlyMap<string, number>;
  /** Deliveries claimed here and not yet recorded (id → target): claims skip them. */
  held: ReadonlyMap<string, string>;
  perOwner: number;
  ownerHeld: ReadonlyMap<string, number>;
  /** PostgreSQL: the targets this worker serves and those other processes serve, kept up to date by the claim. */
  holds?: TargetHolds;
}

/** What a claim took, and whether the database may hold more it could take now (see `mayHoldMore`, and a target whose hold it could not take). */
export interface Claim {
  rows: ClaimedDelivery[];
  more: boolean;
}

/**
 * Claims up to `limit` due deliveries, at most `perTarget` minus what this worker already
 * holds for each target, and `perOwner` minus what it holds for each owner, skipping `held`.
 * A claim writes nothing: on PostgreSQL it takes only rows of targets this worker serves (see
 * {@link TargetHolds}), which no other process claims meanwhile. The attempt is counted when
 * its outcome is recorded; a crash mid-attempt repeats that attempt's number once the hold
 * has expired, which the receiver's dedupe (same webhook-id) absorbs anyway.
 */
export async function claimDue(db: Database, args: ClaimArgs): Promise<Claim> {
  return singleOwner(db) ? readDue(db, args) : claimHeld(db, args, args.holds ?? new TargetHolds());
}

/** The embedded database (one owner, no holds): one read of due rows, the caps applied here. */
async function readDue(db: Database, args: ClaimArgs): Promise<Claim> {
  const fullOwners = atCap(args.ownerHeld, args.perOwner);
  const full = saturated(args, args.inFlight);
  const rows = await readDueRows(db, args.limit, full, [...args.held.keys()], fullOwners);
  const deferred = rows.filter((row) => row.open_until);
  if (deferred.length > 0) await deferToCoolDown(db, deferred);
  const taken = new Map<string, number>();
  const ownerTaken = new Map<string, number>();
  const claimed = rows.filter((row) => {
    const n = (taken.get(row.target_id) ?? args.inFlight.get(row.target_id) ?? 0) + 1;
    const m = (ownerTaken.get(row.owner_key_id) ?? args.ownerHeld.get(row.owner_key_id) ?? 0) + 1;
    const cap = Math.min(row.target_cap ?? args.perTarget, row.rate_limit === null ? args.perTarget : rateClaimCap(row.rate_limit));
    if (row.open_until || n > cap || m > args.perOwner) return false;
    taken.set(row.target_id, n);
    ownerTaken.set(row.owner_key_id, m);
    return true;
  });
  return { rows: claimed, more: mayHoldMore(rows.length, claimed.length, args.limit, full, fullOwners) };
}

/**
 * Claims rows of the targets this worker serves. When the claim saw rows of targets it
 * could serve (free, or its hold about to run short), one more statement takes their holds
 * (and gives back idle ones), and a second claim takes their rows.
 */
async function claimHeld(db: Database, args: ClaimArgs, holds: TargetHolds): Promise<Claim> {
  const heldIds = [...args.held.keys()];
  const idle = withoutUnrecorded(holds.idle(args.inFlight), args.held);
  const first = await claimRound(db, args, args.inFlight, args.ownerHeld, heldIds, args.limit, holds.skipped());
  holds.servedElsewhere(first.elsewhere);
  const picked = new Set(first.rows.map((d) => d.target_id));
  holds.taken(picked);
  const giveBack = idle.filter((id) => !picked.has(id) && !first.unheld.includes(id));
  const full = first.more;
  if (first.unheld.length === 0 && giveBack.length === 0) return { rows: first.rows, more: full };
  const { held, released, alive } = await updateHolds(db, args.owner, first.unheld, holdMs(args.leaseMs), giveBack);
  holds.released(released);
  holds.taken(held);
  // A target whose row was locked is tried again by the next claim, which should not wait for
  // the poll; without its session lock the worker waits for the session to come back.
  const missed = alive && held.length < first.unheld.length;
  if (held.length === 0 || first.rows.length >= args.limit) return { rows: first.rows, more: full || missed };
  const inFlight = withRows(args.inFlight, first.rows, (d) => d.target_id);
  const ownerHeld = withRows(args.ownerHeld, first.rows, (d) => d.owner_key_id);
  const claimed = [...heldIds, ...first.rows.map((d) => d.id)];
  const second = await claimRound(db, args, inFlight, ownerHeld, claimed, args.limit - first.rows.length, holds.skipped());
  holds.servedElsewhere(second.elsewhere);
  holds.taken(new Set(second.rows.map((d) => d.target_id)));
  return { rows: [...first.rows, ...second.rows], more: full || missed || second.more };
}

/** Idle targets with no outcome left to record here (usually none are idle: no set is built then). */
function withoutUnrecorded(idle: string[], held: ReadonlyMap<string, string>): string[] {
  if (idle.length === 0) return idle;
  const unrecorded = new Set(held.values());
  return idle.filter((id) => !unrecorded.has(id));
}

/** One claim statement for `limit` rows, with what this worker holds per target and per owner. */
async function claimRound(
  db: Database,
  args: ClaimArgs,
  inFlight: ReadonlyMap<string, number>,
  ownerHeld: ReadonlyMap<string, number>,
  held: string[],
  limit: number,
  skipped: string[],
) {
  const fullOwners = atCap(ownerHeld, args.perOwner);
  const full = saturated(args, inFlight);
  const { owner, perTarget, leaseMs, perOwner } = args;
  const ownerCap = mayReachOwnerCap(perOwner, ownerHeld, limit) ? { ownerHeld, perOwner } : undefined;
  const claimed = await claimRows(db, {
    owner,
    limit,
    skipTargets: [...full, ...skipped],
    inFlight,
    perTarget,
    leaseMs,
    fullOwners,
    held,
    ownerCap,
  });
  if (!claimed) return { rows: [], more: true, unheld: [], elsewhere: [] };
  const { rows, seen, unheld, elsewhere } = claimed;
  return { rows, more: mayHoldMore(seen, rows.length, limit, full, fullOwners), unheld, elsewhere };
}

/** Whether an owner could reach its cap with what it holds here and `limit` more rows. */
function mayReachOwnerCap(perOwner: number, ownerHeld: ReadonlyMap<string, number>, limit: number): boolean {
  let most = 0;
  for (const n of ownerHeld.values()) most = Math.max(most, n);
  return most + limit > perOwner;
}

/**
 * Whether due rows may be left that this worker could take: the claim read as many as it
 * asked for, left some it read (caps, holds, circuits), or did not read the rows of targets
 * and owners at their cap here (they may have room by the next claim).
 */
function mayHoldMore(seen: number, taken: number, limit: number, fullTargets: string[], fullOwners: string[]): boolean {
  return seen >= limit || seen > taken || fullTargets.length > 0 || fullOwners.length > 0;
}

/** Targets at their cap here: claims skip their rows. */
function saturated(args: ClaimArgs, inFlight: ReadonlyMap<string, number>): string[] {
  const capOf = (id: string) => Math.min(args.perTarget, args.caps?.get(id) ?? args.perTarget);
  return [...inFlight].filter(([id, n]) => n >= capOf(id)).map(([id]) => id);
}

/** Owners (or targets) with `cap` or more held here. */
function atCap(held: ReadonlyMap<string, number>, cap: number): string[] {
  return [...held].filter(([, n]) => n >= cap).map(([id]) => id);
}

function withRows(counts: ReadonlyMap<string, number>, rows: ClaimedDelivery[], key: (d: ClaimedDelivery) => string): Map<string, number> {
  const out = new Map(counts);
  for (const d of rows) out.set(key(d), (out.get(key(d)) ?? 0) + 1);
  return out;
}
