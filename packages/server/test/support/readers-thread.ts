import { Worker } from 'node:worker_threads';

// The readers' thread: the given paths all at once, again and again; a refused read waits its
// Retry-After, as the SDK does. It says 'reading' after each pass and its answers when stopped.
const READERS = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, key, paths } = workerData;
let running = true;
const statuses = new Map();
parentPort.once('message', () => (running = false));
const read = async (path) => {
  const res = await fetch(base + path, { headers: { authorization: 'Bearer ' + key } });
  await res.arrayBuffer();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return res.status === 503 ? Number(res.headers.get('retry-after') ?? 1) : undefined;
};
(async () => {
  while (running) {
    const refused = (await Promise.all(paths.map(read))).find((after) => after !== undefined);
    parentPort.postMessage('reading');
    if (refused !== undefined) await new Promise((resolve) => setTimeout(resolve, refused * 1000));
  }
  parentPort.postMessage([...statuses]);
})();
`;

/** Readers that stop when asked, with how many answers of each status they got. */
export interface Readers {
  stop(): Promise<Map<number, number>>;
}

/**
 * Reads `paths` of `base` in a loop in a thread of its own, as a browser elsewhere would, so
 * the readers' own work does not run on the server's event loop. Resolves once it has read
 * once, so its start-up is not in what is measured next.
 */
export async function startReaders(base: string, key: string, paths: string[]): Promise<Readers> {
  const worker = new Worker(READERS, { eval: true, workerData: { base, key, paths } });
  const done = new Promise<Map<number, number>>((resolve, reject) => {
    worker.on('message', (message: 'reading' | Array<[number, number]>) => message !== 'reading' && resolve(new Map(message)));
    worker.once('error', reject);
  });
  await new Promise((resolve) => worker.once('message', resolve));
  return {
    async stop() {
      worker.postMessage('stop');
      const counts = await done;
      await worker.terminate();
      return counts;
    },
  };
}

/** What the console and a dashboard read: the targets view with health, the deliveries views, and one GET per target. */
export function consoleReads(registrationIds: string[]): string[] {
  return [
    '/registrations?limit=50&include=health',
    '/concertUpdates?limit=50&include=health',
    '/deliveries?limit=20',
    '/deliveries?limit=20&status=failed',
    ...registrationIds.map((id) => `/registrations/${id}`),
  ];
}
