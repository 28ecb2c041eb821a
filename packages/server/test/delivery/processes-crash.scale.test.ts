import { describe, it } from 'vitest';
import { killedMidWay } from '../support/worker-processes.js';

// DELIVERY_CRASH_MESSAGES=100000 for the heavy version.
const CRASH_MESSAGES = Number(process.env.DELIVERY_CRASH_MESSAGES ?? 10_000);

describe('delivery across processes, at size', () => {
  it(`delivers every one of ${CRASH_MESSAGES} messages at least once when the worker is killed with SIGKILL mid-way (PGlite)`, async () => {
    await killedMidWay(CRASH_MESSAGES);
  }, 600_000);
});
