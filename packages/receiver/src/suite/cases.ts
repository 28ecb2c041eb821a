import { randomBytes } from 'node:crypto';
import { orderingKeyOf } from '@clubnotify/spec';
import { accepted, fail, is2xx, pass, refused, retryLater, shown, skip, type Verdict } from './judge.js';
import {
  deliver,
  exampleBody,
  nowSeconds,
  randomSecret,
  type Answer,
  type CatalogueEvent,
  type MessageShape,
  type SuiteKey,
  type SuiteTarget,
} from './send.js';
import { newMessageId } from '../trigger.js';

/** Seconds past the 300 s tolerance the spec sets, so a few seconds of clock skew do not matter. */
export const STALE_SEC = 330;

/** What a case works with: the receiver, the event, and every answer it got (for timing and the contract). */
export interface CaseContext {
  target: SuiteTarget;
  event: CatalogueEvent;
  oversizeBytes: number;
  answers: Answer[];
}

export interface SuiteCase {
  /** Stable id, for tests and scripts: `repeated-id`, `stale-timestamp`, ... */
  id: string;
  /** The rule, as the report prints it. */
  rule: (ctx: CaseContext) => string;
  run: (ctx: CaseContext) => Promise<Verdict>;
  /** Run only against a receiver verifying this scheme (`--signature`); every receiver when absent. */
  scheme?: 'v1' | 'v1a';
}

export async function send(ctx: CaseContext, shape: MessageShape = {}): Promise<Answer> {
  const answer = await deliver(ctx.target, ctx.event, shape);
  ctx.answers.push(answer);
  return answer;
}

function oversizedBody(event: CatalogueEvent, bytes: number): string {
  if (event.contentType !== 'application/json') return exampleBody(event) + ' '.repeat(bytes);
  return JSON.stringify({ ...(event.example as object), padding: 'x'.repeat(bytes) });
}

/** The body with one digit changed (another stock count, another date), so it still parses and matches the schema. */
function tampered(body: string): string {
  const i = body.search(/[0-9]/);
  if (i < 0) return `${body} `;
  return body.slice(0, i) + String((Number(body[i]) + 1) % 10) + body.slice(i + 1);
}

const wrongContentType = (event: CatalogueEvent) =>
  event.contentType === 'application/json' ? 'text/plain; charset=utf-8' : 'application/octet-stream';

/** A fresh ed25519 key (any 32 random bytes are a seed) under `keyId`. */
const freshKey = (keyId: string): SuiteKey => ({ signingKey: `whsk_${randomBytes(32).toString('base64')}`, keyId });
const trusted = (ctx: CaseContext): SuiteKey => ctx.target.v1a!.current;

/** The cases of a receiver that verifies `v1a` (ed25519) with the server's keys. A function: `eventCases` lists them in place. */
function v1aCases(): SuiteCase[] {
  return [
    {
      id: 'v1a-other-key',
      scheme: 'v1a',
      rule: () => 'refuses a v1a signature made with another key under the trusted key id',
      run: async (ctx) => refused(await send(ctx, { key: freshKey(trusted(ctx).keyId) }), 401),
    },
    {
      id: 'v1a-unknown-key-id',
      scheme: 'v1a',
      rule: () => 'refuses a message naming a key id its key set does not have (signed by that key)',
      run: async (ctx) => refused(await send(ctx, { key: freshKey(`suite_${randomBytes(6).toString('hex')}`) }), 401),
    },
    {
      id: 'v1a-dropped-key',
      scheme: 'v1a',
      rule: () => 'refuses a key past its overlap (one the key set no longer lists)',
      run: async (ctx) => {
        const dropped = ctx.target.v1a!.dropped;
        if (!dropped) return skip('give --dropped-signing-key and --dropped-key-id to check a key past its overlap');
        return refused(await send(ctx, { key: dropped }), 401);
      },
    },
    {
      id: 'v1a-both-schemes',
      scheme: 'v1a',
      rule: (ctx) =>
        ctx.target.secret === undefined
          ? 'accepts both schemes in one header when the v1 signature is invalid and the v1a one valid'
          : 'accepts both schemes in one header when either the v1 or the v1a signature is invalid',
      run: async (ctx) => {
        const answers = [await send(ctx, { signature: (s) => `v1,${randomBytes(32).toString('base64')} ${s}` })];
        // A receiver that trusts the secret as well: a valid v1 beside a v1a of another key.
        const secret = ctx.target.secret;
        if (secret !== undefined) answers.push(await send(ctx, { secrets: [secret], key: freshKey(trusted(ctx).keyId) }));
        return accepted(answers);
      },
    },
  ];
}

