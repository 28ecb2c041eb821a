import { parseEventKey, type EventKind } from '../events.js';
import { checkResponse } from '../response-check.js';
import { decodeSecret } from '../secret.js';
import { signingKeyOf } from '../sign-v1a.js';
import { eventCases, ordered, orderingCases, send, type CaseContext } from './cases.js';
import { accepted, fail, pass, refused, skip, type RuleOutcome, type Verdict } from './judge.js';
import { deliver, type Answer, type CatalogueEvent, type SuiteTarget } from './send.js';
import { unknownEvent, versionCatalogue } from '../version-catalogue.js';

export interface SuiteOptions {
  /** The receiver's base URL: events are posted to `<url>/webhooks/<name>` and `<url>/callbacks/<name>`. */
  url: string;
  /** The registration's `whsec_` secret the receiver verifies with; with `signature: 'v1a'`, only if it verifies `v1` as well. */
  secret?: string;
  /**
   * How the receiver verifies: `v1` (the default) with `secret`, or `v1a` (ed25519) with the
   * server's keys: every case is then signed with `signingKey` and names `keyId`, and the `v1a`
   * rules replace those of secrets (another key, an unknown key id, a key past its overlap, both schemes).
   */
  signature?: 'v1' | 'v1a';
  /** `v1a`: the private key (`whsk_...`) of a key the receiver trusts, and its id in the key set. */
  signingKey?: string;
  keyId?: string;
  /** `v1a`: a key past its overlap, which the receiver's key set no longer lists; without it that rule is skipped. */
  droppedSigningKey?: string;
  droppedKeyId?: string;
  /** The secret before a rotation, which the receiver still accepts; without it the rotation rule is skipped. */
  previousSecret?: string;
  /**
   * Only these events, e.g. `['webhook.stockUpdate']`; each must be served. Default every webhook
   * and callback of the spec, skipping those the receiver answers 404 to.
   */
  events?: readonly string[];
  /**
   * The payload version the receiver is built for: every case sends that version's examples,
   * media types and `webhook-version`. Default the current one.
   */
  payloadVersion?: number;
  /** The sender's attempt timeout. Default 15 000 ms, as the server's. */
  timeoutMs?: number;
  /** The size of the oversized body. Default 2 MiB. */
  oversizeBytes?: number;
  /** Default the global fetch. */
  fetch?: typeof fetch;
}

/** One rule's verdict: `id` is stable (`stale-timestamp`), `rule` is the sentence the report prints. */
export interface RuleResult extends Verdict {
  id: string;
  rule: string;
}

/** The rules of one event, or of the receiver as a whole. */
export interface SuiteGroup {
  title: string;
  rules: RuleResult[];
}

export interface SuiteReport {
  url: string;
  groups: SuiteGroup[];
  passed: number;
  failed: number;
  skipped: number;
  /** No rule failed. */
  ok: boolean;
  /** The slowest answer of the run, in milliseconds. */
  slowestMs: number;
}

const UNKNOWN_EVENT = 'suiteUnknownEvent';

function selected(keys: readonly string[] | undefined, version: number | undefined): { event: CatalogueEvent; required: boolean }[] {
  const events = versionCatalogue(version, 'runSuite');
  if (!keys) return events.map((event) => ({ event, required: false }));
  return keys.map((key) => {
    const { kind, name } = parseEventKey(key);
    const event = events.find((e) => e.kind === kind && e.name === name);
    if (!event) throw unknownEvent('The spec', kind, name, events);
    return { event, required: true };
  });
}

const result = (id: string, rule: string, verdict: Verdict): RuleResult => ({ id, rule, ...verdict });

function timing(ctx: CaseContext): RuleResult {
  const slowest = Math.max(0, ...ctx.answers.map((a) => a.ms));
  const late = ctx.answers.filter((a) => a.status === undefined && a.error?.startsWith('no answer within')).length;
  const rule = `answers within the sender's ${ctx.target.timeoutMs / 1000} s timeout`;
  return result(
    'answer-time',
    rule,
    late === 0
      ? pass(`slowest ${slowest} ms`)
      : fail(`${late} of ${ctx.answers.length} answers did not come within ${ctx.target.timeoutMs} ms`),
  );
}

function declared(ctx: CaseContext): RuleResult {
  const answered = ctx.answers.filter((a): a is Answer & { status: number } => a.status !== undefined);
  const problems = [...new Set(answered.flatMap((a) => checkResponse(ctx.event, a.status, a.contentType, a.body)))];
  const rule = 'answers only as the spec declares (statuses and bodies)';
  if (problems.length === 0) return result('declared-responses', rule, pass(`${answered.length} answers`));
  const more = problems.length > 2 ? ` (and ${problems.length - 2} more)` : '';
  return result('declared-responses', rule, fail(problems.slice(0, 2).join(' ') + more));
}

