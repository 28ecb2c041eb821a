import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { decodeSecret, sign, signedHeaders, verify, WebhookVerificationError } from '../src/index.js';

// The published vector of the Standard Webhooks libraries (libraries/javascript/src/webhook.test.ts, "sign function works").
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  expected: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('sign', () => {
  it('reproduces the Standard Webhooks test vector byte for byte', () => {
    expect(sign(vector.secret, vector)).toBe(vector.expected);
    expect(sign(vector.secret, { ...vector, body: Buffer.from(vector.body) })).toBe(vector.expected);
    expect(sign(vector.secret, { ...vector, timestamp: new Date(vector.timestamp * 1000) })).toBe(vector.expected);
  });

  it('accepts the secret with or without the whsec_ prefix', () => {
    expect(sign(vector.secret.slice('whsec_'.length), vector)).toBe(vector.expected);
  });

  it('refuses a secret that is not base64', () => {
    expect(() => decodeSecret('whsec_not base64!')).toThrow(/whsec_/);
    expect(() => decodeSecret('')).toThrow(/required/);
  });

  it('signs with every secret given, space-separated, during rotation', () => {
    const headers = signedHeaders([vector.secret, 'whsec_c2Vjb25k'], vector);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['webhook-signature'].startsWith(`${vector.expected} v1,`)).toBe(true);
  });
});

describe('verify', () => {
  const headers = { 'webhook-id': vector.id, 'webhook-timestamp': String(vector.timestamp), 'webhook-signature': vector.expected };

  it('verifies the test vector at its own time', () => {
    expect(verify(vector.secret, headers, vector.body, { now: vector.timestamp })).toEqual({ id: vector.id, timestamp: vector.timestamp });
  });

  it('verifies the signature in another base64 spelling of the same bytes, and nothing else', () => {
    const encoded = vector.expected.slice('v1,'.length);
    const withSignature = (signature: string) => ({ ...headers, 'webhook-signature': `v1,${signature}` });
    const at = { now: vector.timestamp };
    // Unpadded, and with stray bits in the last character (base64 decoders ignore them).
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(encoded.at(-2)!);
    const stray = `${encoded.slice(0, -2)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[last ^ 1]}=`;
    for (const spelling of [encoded.replace(/=+$/, ''), stray]) {
      expect(Buffer.from(spelling, 'base64')).toEqual(Buffer.from(encoded, 'base64'));
      expect(verify(vector.secret, withSignature(spelling), vector.body, at).id).toBe(vector.id);
    }
    const flipped = `${encoded[0] === 'A' ? 'B' : 'A'}${encoded.slice(1)}`;
    for (const wrong of [flipped, flipped.replace(/=+$/, ''), encoded.slice(0, -4), `${encoded}AAAA`]) {
      expect(() => verify(vector.secret, withSignature(wrong), vector.body, at)).toThrow(WebhookVerificationError);
    }
  });

  it('refuses the right bytes in base64url, and the right signature as a v2 entry, in a header of one 47-character entry', () => {
    const at = { now: vector.timestamp };
    const url = vector.expected.replace(/\+/g, '-').replace(/\//g, '_');
    expect(url).not.toBe(vector.expected);
    expect(Buffer.from(url.slice(3), 'base64')).toEqual(Buffer.from(vector.expected.slice(3), 'base64'));
    for (const header of [url, vector.expected.replace('v1,', 'v2,'), vector.expected.replace('v1,', 'V1,')]) {
      expect(header).toHaveLength(vector.expected.length);
      expect(() => verify(vector.secret, { ...headers, 'webhook-signature': header }, vector.body, at)).toThrow(/No signature/);
    }
  });

  it('rejects the test vector once it is older than the tolerance', () => {
    expect(() => verify(vector.secret, headers, vector.body, { now: vector.timestamp + 301 })).toThrow(WebhookVerificationError);
    expect(verify(vector.secret, headers, vector.body, { now: vector.timestamp + 300 }).id).toBe(vector.id);
  });

  it('reports a missing header as a 400 and a bad signature as a 401', () => {
    const missing = (() => {
      try {
        verify(vector.secret, { ...headers, 'webhook-id': '' }, vector.body, { now: vector.timestamp });
      } catch (error) {
        return error as WebhookVerificationError;
      }
    })();
    expect(missing?.status).toBe(400);
    expect(() => verify(vector.secret, headers, `${vector.body} `, { now: vector.timestamp })).toThrow(/raw request body/);
  });
});

describe('interop with the standardwebhooks package', () => {
  const id = 'msg_interop1';
  const body = JSON.stringify({ hello: 'world', n: 1 });

  it('accepts messages signed by standardwebhooks', () => {
    const theirs = new Webhook(vector.secret);
    const timestamp = new Date();
    const signature = theirs.sign(id, timestamp, body);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(verify(vector.secret, headers, body).id).toBe(id);
  });

  it('signs messages that standardwebhooks verifies', () => {
    const headers = signedHeaders(vector.secret, { id, timestamp: new Date(), body });
    expect(new Webhook(vector.secret).verify(body, headers)).toEqual({ hello: 'world', n: 1 });
  });

  it('agrees with standardwebhooks that a tampered body fails', () => {
    const headers = signedHeaders(vector.secret, { id, timestamp: new Date(), body });
    const tampered = body.replace('world', 'wurld');
    expect(() => new Webhook(vector.secret).verify(tampered, headers)).toThrow();
    expect(() => verify(vector.secret, headers, tampered)).toThrow(WebhookVerificationError);
  });
});