/** The cases a real sender produces, each run once per event the receiver serves (those of one scheme only against a receiver of that scheme). */
export const eventCases: readonly SuiteCase[] = [
  {
    id: 'repeated-id',
    rule: () => 'accepts a repeated webhook-id with 2xx (a retry after a lost answer)',
    run: async (ctx) => {
      const id = newMessageId();
      const first = await send(ctx, { id });
      return accepted([first, await send(ctx, { id, attempt: 2 })]);
    },
  },
  {
    id: 'concurrent-retry',
    rule: () => 'answers a retry that arrives before the previous attempt finished, and accepts the message',
    run: async (ctx) => {
      const id = newMessageId();
      const pair = await Promise.all([send(ctx, { id, attempt: 1 }), send(ctx, { id, attempt: 2 })]);
      const statuses = pair.map(shown).join(' and ');
      if (!pair.some(is2xx) || !pair.every((a) => is2xx(a) || retryLater(a)))
        return fail(`attempts 1 and 2 answered ${statuses}; one must be 2xx, the other 2xx or a retry-later 409, 429 or 5xx`);
      const third = await send(ctx, { id, attempt: 3 });
      return is2xx(third)
        ? pass(`${statuses}, then ${shown(third)}`)
        : fail(`attempts 1 and 2 answered ${statuses}, then attempt 3 ${shown(third)}; a handled message must be accepted again`);
    },
  },
  {
    id: 'stale-timestamp',
    rule: () => `refuses a timestamp ${STALE_SEC} s old (the tolerance is 300 s)`,
    run: async (ctx) => refused(await send(ctx, { timestamp: nowSeconds() - STALE_SEC }), 401),
  },
  {
    id: 'future-timestamp',
    rule: () => `refuses a timestamp ${STALE_SEC} s in the future`,
    run: async (ctx) => refused(await send(ctx, { timestamp: nowSeconds() + STALE_SEC }), 401),
  },
  {
    id: 'several-signatures',
    scheme: 'v1',
    rule: () => 'accepts several signatures of which only the last is valid',
    run: async (ctx) => {
      const other = randomSecret();
      const answer = await send(ctx, {
        secrets: [other, ctx.target.secret!],
        signature: (s) => {
          const [wrong, valid] = s.split(' ');
          return `${wrong} v1a,${randomBytes(64).toString('base64')} ${valid}`;
        },
      });
      return accepted([answer]);
    },
  },
  {
    id: 'rotation',
    scheme: 'v1',
    rule: () => 'accepts the previous secret and both secrets during a rotation',
    run: async (ctx) => {
      const previous = ctx.target.previousSecret;
      if (previous === undefined) return skip('give --previous-secret to check a rotation');
      const alone = await send(ctx, { secrets: [previous] });
      const both = await send(ctx, { secrets: [ctx.target.secret!, previous] });
      const statuses = `signed with the previous secret ${shown(alone)}, with both ${shown(both)}`;
      return is2xx(alone) && is2xx(both) ? pass(statuses) : fail(`${statuses}; each must be 2xx`);
    },
  },
  ...v1aCases(),
  {
    id: 'content-type',
    rule: (ctx) => `refuses a wrong content type (${wrongContentType(ctx.event).split(';')[0]} for ${ctx.event.contentType})`,
    run: async (ctx) => refused(await send(ctx, { contentType: wrongContentType(ctx.event) }), 415),
  },
  {
    id: 'oversized-body',
    rule: (ctx) => `refuses an oversized body (${formatBytes(ctx.oversizeBytes)}) and keeps serving`,
    run: async (ctx) => {
      const verdict = refused(await send(ctx, { body: oversizedBody(ctx.event, ctx.oversizeBytes) }), 413);
      const after = await send(ctx);
      if (!is2xx(after)) return fail(`${verdict.detail}; the next correct message answered ${shown(after)}`);
      return verdict;
    },
  },
  {
    id: 'tampered-body',
    rule: () => 'refuses a body changed after signing',
    run: async (ctx) => {
      const body = exampleBody(ctx.event);
      return refused(await send(ctx, { body, sentBody: tampered(body) }), 401);
    },
  },
  {
    id: 'wrong-secret',
    scheme: 'v1',
    rule: () => 'refuses a message signed with another secret',
    run: async (ctx) => refused(await send(ctx, { secrets: [randomSecret()] }), 401),
  },
  {
    id: 'other-payload-version',
    rule: (ctx) =>
      `refuses a message whose webhook-version names another payload version (${otherVersion(ctx.event)}; it is built for ${ctx.event.payloadVersion})`,
    run: async (ctx) => {
      // The receiver's own body, correctly signed: only the header differs, so a receiver that judges the body alone accepts it.
      const answer = await send(ctx, { payloadVersion: otherVersion(ctx.event) });
      const verdict = refused(answer, 400);
      return verdict.outcome === 'pass' && problemType(answer) !== undefined ? pass(`${verdict.detail} ${problemType(answer)}`) : verdict;
    },
  },
];

