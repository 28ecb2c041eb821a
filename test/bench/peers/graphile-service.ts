/**
 * graphile-worker peer: one `addJobs` per publish (one statement calling `add_jobs`, one
 * commit), a runner with `concurrency` = the form's in-flight limit and its batching
 * options (local queue, batched completion, prepared statements). DATABASE_URL names a
 * scratch database.
 */
import { Logger, makeWorkerUtils, run, type Runner, type Task } from 'graphile-worker';
import pg from 'pg';
import { Agent } from 'undici';
import { sendSigned, stockUpdateBody, type Registration, type StockChange } from './message.js';
import { serve } from './service.js';

interface Data {
  messageId: string;
  targetId: string;
  url: string;
  body: string;
}

// Per-job log lines would cost the peer CPU that ours does not spend.
const quiet = new Logger(() => () => {});
const pgPool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 12 });
const utils = await makeWorkerUtils({ pgPool, logger: quiet });
await utils.migrate();
const secrets = new Map<string, string>();
let registrations: Registration[] = [];
let runner: Runner | undefined;
let agent: Agent | undefined;
let seq = 0;

await serve({
  async setup(next, inflight) {
    await runner?.stop();
    await agent?.close();
    registrations = next;
    for (const r of next) secrets.set(r.id, r.secret);
    const sender = new Agent({ connections: inflight });
    agent = sender;
    const send: Task = async (payload, helpers) => {
      const data = payload as Data;
      await sendSigned(sender, data.url, secrets.get(data.targetId)!, data.messageId, helpers.job.attempts, data.body);
    };
    runner = await run({
      pgPool,
      concurrency: inflight,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList: { send },
      preset: {
        worker: {
          preparedStatements: true,
          localQueue: { size: inflight + 1 },
          completeJobBatchDelay: 5,
          failJobBatchDelay: 5,
        },
      },
      logger: quiet,
    });
  },
  async publish(change: StockChange) {
    const body = stockUpdateBody(change);
    const event = seq++;
    await utils.addJobs(
      registrations.map((r) => ({
        identifier: 'send',
        payload: { messageId: `msg_gw_${process.pid}_${event}_${r.id}`, targetId: r.id, url: r.url, body } satisfies Data,
        maxAttempts: 5,
      })),
    );
    return body;
  },
  async close() {
    await runner?.stop();
    await utils.release();
    await pgPool.end();
    await agent?.close();
  },
});
