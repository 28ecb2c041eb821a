import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { signPayload, signsV1a } from '../../../src/delivery/send/sign.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;

describe('signPayload', () => {
  it('matches the standardwebhooks library byte for byte', () => {
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const body = 'Jazz night, 21:00, €12 — "quoted" and\nmultiline';
    const ours = signPayload(secret, 'msg_abc123', now.getTime() / 1000, body);
    expect(ours).toBe(new Webhook(secret).sign('msg_abc123', now, body));
  });

  it('produces a signature the standardwebhooks verifier accepts', () => {
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ drink: { id: 'd1' }, ingredient: { id: 'i1' } });
    const headers = { 'webhook-id': 'msg_x', 'webhook-timestamp': String(ts), 'webhook-signature': signPayload(secret, 'msg_x', ts, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is rejected when one byte of the body changes', () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_x',
      'webhook-timestamp': String(ts),
      'webhook-signature': signPayload(secret, 'msg_x', ts, 'hello'),
    };
    expect(() => new Webhook(secret).verify('hellO', headers)).toThrow();
  });
});

describe('signPayload with v1a', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = { kid: 'key_t', privateKey };

  it('signs {id}.{timestamp}.{body} with ed25519 after the HMAC entries, in the order of the signers', () => {
    const header = signPayload(`${secret} v1a`, 'msg_x', 1700000000, 'body');
    expect(header.split(' ')).toHaveLength(1); // no key: no v1a entry
    const both = signPayload(`${secret} v1a`, 'msg_x', 1700000000, 'body', key).split(' ');
    expect(both[0]).toBe(signPayload(secret, 'msg_x', 1700000000, 'body'));
    expect(both[1]).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
    expect(verify(null, Buffer.from('msg_x.1700000000.body'), publicKey, Buffer.from(both[1]!.slice(4), 'base64'))).toBe(true);
  });

  it('tells a target whose signers include v1a', () => {
    expect([signsV1a('v1a'), signsV1a(`${secret} v1a`), signsV1a(secret), signsV1a(`${secret} ${secret}`)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
