// Every message a user can meet, collected by driving the known error paths (HTTP problems of
// every operation, URL-policy refusals, validation sentences, configuration errors, both CLIs,
// the scaffold's start-up), each checked against the house rules: one line, no stack, no
// regular expression, no leaked placeholder, and, where there is a fix, the fix.
import { freePort } from '../free-port.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { callbackNames, webhookNames } from '@clubnotify/spec';
import { ADMIN_KEY_EXAMPLE, ConfigError, loadConfig } from '../../packages/server/src/config.js';
import { apiKeyPattern } from '../../packages/server/src/ids.js';
import { NO_ADMIN_KEY, start as startServerCli } from '../../packages/server/src/start.js';
import { startFailure } from '../../packages/server/src/start-failure.js';
import { runCli as serverCli } from '../../packages/server/src/cli.js';
import { checkTargetUrl } from '../../packages/server/src/net/url-policy.js';
import { urlRefusal } from '../../packages/server/src/routes/url-check.js';
import { runCli as receiverCli } from '../../packages/receiver/src/cli.js';
import { readServerEnv } from '../../packages/receiver/src/server-env.js';
import { describeAjvError, formatPhrases, patternPhrases } from '../../packages/spec/src/field-messages.js';
import { errorPathCases, type Who } from '../contract/error-paths.js';
import { dbFactories, startTestServer, type TestServer } from '../../packages/server/test/support/server-support.js';
import { repoRoot } from './support.js';

interface Message {
  where: string;
  text: string;
  /** Whether this message should say what to do (a usage or configuration error, an allowable URL). */
  fix?: RegExp;
}

