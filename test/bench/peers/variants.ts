/**
 * Variants of ours, each a pair run side by side in the same rounds, so that the only difference
 * in a pair is what it measures. Only when PEERS_ONLY names them (`keyed`, `pinned`): each adds
 * two servers per database and a copy of the repository.
 *  - keyed ÷ unkeyed (issue 50, item 4): stockUpdate is ordered by the drink's id, so both publish
 *    100 drinks in turn (100 keys per target). "keyed" is this checkout; "unkeyed" a copy whose
 *    publish statement queues every message without a key (NULL, as an event without
 *    `x-clubnotify-ordering-key`), nothing else changed. PEERS_KEYS=8 (or 8,100) runs the pair
 *    on the seed's 8 drinks instead ("keyed, 8 keys"): the plain run's shape, where each key has
 *    many messages in flight and each next one waits for its predecessor.
 *  - pinned ÷ unpinned (issue 47): both run a copy made the fixture contract 2.0.0 (as
 *    test/e2e/payload-versions.test.ts does), so both have two payload versions; "pinned to 1"
 *    registers every target with `payloadVersion: 1` (each message converted at enqueue),
 *    "unpinned" on the current version 2 (no conversion).
 *  - signed v1a ÷ signed v1 (issue 51): this checkout twice, every target registered with
 *    `signature: "v1a"` (ed25519, the server's key) or with the default `v1` (HMAC).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../packages/server/src/db/open.js';
import { dayFromToday, fixtureCopy, repoRoot, version1SunsetOn } from '../../contract/payload-versions/fixture-copy.js';
import { copyWorkspace } from '../../contract/new-webhook/workspace.js';
import { migratedDataDir } from '../../reliability/server-process.js';
import { ours, scratchDatabase, type Contender, type Variant } from './contenders.js';
import { keyedStockChange, stockChange } from './message.js';
import { addKeyedDrinks } from '../registrations.js';

/** The few-keys form's name: the seed's drinks, each a key. */
const FEW_KEYS = '8 keys';

/** Each pair, first ÷ second in the standing tables (same database). */
export const VARIANT_PAIRS: Array<[string, string]> = ['PGlite', 'PostgreSQL'].flatMap((db): Array<[string, string]> => [
  [`clubnotify, ${db}, keyed`, `clubnotify, ${db}, unkeyed`],
  [`clubnotify, ${db}, keyed, ${FEW_KEYS}`, `clubnotify, ${db}, unkeyed, ${FEW_KEYS}`],
  [`clubnotify, ${db}, pinned to 1`, `clubnotify, ${db}, unpinned`],
  [`clubnotify, ${db}, signed v1a`, `clubnotify, ${db}, signed v1`],
]);

type Cleanups = Array<() => Promise<void>>;

/** Adds the keyed variants' drinks to a migrated database (PostgreSQL at `url`, or PGlite in `dir`). */
async function addDrinks(where: { url: string } | { dir: string }): Promise<void> {
  const db = await openDatabase('url' in where ? { url: where.url } : { dataDir: join(where.dir, 'pglite') });
  try {
    await addKeyedDrinks(db);
  } finally {
    await db.close();
  }
}

/** The edits that make the unkeyed copy: the publish statement's key, and the key of what it hands to the worker. */
const UNKEY: Array<[string, string]> = [
  ["       'o.d_id',\n", "       'NULL',\n"],
  ['ordering_key: change.drink.id,', 'ordering_key: null,'],
];

/** A copy of this checkout whose stock statement queues every message without its key (also `npm run bench -- statements`). */
export async function unkeyedCopy(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'cn-peers-unkeyed-'));
  await copyWorkspace(repoRoot, copy);
  const file = join(copy, 'packages/server/src/publish/stock-change.ts');
  let text = await readFile(file, 'utf8');
  for (const [from, to] of UNKEY) {
    if (text.split(from).length !== 2)
      throw new Error(`stock-change.ts no longer has ${JSON.stringify(from)} once: update UNKEY in ${import.meta.filename}`);
    text = text.replace(from, to);
  }
  await writeFile(file, text);
  return copy;
}

/** One server of a pair on PGlite, or on PostgreSQL (a scratch database of its own) with `pg`. */
async function server(name: string, pg: boolean, cleanups: Cleanups, checkout: string | undefined, variant: Variant, drinks = false) {
  if (pg) {
    const db = await scratchDatabase(`peers_${name.split(', ').slice(2).join('').replace(/\W/g, '')}`, drinks);
    cleanups.push(db.drop);
    if (drinks) await addDrinks(db);
    return ours(name, db, checkout, variant);
  }
  const dataDir = drinks ? await migratedDataDir('cn-peers-keyed-') : undefined;
  if (dataDir) await addDrinks({ dir: dataDir });
  return ours(name, undefined, checkout, { ...variant, dataDir });
}

const databases = () => (process.env.DATABASE_URL ? [false, true] : [false]);
const dbName = (pg: boolean) => (pg ? 'PostgreSQL' : 'PGlite');

/**
 * keyed and unkeyed, on PGlite and (with DATABASE_URL) PostgreSQL: with 100 keys per target, and
 * with the seed's 8 when PEERS_KEYS names 8.
 */
export async function keyedPairs(contenders: Contender[], cleanups: Cleanups): Promise<void> {
  const copy = await unkeyedCopy();
  cleanups.push(() => rm(copy, { recursive: true, force: true }));
  const keys = (process.env.PEERS_KEYS ?? '100').split(',');
  for (const pg of databases()) {
    if (keys.includes('100')) {
      const variant = { change: keyedStockChange };
      contenders.push(await server(`clubnotify, ${dbName(pg)}, keyed`, pg, cleanups, undefined, variant, true));
      contenders.push(await server(`clubnotify, ${dbName(pg)}, unkeyed`, pg, cleanups, copy, variant, true));
    }
    if (keys.includes('8')) {
      const variant = { change: stockChange };
      contenders.push(await server(`clubnotify, ${dbName(pg)}, keyed, ${FEW_KEYS}`, pg, cleanups, undefined, variant));
      contenders.push(await server(`clubnotify, ${dbName(pg)}, unkeyed, ${FEW_KEYS}`, pg, cleanups, copy, variant));
    }
  }
}

/** pinned to 1 and unpinned, both on the fixture 2.0.0, on PGlite and (with DATABASE_URL) PostgreSQL. */
export async function pinnedPairs(contenders: Contender[], cleanups: Cleanups): Promise<void> {
  // Version 1 deprecated today and sunset six months on: the servers here judge by today.
  const { copy } = await fixtureCopy('2.0.0', version1SunsetOn(dayFromToday(0, 6)));
  cleanups.push(() => rm(copy, { recursive: true, force: true }));
  for (const pg of databases()) {
    contenders.push(await server(`clubnotify, ${dbName(pg)}, pinned to 1`, pg, cleanups, copy, { register: { payloadVersion: 1 } }));
    contenders.push(await server(`clubnotify, ${dbName(pg)}, unpinned`, pg, cleanups, copy, {}));
  }
}

/** signed v1a and signed v1, on PGlite and (with DATABASE_URL) PostgreSQL. */
export async function signedPairs(contenders: Contender[], cleanups: Cleanups): Promise<void> {
  for (const pg of databases()) {
    contenders.push(await server(`clubnotify, ${dbName(pg)}, signed v1a`, pg, cleanups, undefined, { register: { signature: 'v1a' } }));
    contenders.push(await server(`clubnotify, ${dbName(pg)}, signed v1`, pg, cleanups, undefined, {}));
  }
}
