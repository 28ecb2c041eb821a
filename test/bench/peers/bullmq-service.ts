/**
 * BullMQ peer: one Queue.addBulk per publish (a MULTI; with `appendfsync always` Redis
 * fsyncs it before answering), a Worker with `concurrency` = the form's in-flight limit that
 * signs and POSTs. Run as a child process: REDIS_URL names the Redis.
 */
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { Agent } from 'undici';
import { sendSigned, stockUpdateBody, type Registration, type StockChange } from './message.js';
import { serve } from './service.js';

interface Data {
  messageId: string;
  targetId: string;
  url: string;
  body: string;
}

// BullMQ 6 leaves the client to us: ioredis, as its documentation shows.
const connect = () => new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
const queue = new Queue<Data>('deliveries', { connection: connect() });
const secrets = new Map<string, string>();
let registrations: Registration[] = [];
let worker: Worker<Data> | undefined;
let agent: Agent | undefined;
let seq = 0;

await serve({
  async setup(next, inflight) {
    await worker?.close();
    await agent?.close();
    registrations = next;
    for (const r of next) secrets.set(r.id, r.secret);
    const sender = new Agent({ connections: inflight });
    agent = sender;
    worker = new Worker<Data>(
      'deliveries',
      (job: Job<Data>) =>
        sendSigned(sender, job.data.url, secrets.get(job.data.targetId)!, job.data.messageId, job.attemptsMade + 1, job.data.body),
      { connection: connect(), concurrency: inflight },
    );
  },
  async publish(change: StockChange) {
    const body = stockUpdateBody(change);
    const event = seq++;
    await queue.addBulk(
      registrations.map((r) => ({
        name: 'stockUpdate',
        data: { messageId: `msg_bull_${process.pid}_${event}_${r.id}`, targetId: r.id, url: r.url, body },
        opts: { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: 1000 },
      })),
    );
    return body;
  },
  async close() {
    await worker?.close();
    await queue.close();
    await agent?.close();
  },
});
