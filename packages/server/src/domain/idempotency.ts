import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import { HttpProblem } from '../http/problem.js';

/** The status and body a publishing call answered (and answers again to a repeat). */
export interface Answer {
  status: number;
  body: unknown;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotentCall {
  ownerKeyId: string;
  key: string | undefined;
  operation: string;
  /** Everything that identifies the request besides the key: path params and body. */
  request: unknown;
  /** Checks the answer before the commit; throwing rolls the work back (see `ResponseCheck`). */
  check(answer: Answer): void;
  /**
   * The work is one statement and `check` never throws (response validation is not strict):
   * without a key it runs on its own, its statement's commit being the transaction's.
   */
  standalone?: boolean;
}

/** The work: its statements run on `tx`, in a transaction unless `alone` (a standalone call without a key). */
export type IdempotentWork = (tx: Queryable, alone: boolean) => Promise<Answer>;

/** The work's answer, checked while its transaction can still roll back. */
async function checked(tx: Queryable, call: IdempotentCall, work: IdempotentWork, alone = false): Promise<Answer> {
  const answer = await work(tx, alone);
  // A 5xx stored under a key would be replayed forever; an answer that is not a success is not stored.
  if (answer.status >= 300) throw new Error(`${call.operation} produced a ${answer.status} answer; only successes commit`);
  call.check(answer);
  return answer;
}

/**
 * Runs `work` in one transaction. With an `Idempotency-Key`, the first answer is stored in
 * that same transaction; a repeat with the same request gets it back as `200`, a repeat with
 * another request is `409`. Concurrent repeats wait on the key's row until the first commits.
 * The answer is checked before the commit, so a request that ends in a 5xx leaves nothing
 * behind: no record, no queued delivery, no stored answer for the key.
 */
export async function idempotent(db: Database, call: IdempotentCall, work: IdempotentWork): Promise<Answer> {
  if (call.key === undefined) return call.standalone ? checked(db, call, work, true) : db.transaction((tx) => checked(tx, call, work));
  const hash = createHash('sha256').update(call.operation).update('\n').update(canonical(call.request)).digest('hex');
  return db.transaction(async (tx) => {
    await tx.query(`DELETE FROM idempotency_keys WHERE owner_key_id = $1 AND key = $2 AND created_at < now() - interval '24 hours'`, [
      call.ownerKeyId,
      call.key,
    ]);
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (owner_key_id, key, operation, request_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (owner_key_id, key) DO NOTHING RETURNING key`,
      [call.ownerKeyId, call.key, call.operation, hash],
    );
    if (claimed.length === 0) {
      const [first] = await tx.query<{ request_hash: string; response: string | null }>(
        'SELECT request_hash, response FROM idempotency_keys WHERE owner_key_id = $1 AND key = $2',
        [call.ownerKeyId, call.key],
      );
      if (!first || first.request_hash !== hash || first.response === null) {
        throw new HttpProblem('conflict', 'This Idempotency-Key was used with another request; use a new key for a new request.', [
          { pointer: '/header/idempotency-key', detail: 'was used with another request' },
        ]);
      }
      return { status: 200, body: JSON.parse(first.response) as unknown };
    }
    const answer = await checked(tx, call, work);
    await tx.query('UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE owner_key_id = $1 AND key = $2', [
      call.ownerKeyId,
      call.key,
      answer.status,
      JSON.stringify(answer.body),
    ]);
    return answer;
  });
}
