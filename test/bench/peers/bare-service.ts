/**
 * The baseline: no queue, no persistence. `POST /stockChanges` sends the event's messages
 * straight away (one per registration, the same signing code) through a shared pool of
 * `inflight` senders, and answers at once; `POST /setup` as for the peers.
 */
import { Agent } from 'undici';
import { sendSigned, stockUpdateBody, type Registration } from './message.js';
import { serve } from './service.js';

let registrations: Registration[] = [];
let agent: Agent | undefined;
let limit = 1;
let active = 0;
let seq = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<void> {
  if (active < limit) {
    active++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else active--;
}

await serve({
  async setup(next, inflight) {
    await agent?.close();
    registrations = next;
    limit = inflight;
    agent = new Agent({ connections: inflight });
  },
  async publish(change) {
    const body = stockUpdateBody(change);
    const event = seq++;
    const sender = agent!;
    for (const r of registrations) {
      void slot().then(async () => {
        try {
          await sendSigned(sender, r.url, r.secret, `msg_bare_${process.pid}_${event}_${r.id}`, 1, body);
        } catch {
          // The receiver always answers 200 in the bench; nothing to retry here.
        } finally {
          release();
        }
      });
    }
    return body;
  },
  async close() {
    await agent?.close();
  },
});
