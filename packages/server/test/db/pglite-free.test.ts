import { describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../support/migrated-pglite.js';

describe('the embedded database is free', () => {
  it('at once when nothing is out; otherwise once the statements sent before have finished, not those sent after', async () => {
    const db = await openMigratedPglite();
    try {
      await db.free!();
      const order: string[] = [];
      const before = db.query('SELECT pg_sleep(0.05)').then(() => order.push('before'));
      const free = db.free!().then(() => order.push('free'));
      const after = db.query('SELECT pg_sleep(0.05)').then(() => order.push('after'));
      await Promise.all([before, free, after]);
      expect(order).toEqual(['before', 'free', 'after']);
      await db.free!();
    } finally {
      await db.close();
    }
  });
});
