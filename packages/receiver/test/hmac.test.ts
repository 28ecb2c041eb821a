import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, constantTimeEqualAt, HmacSha256Key } from '../src/hmac.js';

function reference(key: Uint8Array, id: string, timestamp: number, body: Uint8Array): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

describe('HmacSha256Key (pads computed once, node:crypto one-shot hashes)', () => {
  it('matches node:crypto for every body length across several blocks, and keys of every size', () => {
    for (const keyLength of [1, 24, 32, 63, 64, 65, 200]) {
      const key = randomBytes(keyLength);
      const hmac = new HmacSha256Key(key);
      for (let length = 0; length < 300; length++) {
        const body = randomBytes(length);
        const id = `msg_${'x'.repeat(length % 70)}`;
        expect(hmac.sign(id, 1_700_000_000 + length, body)).toEqual(reference(key, id, 1_700_000_000 + length, body));
      }
    }
  });

  it('matches node:crypto for a body larger than its reused buffer, then for a small one again', () => {
    const key = randomBytes(32);
    const hmac = new HmacSha256Key(key);
    const large = randomBytes(200_000);
    expect(hmac.sign('msg_large', 1, large)).toEqual(reference(key, 'msg_large', 1, large));
    const small = randomBytes(10);
    expect(hmac.sign('msg_small', 2, small)).toEqual(reference(key, 'msg_small', 2, small));
  });

  it('matches node:crypto for a size it signed before its buffer grew, and for sizes past its cache of views', () => {
    const key = randomBytes(32);
    const hmac = new HmacSha256Key(key);
    const bodies = Array.from({ length: 150 }, (_, i) => randomBytes(i * 3));
    for (const body of bodies) expect(hmac.sign('msg_view', 7, body)).toEqual(reference(key, 'msg_view', 7, body));
    const large = randomBytes(5000);
    expect(hmac.sign('msg_view', 7, large)).toEqual(reference(key, 'msg_view', 7, large));
    for (const body of bodies) expect(hmac.sign('msg_view', 7, body)).toEqual(reference(key, 'msg_view', 7, body));
  });

  it('signs a subarray of a larger buffer by its own bytes', () => {
    const key = randomBytes(32);
    const whole = randomBytes(500);
    const part = whole.subarray(37, 290);
    expect(new HmacSha256Key(key).sign('msg_part', 3, part)).toEqual(reference(key, 'msg_part', 3, part));
  });

  it('gives the same signature in base64 as createHmac, padded', () => {
    const key = randomBytes(32);
    const hmac = new HmacSha256Key(key);
    for (const length of [0, 1, 170, 1500]) {
      const body = randomBytes(length);
      expect(hmac.signBase64('msg_b64', 5, body)).toBe(reference(key, 'msg_b64', 5, body).toString('base64'));
    }
  });
});

describe('constantTimeEqual', () => {
  it('is true for equal strings only', () => {
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('abc=', 'abc=')).toBe(true);
    expect(constantTimeEqual('abc=', 'abd=')).toBe(false);
    expect(constantTimeEqual('abc', 'abc=')).toBe(false);
    expect(constantTimeEqual('Abc=', 'abc=')).toBe(false);
  });
});

describe('constantTimeEqualAt', () => {
  it('compares the first string from the offset on with the second', () => {
    expect(constantTimeEqualAt('v1,abc=', 3, 'abc=')).toBe(true);
    expect(constantTimeEqualAt('v1,abc=', 3, 'abd=')).toBe(false);
    expect(constantTimeEqualAt('v1,abc=', 3, 'abc')).toBe(false);
    expect(constantTimeEqualAt('v1,abc=', 2, 'abc=')).toBe(false);
    expect(constantTimeEqualAt('v1,', 3, '')).toBe(true);
  });
});