/** A payload version other than the event's: the one before it, or 2 for version 1. */
const otherVersion = (event: CatalogueEvent): number => (event.payloadVersion === 1 ? 2 : event.payloadVersion - 1);

/** The last segment of a problem answer's `type` (`payload-version-mismatch`), if it is one. */
function problemType(answer: Answer): string | undefined {
  if (!answer.contentType?.startsWith('application/problem+json')) return undefined;
  try {
    const type = (JSON.parse(answer.body) as { type?: unknown }).type;
    return typeof type === 'string' ? type.split('/').at(-1) : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh ordering key, and the example body carrying it where the event's key is read from its payload. */
function keyed(event: CatalogueEvent): { key: string; body: string } {
  const key = `suite_${randomBytes(6).toString('hex')}`;
  const declared = orderingKeyOf(event.kind, event.name);
  if (declared?.source !== 'payload' || event.contentType !== 'application/json') return { key, body: exampleBody(event) };
  const payload = structuredClone(event.example) as Record<string, unknown>;
  const tokens = declared.pointer.split('/').slice(1);
  let at = payload;
  for (const token of tokens.slice(0, -1)) at = at[token] as Record<string, unknown>;
  at[tokens.at(-1)!] = key;
  return { key, body: JSON.stringify(payload) };
}

export const ordered = (event: CatalogueEvent): boolean => orderingKeyOf(event.kind, event.name) !== undefined;

/** The cases of events ordered per key (`x-clubnotify-ordering-key`); skipped for the others. */
export const orderingCases: readonly SuiteCase[] = [
  {
    id: 'ordering-out-of-order',
    rule: () => 'answers messages of one ordering key sent with a gap and out of order (2xx, handled or set aside, or retry later)',
    run: async (ctx) => {
      if (!ordered(ctx.event)) return skip(`${ctx.event.name} is not ordered per key`);
      const { key, body } = keyed(ctx.event);
      const answers = [];
      for (const sequence of [1, 3, 2]) answers.push(await send(ctx, { body, ordering: { key, sequence } }));
      const statuses = answers.map(shown).join(', ');
      if (!is2xx(answers[0]!)) return fail(`sequence 1 answered ${answers[0]!.status ?? answers[0]!.error}; it must be accepted`);
      return answers.every((a) => is2xx(a) || retryLater(a))
        ? pass(`sequences 1, 3, 2 answered ${statuses}`)
        : fail(`sequences 1, 3, 2 answered ${statuses}; each must be 2xx or a retry-later 409, 429 or 5xx`);
    },
  },
  {
    id: 'ordering-stale',
    rule: () => 'accepts a replayed message whose place its key has already passed (2xx: it was handled)',
    run: async (ctx) => {
      if (!ordered(ctx.event)) return skip(`${ctx.event.name} is not ordered per key`);
      const { key, body } = keyed(ctx.event);
      const first = { id: newMessageId(), body, ordering: { key, sequence: 1 } };
      const answers = [await send(ctx, first), await send(ctx, { body, ordering: { key, sequence: 2 } }), await send(ctx, first)];
      const statuses = answers.map(shown).join(', ');
      return answers.every(is2xx)
        ? pass(`sequences 1, 2, then 1 again answered ${statuses}`)
        : fail(`sequences 1, 2, then 1 again answered ${statuses}; a replay of a message already handled must be accepted (2xx)`);
    },
  },
];

function formatBytes(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`;
}
