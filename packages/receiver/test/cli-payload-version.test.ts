/**
 * The CLIs know payload versions (issue 47): `init --payload-version` scaffolds a receiver of
 * that version, `trigger --payload-version` sends that version's example with its
 * `webhook-version`, and `trigger --suite --payload-version` runs every case in it. Run in
 * this process (runCli) against a receiver over a real socket. Version 2 exists only in the
 * fixture 2.0.0: test/e2e/payload-versions.test.ts runs these commands there.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli.js';
import { createNodeHandler, createReceiver } from '../src/index.js';
import { everyHandler, listen, SECRET, type Listening } from './helpers.js';

/** This checkout's packages, so that init asks no registry. */
const local = ['--kit', resolve(import.meta.dirname, '..'), '--spec', resolve(import.meta.dirname, '../../spec')];
const versions: Array<string | undefined> = [];
let app: Listening;
let folder = '';
beforeAll(async () => {
  const receiver = createReceiver({
    secret: SECRET,
    payloadVersion: 1,
    logger: { error: () => undefined },
    handlers: everyHandler(() => undefined),
  });
  const handle = createNodeHandler(receiver);
  app = await listen((req, res) => {
    versions.push(req.headers['webhook-version'] as string | undefined);
    handle(req, res);
  });
  folder = await mkdtemp(join(tmpdir(), 'cn-cli-versions-'));
});
afterAll(async () => {
  await app.close();
  await rm(folder, { recursive: true, force: true });
});

/** Runs the CLI; resolves to its exit code and what it printed. */
async function cli(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  try {
    return { code: await runCli(argv), out: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('trigger --payload-version', () => {
  it("sends that version's example with its webhook-version, and the receiver of that version takes it", async () => {
    versions.length = 0;
    const sent = await cli(
      'trigger',
      'stockUpdate',
      '--url',
      `${app.url}/webhooks/stockUpdate`,
      '--secret',
      SECRET,
      '--payload-version',
      '1',
    );
    expect(sent.out).toMatch(/^webhook stockUpdate msg_\S+ \(payload version 1\) -> /);
    expect(sent.out).toContain('status 200');
    expect(sent.code).toBe(0);
    expect(versions).toEqual(['1']);
  });

  it('sends the current version, with its header, when not given', async () => {
    versions.length = 0;
    expect(
      (await cli('trigger', 'concertAlert', '--kind', 'callback', '--url', `${app.url}/callbacks/concertAlert`, '--secret', SECRET)).code,
    ).toBe(0);
    expect(versions).toEqual(['1']);
  });

  it('refuses a version the spec does not list, naming those it does (exit 2)', async () => {
    const refused = await cli(
      'trigger',
      'stockUpdate',
      '--url',
      `${app.url}/webhooks/stockUpdate`,
      '--secret',
      SECRET,
      '--payload-version',
      '2',
    );
    expect(refused).toEqual({ code: 2, out: '--payload-version must be a payload version of the spec (1), not "2".' });
  });
});

describe('trigger --suite --payload-version', () => {
  it("runs every case in the receiver's version: each request carries it but the one naming another, and every rule passes", async () => {
    versions.length = 0;
    const suite = await cli('trigger', '--suite', app.url, '--secret', SECRET, '--payload-version', '1', '--event', 'webhook.stockUpdate');
    expect(suite.out).not.toContain('FAIL');
    expect(suite.code).toBe(0);
    expect(versions.length).toBeGreaterThan(10);
    // Every case in version 1 but the rule that the receiver refuses another version's header.
    expect(versions.filter((v) => v !== '1')).toEqual(['2']);
  });

  it('refuses an unknown version before sending anything', async () => {
    versions.length = 0;
    expect(await cli('trigger', '--suite', app.url, '--secret', SECRET, '--payload-version', 'one')).toEqual({
      code: 2,
      out: '--payload-version must be a payload version of the spec (1), not "one".',
    });
    expect(versions).toEqual([]);
  });
});

describe('init --payload-version', () => {
  it('scaffolds a receiver built for that version: createReceiver, handlers and tests all name it', async () => {
    const dir = join(folder, 'v1');
    const made = await cli('init', dir, '--payload-version', '1', ...local);
    expect(made.code).toBe(0);
    expect(await readFile(join(dir, 'src/receiver.ts'), 'utf8')).toContain('    payloadVersion: 1,\n');
    expect(await readFile(join(dir, 'src/handlers/webhooks/stockUpdate.ts'), 'utf8')).toContain("WebhookHandler<'stockUpdate', 1>");
    expect(await readFile(join(dir, 'src/handlers/webhooks/circuitOpened.ts'), 'utf8')).toContain("WebhookHandler<'circuitOpened', 1>");
    const test = await readFile(join(dir, 'test/receiver.test.ts'), 'utf8');
    expect(test).toContain('const payloadVersion = 1;');
    expect(test).toContain('runSuite({ url: base, secret, payloadVersion })');
  });

  it('refuses a version the spec does not list (exit 2) and writes nothing', async () => {
    const dir = join(folder, 'v9');
    expect(await cli('init', dir, '--payload-version', '9', ...local)).toEqual({
      code: 2,
      out: '--payload-version must be a payload version of the spec (1), not "9".',
    });
    await expect(readFile(join(dir, 'package.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
