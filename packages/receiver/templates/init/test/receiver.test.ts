import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { triggerEvent } from '@clubnotify/receiver';
import { createReceiverServer } from '../src/receiver.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const server = createReceiverServer({ secret });
let base = '';

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

for (const [kind, event] of [['webhook', 'concertAlert'], ['webhook', 'stockUpdate'], ['callback', 'concertAlert']] as const) {
  test(`answers 200 to a signed ${kind} ${event}`, async () => {
    const result = await triggerEvent({ kind, event, url: `${base}/${kind}s/${event}`, secret });
    assert.equal(result.status, 200);
    assert.deepEqual(result.problems, []);
  });
}

test('refuses a message signed with another secret', async () => {
  const other = `whsec_${randomBytes(32).toString('base64')}`;
  const result = await triggerEvent({ event: 'stockUpdate', url: `${base}/webhooks/stockUpdate`, secret: other });
  assert.equal(result.status, 401);
});
