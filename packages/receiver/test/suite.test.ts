import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver, formatSuiteReport, runSuite, type SuiteReport } from '../src/index.js';
import { flawedReceiver, type Flaws } from './flawed-receiver.js';
import { events } from '@clubnotify/spec';
import { ed25519Key, everyHandler, listen, OTHER_SECRET, SECRET, type Listening } from './helpers.js';

const failing = (report: SuiteReport) => report.groups.flatMap((g) => g.rules.filter((r) => r.outcome === 'fail').map((r) => r.id)).sort();
const outcomes = (report: SuiteReport) => new Set(report.groups.flatMap((g) => g.rules.map((r) => r.outcome)));

describe('the sender suite against a receiver made with this kit', () => {
  let kit: Listening;
  const runs: string[] = [];
  beforeAll(async () => {
    const handler = (_: unknown, ctx: { id: string }) => void runs.push(ctx.id);
    const receiver = createReceiver({
      secrets: [SECRET, OTHER_SECRET],
      logger: { error: () => undefined },
      handlers: everyHandler(handler),
    });
    kit = await listen(createNodeHandler(receiver));
  });
  afterAll(() => kit.close());

  it('passes every rule for every event, the rotation included, and runs each handler once per message', async () => {
    const report = await runSuite({ url: kit.url, secret: SECRET, previousSecret: OTHER_SECRET });
    expect(failing(report), formatSuiteReport(report)).toEqual([]);
    expect(outcomes(report)).toEqual(new Set(['pass']));
    expect(report.groups.map((g) => g.title)).toEqual([...events.map((e) => `${e.kind} ${e.name}`), 'the receiver']);
    expect(report.groups.find((g) => g.title === 'webhook stockUpdate')!.rules.map((r) => r.id)).toEqual([
      'accepts-signed',
      'repeated-id',
      'concurrent-retry',
      'stale-timestamp',
      'future-timestamp',
      'several-signatures',
      'rotation',
      'content-type',
      'oversized-body',
      'tampered-body',
      'wrong-secret',
      'other-payload-version',
      'ordering-out-of-order',
      'ordering-stale',
      'answer-time',
      'declared-responses',
    ]);
    expect(runs.length).toBe(new Set(runs).size);
    expect(report.slowestMs).toBeLessThan(15_000);
  });

  it('skips the rotation rule without a previous secret, and prints one line per rule', async () => {
    const report = await runSuite({ url: kit.url, secret: SECRET, events: ['webhook.stockUpdate'] });
    expect(report).toMatchObject({ ok: true, failed: 0, skipped: 1 });
    const text = formatSuiteReport(report);
    expect(text).toMatch(/^ {2}skip {2}accepts the previous secret and both secrets during a rotation: give --previous-secret/m);
    expect(text).toMatch(/^ {2}pass {2}refuses a timestamp 330 s old \(the tolerance is 300 s\): 401$/m);
    expect(text.split('\n').filter((l) => /^ {2}(pass|FAIL|skip) {2}/.test(l))).toHaveLength(
      report.passed + report.failed + report.skipped,
    );
  });

  it('fails the rotation when the receiver does not know the previous secret', async () => {
    const report = await runSuite({
      url: kit.url,
      secret: OTHER_SECRET,
      previousSecret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      events: ['webhook.stockUpdate'],
    });
    expect(failing(report)).toEqual(['rotation']);
  });
});

describe('the sender suite against receivers with one flaw each', () => {
  const cases: [string, Flaws, string[]][] = [
    ['accepts any signature', { anySignature: true }, ['tampered-body', 'wrong-secret']],
    ['accepts stale and future timestamps', { anyTimestamp: true }, ['future-timestamp', 'stale-timestamp']],
    ['checks only the first signature', { firstSignatureOnly: true }, ['several-signatures']],
    ['refuses a repeated webhook-id', { refusesRepeats: true }, ['concurrent-retry', 'ordering-stale', 'repeated-id']],
    ['drops the connection on a large body', { dropsLargeBodies: true }, ['oversized-body']],
    ['answers 2xx on any path', { anyPath: true }, ['unknown-event']],
    ['accepts a message of any payload version', { anyPayloadVersion: true }, ['other-payload-version']],
    ['answers a retry after the sender gave up', { slowRetryMs: 10_000 }, ['answer-time', 'concurrent-retry', 'repeated-id']],
    ['does everything right', {}, []],
  ];
  it.each(cases)('a receiver that %s fails exactly the rules it breaks', { timeout: 30_000 }, async (_, flaws, rules) => {
    const receiver = await flawedReceiver(flaws);
    try {
      const report = await runSuite({
        url: receiver.url,
        secret: SECRET,
        events: ['webhook.stockUpdate'],
        timeoutMs: flaws.slowRetryMs ? 3_000 : 15_000,
      });
      expect(failing(report), formatSuiteReport(report)).toEqual(rules);
      expect(report.ok).toBe(rules.length === 0);
    } finally {
      await receiver.close();
    }
  });

  it('fails when the receiver serves none of the events', async () => {
    const receiver = await listen((_, res) => void res.writeHead(404).end());
    try {
      expect(failing(await runSuite({ url: receiver.url, secret: SECRET }))).toEqual(['serves-events']);
    } finally {
      await receiver.close();
    }
  });

  it('rejects with one line when nothing listens at the URL', async () => {
    const receiver = await listen(() => undefined);
    const url = receiver.url;
    await receiver.close();
    await expect(runSuite({ url, secret: SECRET })).rejects.toThrow(
      /^Could not send to http:\/\/127\.0\.0\.1:\d+\/webhooks\/concertAlert: the connection was refused/,
    );
  });
});

