import { describe, it } from 'vitest';
import { databaseKinds } from '../../support/delivery-support.js';
import { finishedStayOutOfTheQueue } from '../../support/finished-out-of-queue.js';

describe.each(databaseKinds())('a large history beside the queue on %s', (kind) => {
  it('keeps 20,000 finished deliveries out of the queue: the claim reads the 500 pending ones by the due index', async () => {
    await finishedStayOutOfTheQueue(kind, 20_000, 500);
    // 20,500 deliveries queued and 20,000 cancelled: 15 s at load 13, 60 s at load 30.
  }, 240_000);
});
