import { randomBytes } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { signPayload } from '../src/delivery/sign.js';

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