describe('the sender suite with --signature v1a', () => {
  const current = ed25519Key('key_current');
  const dropped = ed25519Key('key_dropped');
  const keys = { signature: 'v1a' as const, signingKey: current.signingKey, keyId: current.kid };
  const withDropped = { ...keys, droppedSigningKey: dropped.signingKey, droppedKeyId: dropped.kid };
  const V1A_RULES = ['v1a-other-key', 'v1a-unknown-key-id', 'v1a-dropped-key', 'v1a-both-schemes'];
  let jwks: Listening;
  let kit: Listening;
  let both: Listening;
  beforeAll(async () => {
    // The server's key set after a rotation's overlap: the dropped key is no longer listed.
    jwks = await listen(
      (_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [current.jwk] })),
    );
    const jwksUrl = `${jwks.url}/.well-known/jwks.json`;
    const options = { logger: { error: () => undefined }, handlers: everyHandler(() => undefined) };
    kit = await listen(createNodeHandler(createReceiver({ jwksUrl, ...options })));
    both = await listen(createNodeHandler(createReceiver({ jwksUrl, secret: SECRET, ...options })));
  });
  afterAll(async () => {
    await kit?.close();
    await both?.close();
    await jwks?.close();
  });

  it('passes every rule for every event against a receiver with no secret, the v1a rules in place of the secret ones', async () => {
    const report = await runSuite({ url: kit.url, ...withDropped });
    expect(failing(report), formatSuiteReport(report)).toEqual([]);
    expect(outcomes(report)).toEqual(new Set(['pass']));
    const ids = report.groups.find((g) => g.title === 'webhook stockUpdate')!.rules.map((r) => r.id);
    expect(ids.slice(0, 9)).toEqual([
      'accepts-signed',
      'repeated-id',
      'concurrent-retry',
      'stale-timestamp',
      'future-timestamp',
      ...V1A_RULES,
    ]);
    expect(ids).not.toContain('wrong-secret');
    expect(ids).not.toContain('rotation');
  });

  it('skips the key past its overlap without one, and checks both schemes both ways at a receiver that also holds the secret', async () => {
    const report = await runSuite({ url: both.url, ...keys, secret: SECRET, events: ['webhook.stockUpdate'] });
    expect(report).toMatchObject({ ok: true, failed: 0, skipped: 1 });
    const text = formatSuiteReport(report);
    expect(text).toMatch(/^ {2}skip {2}refuses a key past its overlap \(one the key set no longer lists\): give --dropped-signing-key/m);
    expect(text).toMatch(/^ {2}pass {2}accepts both schemes in one header when either the v1 or the v1a signature is invalid: 200, 200$/m);
  });

  it('refuses a v1a run without a trusted key, before sending anything', async () => {
    await expect(runSuite({ url: kit.url, signature: 'v1a', keyId: 'key_current' })).rejects.toThrow(
      /needs `signingKey` \(whsk_\.\.\.\) and `keyId`/,
    );
    await expect(runSuite({ url: kit.url, ...keys, droppedKeyId: 'key_dropped' })).rejects.toThrow(
      /both `droppedSigningKey` and `droppedKeyId`/,
    );
  });

  const flawed: [string, Flaws, string[]][] = [
    ['still trusts a key past its overlap', { v1aKeys: [current.publicKey, dropped.publicKey] }, ['v1a-dropped-key']],
    ['accepts any signature', { anySignature: true }, ['tampered-body', ...V1A_RULES.filter((r) => r !== 'v1a-both-schemes')].sort()],
    ['checks only the first signature', { v1aKeys: [current.publicKey], firstSignatureOnly: true }, ['v1a-both-schemes']],
    ['does everything right', { v1aKeys: [current.publicKey] }, []],
  ];
  it.each(flawed)('a v1a receiver that %s fails exactly the rules it breaks', { timeout: 30_000 }, async (_, flaws, rules) => {
    const receiver = await flawedReceiver(flaws);
    try {
      const report = await runSuite({ url: receiver.url, ...withDropped, events: ['webhook.stockUpdate'] });
      expect(failing(report), formatSuiteReport(report)).toEqual(rules);
    } finally {
      await receiver.close();
    }
  });
});
