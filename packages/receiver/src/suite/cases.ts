import { randomBytes } from 'node:crypto';
import { accepted, fail, is2xx, pass, refused, retryLater, shown, skip, type Verdict } from './judge.js';
import {
  deliver,
  exampleBody,
  nowSeconds,
  randomSecret,
  type Answer,
  type CatalogueEvent,
  type MessageShape,
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

/** The cases a real sender produces, each run once per event the receiver serves. */
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
    rule: () => 'accepts several signatures of which only the last is valid',
    run: async (ctx) => {
      const other = randomSecret();
      const answer = await send(ctx, {
        secrets: [other, ctx.target.secret],
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
    rule: () => 'accepts the previous secret and both secrets during a rotation',
    run: async (ctx) => {
      const previous = ctx.target.previousSecret;
      if (previous === undefined) return skip('give --previous-secret to check a rotation');
      const alone = await send(ctx, { secrets: [previous] });
      const both = await send(ctx, { secrets: [ctx.target.secret, previous] });
      const statuses = `signed with the previous secret ${shown(alone)}, with both ${shown(both)}`;
      return is2xx(alone) && is2xx(both) ? pass(statuses) : fail(`${statuses}; each must be 2xx`);
    },
  },
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
    rule: () => 'refuses a message signed with another secret',
    run: async (ctx) => refused(await send(ctx, { secrets: [randomSecret()] }), 401),
  },
];

function formatBytes(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`;
}
