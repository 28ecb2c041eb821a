import { describe, expect, it } from 'vitest';
import { readJwksServerEnv, readServerEnv, ServerEnvError } from '../src/index.js';
import { OTHER_SECRET, SECRET } from './helpers.js';

describe('readServerEnv', () => {
  it('reads the whsec_ secret and PORT, with the default port when PORT is unset', () => {
    expect(readServerEnv({ WEBHOOK_SECRET: SECRET, PORT: '4100' })).toEqual({ secret: SECRET, secrets: [SECRET], port: 4100 });
    expect(readServerEnv({ WEBHOOK_SECRET: SECRET })).toEqual({ secret: SECRET, secrets: [SECRET], port: 4000 });
  });

  it('reads several secrets, separated by spaces or commas: one receiver for a webhook and the operational events', () => {
    expect(readServerEnv({ WEBHOOK_SECRET: `${SECRET} ${OTHER_SECRET}` }).secrets).toEqual([SECRET, OTHER_SECRET]);
    expect(readServerEnv({ WEBHOOK_SECRET: ` ${SECRET},${OTHER_SECRET}\n` }).secrets).toEqual([SECRET, OTHER_SECRET]);
  });

  const refused: Array<[string, NodeJS.ProcessEnv, RegExp]> = [
    ['no secret', {}, /^WEBHOOK_SECRET is not set; set WEBHOOK_SECRET to the "secret" \(whsec_\.\.\.\)/],
    [
      'a password instead of a secret',
      { WEBHOOK_SECRET: 'hunter2' },
      /^WEBHOOK_SECRET is not a whsec_ signing secret, so every delivery would be refused with 401/,
    ],
    ['the README placeholder', { WEBHOOK_SECRET: 'whsec_...' }, /^WEBHOOK_SECRET is not a whsec_ signing secret/],
    ['a secret too short to be a real one', { WEBHOOK_SECRET: 'whsec_aGk=' }, /^WEBHOOK_SECRET is not a whsec_ signing secret/],
    [
      'a bad second secret',
      { WEBHOOK_SECRET: `${SECRET} whsec_...` },
      /^The 2nd secret in WEBHOOK_SECRET is not a whsec_ signing secret, so every delivery would be refused with 401/,
    ],
    ['a port that is not a number', { WEBHOOK_SECRET: SECRET, PORT: 'abc' }, /^PORT must be a port number from 0 to 65535, not "abc"\.$/],
    ['a port out of range', { WEBHOOK_SECRET: SECRET, PORT: '70000' }, /^PORT must be a port number from 0 to 65535, not "70000"\.$/],
  ];
  it.each(refused)('refuses %s in one line that says what to set, never echoing the value of the secret', (_name, env, message) => {
    let error: unknown;
    try {
      readServerEnv(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ServerEnvError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).not.toContain('hunter2');
  });
});

describe('readJwksServerEnv', () => {
  const JWKS = 'https://clubnotify.example.com/.well-known/jwks.json';

  it('reads the key set URL and PORT, and needs no secret', () => {
    expect(readJwksServerEnv({ WEBHOOK_JWKS_URL: JWKS, PORT: '4100' })).toEqual({ jwksUrl: JWKS, port: 4100 });
    expect(readJwksServerEnv({ WEBHOOK_JWKS_URL: ` ${JWKS}\n` })).toEqual({ jwksUrl: JWKS, port: 4000 });
  });

  const refused: Array<[string, NodeJS.ProcessEnv, RegExp]> = [
    ['no URL', {}, /^WEBHOOK_JWKS_URL is not set; set WEBHOOK_JWKS_URL to the server's key set/],
    [
      'a whsec_ secret instead',
      { WEBHOOK_JWKS_URL: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
      /^WEBHOOK_JWKS_URL is not an http\(s\) URL/,
    ],
    ['a file URL', { WEBHOOK_JWKS_URL: 'file:///etc/jwks.json' }, /^WEBHOOK_JWKS_URL is not an http\(s\) URL/],
    ['a port out of range', { WEBHOOK_JWKS_URL: JWKS, PORT: '70000' }, /^PORT must be a port number from 0 to 65535/],
  ];
  it.each(refused)('refuses %s in one line that says what to set', (_name, env, message) => {
    expect(() => readJwksServerEnv(env)).toThrow(ServerEnvError);
    expect(() => readJwksServerEnv(env)).toThrow(message);
  });
});