async function eventGroup(
  target: SuiteTarget,
  event: CatalogueEvent,
  required: boolean,
  oversizeBytes: number,
): Promise<SuiteGroup & { served: boolean; slowestMs: number }> {
  const ctx: CaseContext = { target, event, oversizeBytes, answers: [] };
  const scheme = target.v1a ? 'v1a' : 'v1';
  const title = `${event.kind} ${event.name}`;
  const first = await send(ctx);
  if (first.status === 404 && !required)
    return { title, served: false, slowestMs: first.ms, rules: [result('served', 'is served here', skip('answered 404'))] };
  const rules = [result('accepts-signed', 'accepts a correctly signed message', accepted([first]))];
  // The ordering cases run for events ordered per key only.
  const cases = [...eventCases, ...(ordered(event) ? orderingCases : [])].filter((c) => (c.scheme ?? scheme) === scheme);
  for (const c of cases) rules.push(result(c.id, c.rule(ctx), await c.run(ctx)));
  rules.push(timing(ctx), declared(ctx));
  return { title, rules, served: true, slowestMs: Math.max(...ctx.answers.map((a) => a.ms)) };
}

async function unknownEventRule(target: SuiteTarget, kind: EventKind, like: CatalogueEvent): Promise<RuleResult & { ms: number }> {
  const answer = await deliver(target, like, { path: `/${kind}s/${UNKNOWN_EVENT}` });
  return { ...result('unknown-event', `refuses an unknown ${kind} (/${kind}s/${UNKNOWN_EVENT})`, refused(answer, 404)), ms: answer.ms };
}

/** The keys of a `v1a` run, checked: a trusted one, and one past its overlap if given. */
function suiteKeys(options: SuiteOptions): SuiteTarget['v1a'] {
  const key = (signingKey: string | undefined, keyId: string | undefined, what: string) => {
    if (signingKey === undefined || !keyId) throw new TypeError(`runSuite with signature v1a needs ${what}.`);
    signingKeyOf(signingKey);
    return { signingKey, keyId };
  };
  const current = key(options.signingKey, options.keyId, '`signingKey` (whsk_...) and `keyId`, a key the receiver trusts');
  const givesDropped = options.droppedSigningKey !== undefined || options.droppedKeyId !== undefined;
  const dropped = givesDropped
    ? key(options.droppedSigningKey, options.droppedKeyId, 'both `droppedSigningKey` and `droppedKeyId`')
    : undefined;
  return { current, dropped };
}

/**
 * Runs the sender suite against a receiver: for every event it serves, the cases a real
 * Standard Webhooks sender produces (repeats, concurrent retries, stale and future timestamps,
 * several signatures, a rotation, a wrong content type, an oversized, tampered or wrongly signed
 * body), each judged against the Standard Webhooks rules and the responses the spec declares.
 * Rejects only when the receiver cannot be reached at all.
 */
export async function runSuite(options: SuiteOptions): Promise<SuiteReport> {
  if (!/^https?:$/.test(URL.parse(options.url)?.protocol ?? ''))
    throw new TypeError(`"${options.url}" is not an absolute http(s) URL; give the receiver's base, e.g. http://localhost:4000.`);
  const v1a = options.signature === 'v1a' ? suiteKeys(options) : undefined;
  if (!v1a || options.secret !== undefined) decodeSecret(options.secret!);
  if (options.previousSecret !== undefined) decodeSecret(options.previousSecret);
  const target: SuiteTarget = {
    base: options.url,
    secret: options.secret,
    previousSecret: options.previousSecret,
    v1a,
    timeoutMs: options.timeoutMs ?? 15_000,
    fetch: options.fetch ?? fetch,
  };
  const oversizeBytes = options.oversizeBytes ?? 2 * 1_048_576;
  const groups: SuiteGroup[] = [];
  const served: CatalogueEvent[] = [];
  let slowestMs = 0;
  for (const { event, required } of selected(options.events, options.payloadVersion)) {
    const group = await eventGroup(target, event, required, oversizeBytes);
    groups.push({ title: group.title, rules: group.rules });
    if (group.served) served.push(event);
    slowestMs = Math.max(slowestMs, group.slowestMs);
  }
  const whole: RuleResult[] = [];
  if (served.length === 0)
    whole.push(
      result(
        'serves-events',
        'serves at least one event of the spec',
        fail(`every event answered 404; are /webhooks/<name> and /callbacks/<name> below ${options.url}?`),
      ),
    );
  for (const kind of ['webhook', 'callback'] as const) {
    const like = served.find((e) => e.kind === kind);
    if (!like) continue;
    const { ms, ...rule } = await unknownEventRule(target, kind, like);
    slowestMs = Math.max(slowestMs, ms);
    whole.push(rule);
  }
  groups.push({ title: 'the receiver', rules: whole });
  return summary(options.url, groups, slowestMs);
}

function summary(url: string, groups: SuiteGroup[], slowestMs: number): SuiteReport {
  const count = (outcome: RuleOutcome) => groups.reduce((n, g) => n + g.rules.filter((r) => r.outcome === outcome).length, 0);
  const failed = count('fail');
  return { url, groups, passed: count('pass'), failed, skipped: count('skip'), ok: failed === 0, slowestMs };
}