const STACK = /^\s+at |\bat \S+ \(?[^)]*:\d+:\d+\)?/m;
const REGEX = /\\[dwsbDWS]|\[[^\]\s]*[a-z0-9]-[a-z0-9][^\]\s]*\](?:[{+*])|\(\?[:=!<]|\{\d+,\d*\}|\^\(|must match pattern/i;
const PLACEHOLDER = /\bundefined\b|\[object |\bNaN\b/;

/** What is wrong with a message, per rule; empty when it passes. */
function broken(m: Message, maxLength = 320): string[] {
  const out: string[] = [];
  if (STACK.test(m.text)) out.push('has a stack trace');
  if (REGEX.test(m.text)) out.push('shows a regular expression');
  if (PLACEHOLDER.test(m.text)) out.push('leaks undefined/NaN/[object]');
  if (m.text.includes('\n')) out.push('is more than one line');
  if (m.text.length > maxLength) out.push(`is ${m.text.length} characters`);
  if (/\s{2,}|\s[;,.]|\ba [aeio]|\ba un(?!i)/i.test(m.text) || /\ban [b-df-gj-np-tv-z][a-z]/.test(m.text))
    out.push('reads badly (spacing or an article)');
  if ((m.text.replace(/\b'\b/g, '').match(/'/g) ?? []).length % 2 === 1 || (m.text.match(/"/g) ?? []).length % 2 === 1)
    out.push('has an unbalanced quote');
  if (m.fix && !m.fix.test(m.text)) out.push(`does not say what to do (${m.fix})`);
  return out;
}

const messages: Message[] = [];
const add = (where: string, text: string, fix?: RegExp) => messages.push({ where, text, ...(fix ? { fix } : {}) });

/** Runs a CLI in this process, returning what it printed to stderr, split into the error line and the rest. */
async function captured(run: () => Promise<number>): Promise<{ code: number; first: string; all: string }> {
  const lines: string[] = [];
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const code = await run();
    const all = lines.join('\n');
    return { code, first: all.split('\n')[0] ?? '', all };
  } finally {
    error.mockRestore();
    log.mockRestore();
  }
}

describe('every message a user can meet', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dbFactories()[0]!);
  });
  afterAll(() => s?.close());

  it("collects the problems of every operation's error paths, and requests people get wrong", { timeout: 120_000 }, async () => {
    const keyOf = (who: Who) =>
      who === null
        ? null
        : who === 'malformed'
          ? 'not-a-key'
          : who === 'unknown'
            ? 'cn_unknownkey0000000000000000000000000000000'
            : who === 'admin'
              ? s.adminKey
              : s.aliceKey;
    const requests = errorPathCases().map((c) => ({
      where: c.name,
      method: c.method,
      path: c.path,
      key: keyOf(c.who),
      headers: c.headers,
      body: c.body,
    }));
    const concert = (startsAt: string) => JSON.stringify({ title: 'Jazz Night', startsAt, venue: 'Main Hall' });
    const register = (url: string) => JSON.stringify({ url });
    const json = { 'content-type': 'application/json' };
    requests.push(
      {
        where: 'a date-time with a space',
        method: 'POST',
        path: '/concerts',
        key: s.adminKey,
        headers: json,
        body: concert('2026-12-12 20:00'),
      },
      { where: 'a leap second', method: 'POST', path: '/concerts', key: s.adminKey, headers: json, body: concert('2026-12-31T23:59:60Z') },
      ...[
        'http://localhost:4000/x',
        'http://[::1]:4000/x',
        'http://10.0.0.5/x',
        'http://169.254.169.254/',
        'ftp://93.184.215.14/',
        'https://u:p@93.184.215.14/',
        'not a url',
      ].map((url) => ({
        where: `registering ${url}`,
        method: 'POST',
        path: '/registerForAlert',
        key: s.aliceKey,
        headers: json,
        body: register(url),
      })),
      { where: 'a limit of 500', method: 'GET', path: '/items?limit=500', key: s.aliceKey, headers: undefined, body: undefined },
      { where: 'broken JSON', method: 'POST', path: '/registerForAlert', key: s.aliceKey, headers: json, body: '{"url":' },
    );
    for (const r of requests) {
      const headers: Record<string, string> = { ...r.headers };
      if (r.key) headers.authorization = `Bearer ${r.key}`;
      const res = await fetch(s.url + r.path, { method: r.method, headers, body: r.body });
      const text = await res.text();
      if (!res.headers.get('content-type')?.startsWith('application/problem+json')) continue;
      const problem = JSON.parse(text) as { title: string; detail: string; errors?: Array<{ pointer: string; detail: string }> };
      add(`${r.where}: title`, problem.title);
      add(`${r.where}: detail`, problem.detail);
      for (const e of problem.errors ?? []) add(`${r.where}: ${e.pointer}`, `${e.pointer} ${e.detail}`);
      if (res.status === 422)
        add(`${r.where}: 422 names the fix`, problem.detail, /ALLOW_PRIVATE_TARGETS=\S+|never allowed|give an? |remove them/);
    }
    const dateTime = messages.filter((m) => m.where.startsWith('a date-time with a space: /body/startsAt'));
    expect(dateTime.map((m) => m.text)).toEqual([`/body/startsAt ${formatPhrases['date-time']}`]);
  });

  it('collects every URL-policy refusal', async () => {
    const hosts = [
      '127.0.0.1',
      '127.1',
      '0x7f000001',
      'localhost',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[fd00:ec2::254]',
      '[fe80::1]',
      '[64:ff9b::a9fe:a9fe]',
      '[fc00::1]',
      '[::]',
      '0.0.0.0',
      '10.0.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.0.1',
      '224.0.0.1',
      '255.255.255.255',
      'metadata.google.internal',
      '[::127.0.0.1]',
      '192.0.2.10',
      '240.0.0.1',
    ];
    for (const host of hosts) {
      const result = await checkTargetUrl(`http://${host}:4000/x`, { allow: [] }, async () => []);
      expect(result.ok, host).toBe(false);
      if (!result.ok) add(`URL on ${host}`, `/body/url ${urlRefusal(result)}`, /ALLOW_PRIVATE_TARGETS=\S+|never allowed/);
    }
  });

  it('collects the validation sentence of every keyword, pattern and format', () => {
    for (const phrase of [...Object.values(patternPhrases), ...Object.values(formatPhrases)])
      add('a spec pattern or format', `/body/x ${phrase}`);
    const params: Record<string, Record<string, unknown>> = {
      type: { type: 'integer' },
      minimum: { limit: 1 },
      maximum: { limit: 100 },
      exclusiveMinimum: { limit: 0 },
      exclusiveMaximum: { limit: 10 },
      multipleOf: { multipleOf: 5 },
      minLength: { limit: 3 },
      maxLength: { limit: 100 },
      minItems: { limit: 1 },
      maxItems: { limit: 50 },
      minProperties: { limit: 1 },
      maxProperties: { limit: 9 },
      uniqueItems: {},
      enum: { allowedValues: ['a', 'b'] },
      const: { allowedValue: 'x' },
      format: { format: 'email' },
      pattern: { pattern: '^[a-z]+\\d{2,}$' },
      oneOf: {},
      anyOf: {},
      not: {},
    };
    for (const [keyword, p] of Object.entries(params))
      add(
        `keyword ${keyword}`,
        `/body/x ${describeAjvError({ keyword, params: p, instancePath: '/x', message: `must match pattern "${String(p.pattern)}"` })}`,
      );
  });

  it('collects every configuration error of the server', () => {
    const bad = {
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      ADMIN_API_KEY: 'hunter2',
      ALLOW_PRIVATE_TARGETS: 'localhost',
      RESPONSE_VALIDATION: 'loud',
      LOG_LEVEL: 'chatty',
      PUBLIC_BASE_URL: 'ftp://x',
      METRICS_TOKEN: 'short',
      DELIVERY_SCHEDULE_MS: 'soon',
    };
    let error: unknown;
    try {
      loadConfig(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.length).toBeGreaterThanOrEqual(Object.keys(bad).length);
    for (const problem of problems) add('server configuration', problem, /must|e\.g\.|leave it unset/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const signingKeys = [
      { SIGNING_KEY: 'hunter2' },
      { SIGNING_KEY: 'whsk_c2hvcnQ=' },
      { SIGNING_KEY: rsa },
      { SIGNING_KEY: '-----BEGIN PRIVATE KEY-----\nxx\n-----END PRIVATE KEY-----' },
      { SIGNING_KEY_FILE: '/nonexistent/key.pem' },
      { SIGNING_KEY: 'x', SIGNING_KEY_FILE: 'y' },
    ];
    for (const env of signingKeys) {
      try {
        loadConfig(env);
      } catch (e) {
        for (const problem of (e as ConfigError).problems) add(`server configuration ${Object.keys(env).join(', ')}`, problem, /must/);
        continue;
      }
      throw new Error(`loadConfig took ${JSON.stringify(env).slice(0, 60)}`);
    }
  });

  it('collects the errors of both CLIs and the scaffold', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/webhooks/stockUpdate`;
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const receiverCases = [
      ['launch'],
      ['init'],
      ['init', 'a', 'b'],
      ['trigger', 'a', 'b'],
      ['init', 'x', '--frobnicate'],
      ['trigger'],
      ['trigger', 'stockUpdate'],
      ['trigger', 'stockUpdate', '--url'],
      ['trigger', 'stockUpdate', '--url', 'x', '--secret', secret],
      ['trigger', 'stockUpdate', '--url', closed],
      ['trigger', 'stockUpdate', '--url', closed, '--secret', secret],
      ['trigger', 'stockUpdate', '--url', closed, '--secret', 'hun!ter2'],
      ['trigger', 'stockupdate', '--url', closed, '--secret', secret],
      ['trigger', 'stockUpdate', '--url', closed, '--secret', secret, '--kind', 'both'],
      ['trigger', 'stockUpdate', '--url', closed, '--secret', secret, '--attempt', 'x'],
      ['trigger', 'stockUpdate', '--url', closed, '--secret', secret, '--payload', '/nonexistent/file'],
      ['listen'],
      ['listen', '--target', 'reg_x'],
      ['listen', '--target', 'reg_x', '--forward-to', 'localhost:4000'],
      ['listen', '--target', 'reg_x', '--forward-to', closed, '--api-key', 'cn_x', '--max-messages', '0'],
    ];
    for (const args of receiverCases) {
      const { code, first } = await captured(() => receiverCli(args));
      expect(code, args.join(' ')).toBeGreaterThan(0);
      add(
        `clubnotify-receiver ${args.join(' ')}`,
        first,
        /--help|Give |must be|give |Is the |the commands are|Events:|such as|no such file|as shown when|quote |at a time/,
      );
    }
    const serverCases = [
      ['launch'],
      ['start', 'now'],
      ['create-key'],
      ['create-key', '--scope', 'root', '--name', 'x'],
      ['create-key', '--scope', 'admin'],
      ['create-key', '--scope'],
      ['create-key', '--bogus'],
      ['revoke-key'],
      ['revoke-key', 'nope'],
      ['revoke-key', 'key_a', 'key_b'],
      ['revoke-key', '--all'],
    ];
    for (const args of serverCases) {
      const { code, first } = await captured(() => serverCli(args, {}));
      expect(code, args.join(' ')).toBe(2);
      add(
        `clubnotify-server ${args.join(' ')}`,
        first,
        /--help|Give |must be|configure it|the commands are|key ids look like|one at a time/,
      );
    }
    for (const env of [{}, { WEBHOOK_SECRET: 'hunter2' }, { WEBHOOK_SECRET: 'whsec_...' }, { WEBHOOK_SECRET: secret, PORT: 'abc' }]) {
      let message = '';
      try {
        readServerEnv(env);
      } catch (error) {
        message = (error as Error).message;
      }
      add(`scaffold start-up with ${JSON.stringify(env)}`, message, /set WEBHOOK_SECRET|PORT must be/);
    }
  });

  it('finds no message that breaks a rule', () => {
    const distinct = new Map(messages.map((m) => [`${m.text}|${String(m.fix)}`, m]));
    const failures = [...distinct.values()].flatMap((m) => broken(m).map((why) => `${m.where}: "${m.text}" ${why}`));
    expect(distinct.size).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});

describe('the rules themselves', () => {
  it.each([
    ['a regular expression', 'must match pattern "^(19\\d\\d|[2-8]\\d\\d\\d)$"', 'shows a regular expression'],
    ['a stack trace', 'fetch failed\n    at node:internal/deps/undici:13502:13', 'has a stack trace'],
    [
      'an unbalanced parseArgs message',
      "Unknown option '--foo'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--foo\"",
      'has an unbalanced quote',
    ],
    ['a wrong article', '::1 is a unspecified address', 'reads badly (spacing or an article)'],
    ['another wrong article', 'an loopback address', 'reads badly (spacing or an article)'],
    ['a missing fix', 'fetch failed', 'does not say what to do'],
  ])('catches %s', (_name, text, why) => {
    const problems = broken({ where: 'example', text, fix: /Is the / }, 120);
    expect(problems.some((p) => p.startsWith(why))).toBe(true);
  });
});

/** Runs a CLI in this process, returning everything it printed, stdout and stderr, in order. */
async function printed(run: () => Promise<number>): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const push = (...args: unknown[]) => void lines.push(args.join(' '));
  const error = vi.spyOn(console, 'error').mockImplementation(push);
  const log = vi.spyOn(console, 'log').mockImplementation(push);
  try {
    return { code: await run(), lines };
  } finally {
    error.mockRestore();
    log.mockRestore();
  }
}

// Texts a newcomer met that were wrong or unhelpful (issue 48 item 5), pinned.
describe('what a newcomer reads', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dbFactories()[0]!);
  });
  afterAll(() => s?.close());

  it('trigger without an event lists every event of the spec, not two of them', async () => {
    const { first } = await captured(() =>
      receiverCli(['trigger', '--url', 'http://localhost:4000/', '--secret', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw']),
    );
    expect(first).toBe(
      `Give the event to send: a webhook (${webhookNames.join(', ')}) or, with --kind callback, a callback (${callbackNames.join(', ')}).`,
    );
    expect(webhookNames.length).toBeGreaterThan(2);
  });

  it('gives one admin key rule and one example everywhere, and the example, pasted into a shell, is a key the server takes', async () => {
    const problems = (() => {
      try {
        loadConfig({ ADMIN_API_KEY: 'hunter2' });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      `ADMIN_API_KEY must be 'cn_' and at least 20 base64url characters (make one with \`clubnotify-server create-key\`, or ADMIN_API_KEY=${ADMIN_KEY_EXAMPLE}).`,
    ]);
    expect(NO_ADMIN_KEY[0]).toBe(
      `  no admin key yet: restart with ADMIN_API_KEY=${ADMIN_KEY_EXAMPLE} (cn_ and at least 20 base64url characters),`,
    );
    const { stdout } = await promisify(execFile)('sh', ['-c', `printf %s ${ADMIN_KEY_EXAMPLE}`]);
    expect(stdout).toMatch(apiKeyPattern);
    expect(stdout).toMatch(/^cn_[A-Za-z0-9_-]{43}$/);
  });

  it('listen says the server refused an unknown target, and prints no Listening line before it', async () => {
    const { code, lines } = await printed(() =>
      receiverCli([
        'listen',
        '--target',
        'reg_nope',
        '--forward-to',
        'http://127.0.0.1:1/hook',
        '--server',
        s.url,
        '--api-key',
        s.aliceKey,
      ]),
    );
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The server refused: 404 /);
  });

  it('listen at a wrong --server says once where it tries, that it keeps trying, and until when', async () => {
    const server = `http://127.0.0.1:${await freePort()}`;
    const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;
    const shim = join(repoRoot, 'packages/receiver/bin/clubnotify-receiver.js');
    const child = spawn(
      process.execPath,
      ['--conditions=clubnotify-source', '--import', tsx, shim, 'listen', '--target', 'reg_x', '--forward-to', 'http://127.0.0.1:1/hook'],
      { env: { ...process.env, CLUBNOTIFY_SHIM_SOURCE: '1', CLUBNOTIFY_URL: server, CLUBNOTIFY_API_KEY: 'cn_someKeyOfTwentyChars00' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The first retry is said at once; a second reason line would come only if the reason changed.
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d;
        if (stderr.includes('\n')) resolve();
      }),
    );
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot reach the server at ${server} (ECONNREFUSED). Is it running, and is --server (or CLUBNOTIFY_URL) its address? Trying again in 500 ms, then less often (every 10 s at most), until Ctrl-C.`,
    ]);
    expect(stdout).not.toMatch(/Listening/);
  });

  it('a DATABASE_URL naming a database the PostgreSQL server lacks says how to create it', () => {
    const error = Object.assign(new Error('database "clubnotify" does not exist'), { code: '3D000' });
    expect(startFailure(error, { port: 3000, databaseUrl: 'postgres://app@db.internal:5433/clubnotify' })).toBe(
      'database "clubnotify" does not exist on the PostgreSQL server of DATABASE_URL; create it with `createdb -h db.internal -p 5433 -U app clubnotify`, or point DATABASE_URL at one that exists.',
    );
  });

  it.skipIf(!process.env.DATABASE_URL)('npm start says so for a real PostgreSQL server, in one line', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/cn_missing_${randomBytes(4).toString('hex')}`;
    const { code, lines } = await printed(() =>
      startServerCli({ DATABASE_URL: url.href, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
    );
    expect(code).toBe(1);
    expect(lines).toEqual([
      `clubnotify server did not start: database "${url.pathname.slice(1)}" does not exist on the PostgreSQL server of DATABASE_URL; create it with \`createdb -h ${url.hostname}${url.port ? ` -p ${url.port}` : ''}${url.username ? ` -U ${url.username}` : ''} ${url.pathname.slice(1)}\`, or point DATABASE_URL at one that exists.`,
    ]);
  });
});
