import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver } from '../src/index.js';
import { flawedReceiver } from './flawed-receiver.js';
import { events } from '@clubnotify/spec';
import {
  ed25519Key,
  everyHandler,
  listen,
  ORDERING_RULES,
  OTHER_SECRET,
  RECEIVER_RULES,
  RULES_PER_EVENT,
  SECRET,
  type Listening,
} from './helpers.js';
import { freePort } from '../../../test/free-port.js';
import { runBuilt, type BinRun } from '../../../test/built-bin.js';

const KEY = ed25519Key('key_current');
const V1A_NEEDS = '--signature v1a needs --signing-key (whsk_...) and --key-id: a key the receiver trusts, and its id.';
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The committed bin shim on the kit's fresh build, as a user runs it. */
const receiverCli = (args: string[]): Promise<BinRun> => runBuilt('receiver', args, { cwd: packageDir });

let kit: Listening;
beforeAll(async () => {
  const handler = () => undefined;
  const receiver = createReceiver({
    secrets: [SECRET, OTHER_SECRET],
    logger: { error: () => undefined },
    handlers: everyHandler(handler),
  });
  kit = await listen(createNodeHandler(receiver));
});
afterAll(() => kit.close());

describe('clubnotify-receiver trigger --suite', () => {
  it('prints a pass line per rule and exits 0 against a receiver made with this kit', async () => {
    const { code, stdout } = await receiverCli(['trigger', '--suite', kit.url, '--secret', SECRET, '--previous-secret', OTHER_SECRET]);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(
      /^ {2}pass {2}accepts the previous secret and both secrets during a rotation: signed with the previous secret 200, with both 200$/m,
    );
    expect(stdout).not.toMatch(/FAIL|skip/);
    expect(stdout).toMatch(
      new RegExp(`^${events.length * RULES_PER_EVENT + ORDERING_RULES + RECEIVER_RULES} passed, 0 failed; slowest answer \\d+ ms$`, 'm'),
    );
  });

  it('exits 1 and names the rule against a receiver that accepts stale timestamps', async () => {
    const receiver = await flawedReceiver({ anyTimestamp: true });
    try {
      const { code, stdout } = await receiverCli([
        'trigger',
        '--suite',
        receiver.url,
        '--secret',
        SECRET,
        '--event',
        'webhook.stockUpdate',
      ]);
      expect(code).toBe(1);
      expect(stdout).toMatch(
        /^ {2}FAIL {2}refuses a timestamp 330 s old \(the tolerance is 300 s\): accepted it 200; must be refused with 4xx \(the spec declares 401\)$/m,
      );
      expect(stdout).toMatch(/^14 passed, 2 failed, 1 skipped;/m);
    } finally {
      await receiver.close();
    }
  });

  it('runs the v1a rules with --signature v1a against a receiver that holds no secret, and exits 0', async () => {
    const dropped = ed25519Key('key_dropped');
    const jwks = await listen(
      (_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [KEY.jwk] })),
    );
    const receiver = createReceiver({ jwksUrl: jwks.url, logger: { error: () => undefined }, handlers: everyHandler(() => undefined) });
    const v1a = await listen(createNodeHandler(receiver));
    try {
      const { code, stdout } = await receiverCli([
        'trigger',
        '--suite',
        v1a.url,
        '--signature',
        'v1a',
        '--signing-key',
        KEY.signingKey,
        '--key-id',
        KEY.kid,
        '--dropped-signing-key',
        dropped.signingKey,
        '--dropped-key-id',
        dropped.kid,
        '--event',
        'webhook.stockUpdate',
      ]);
      expect(code, stdout).toBe(0);
      expect(stdout).toMatch(/^ {2}pass {2}refuses a key past its overlap \(one the key set no longer lists\): 401$/m);
      expect(stdout).not.toMatch(/FAIL|skip|secret/);
    } finally {
      await v1a.close();
      await jwks.close();
    }
  });

  it('runs with --signature v1,v1a against a receiver that takes either scheme, and exits 0', async () => {
    const receiver = createReceiver({
      secret: SECRET,
      publicKeys: [KEY.whpk],
      logger: { error: () => undefined },
      handlers: everyHandler(() => undefined),
    });
    const both = await listen(createNodeHandler(receiver));
    try {
      const { code, stdout } = await receiverCli([
        ...['trigger', '--suite', both.url, '--signature', 'v1,v1a', '--secret', SECRET],
        ...['--signing-key', KEY.signingKey, '--key-id', KEY.kid, '--event', 'webhook.stockUpdate'],
      ]);
      expect(code, stdout).toBe(0);
      expect(stdout).toMatch(/^ {2}pass {2}accepts both schemes in one header when either the v1 or the v1a signature is invalid/m);
      expect(stdout).toMatch(/^ {2}pass {2}refuses a v1a signature made with another key under the trusted key id/m);
      expect(stdout).not.toMatch(/FAIL/);
    } finally {
      await both.close();
    }
  });

  it('exits 1 with one line when nothing listens there', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const { code, stdout, stderr } = await receiverCli(['trigger', '--suite', url, '--secret', SECRET]);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.trim()).toBe(
      `Could not send to ${url}/webhooks/concertAlert: the connection was refused (ECONNREFUSED): nothing listens there. Is the receiver running (npm start in its folder), and is --suite its base address and port?`,
    );
  });

  it('prints its own help and exits 0', async () => {
    const { code, stdout } = await receiverCli(['trigger', '--suite', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: clubnotify-receiver trigger --suite <url> --secret <whsec_\.\.\.> \[--previous-secret/);
  });

  it.each([
    [['--suite', 'http://localhost:4000'], 'Give --secret, the whsec_... secret the receiver verifies with.'],
    [
      ['--suite', 'localhost:4000', '--secret', SECRET],
      '--suite needs the receiver\'s absolute base URL, e.g. http://localhost:4000, not "localhost:4000".',
    ],
    [
      ['stockUpdate', '--suite', 'http://localhost:4000', '--secret', SECRET],
      '--suite sends every event itself; drop stockUpdate or use --event webhook.stockUpdate.',
    ],
    [
      ['--suite', 'http://localhost:4000', '--secret', SECRET, '--secret', OTHER_SECRET],
      'Give one --secret with --suite; pass the older one of a rotation as --previous-secret.',
    ],
    [
      ['--suite', 'http://localhost:4000', '--secret', SECRET, '--event', 'webhook.stockupdate'],
      `--event webhook.stockupdate is not an event of the spec; the events are ${events.map((e) => `${e.kind}.${e.name}`).join(', ')}.`,
    ],
    [
      ['--suite', 'http://localhost:4000', '--secret', 'whsec_???'],
      '--secret: A webhook secret must be `whsec_` followed by base64, as shown when the registration was created.',
    ],
    [['--suite', 'http://localhost:4000', '--signature', 'v1a', '--key-id', 'key_1'], V1A_NEEDS],
    [
      ['--suite', 'http://localhost:4000', '--secret', SECRET, '--signing-key', KEY.signingKey],
      '--signing-key is for a v1a receiver; add --signature v1a.',
    ],
    [
      ['--suite', 'http://localhost:4000', '--signature', 'v2', '--secret', SECRET],
      '--signature must be v1, v1a or v1,v1a (both), not "v2".',
    ],
    [['--suite', 'http://localhost:4000', '--signature', 'v1,v1a', '--secret', SECRET], V1A_NEEDS.replace('v1a', 'v1,v1a')],
    [
      ['--suite', 'http://localhost:4000', '--signature', 'v1,v1a', '--signing-key', KEY.signingKey, '--key-id', 'key_1'],
      '--signature v1,v1a needs --secret (whsec_...), the secret the receiver verifies v1 with.',
    ],
    [
      ['--suite', 'http://localhost:4000', '--signature', 'v1a', '--signing-key', 'whsk_???', '--key-id', 'key_1'],
      '--signing-key: An ed25519 signing key is whsk_ and the base64 of its 32-byte seed (or of seed and public key, 64 bytes).',
    ],
    [
      [
        '--suite',
        'http://localhost:4000',
        '--signature',
        'v1a',
        '--signing-key',
        KEY.signingKey,
        '--key-id',
        'k',
        '--dropped-key-id',
        'old',
      ],
      'Give --dropped-signing-key and --dropped-key-id together: a key past its overlap, and its id.',
    ],
    [
      ['--suite', 'http://localhost:4000', '--secret', SECRET, '--kind', 'callback'],
      'trigger --suite has no option --kind; run "clubnotify-receiver trigger --suite --help" for its usage.',
    ],
  ])('answers %j with one plain line and exit 2', async (args, message) => {
    const { code, stderr } = await receiverCli(['trigger', ...args]);
    expect({ code, stderr: stderr.trim() }).toEqual({ code: 2, stderr: message });
  });
});
