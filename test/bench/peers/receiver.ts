import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message's arrival: when, and which event of the round (the drink's stock carries it). */
export interface Arrival {
  at: number;
  event: number;
}

/** The loopback receiver every contender delivers to; answers 200 to each attempt. */
export function receiver() {
  let arrivals = new Map<string, Arrival>();
  let expected = Infinity;
  let complete: (() => void) | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.headers['webhook-id'] as string;
      if (!arrivals.has(id)) {
        arrivals.set(id, {
          at: performance.now(),
          event: (JSON.parse(Buffer.concat(chunks).toString()) as { drink: { stock: number } }).drink.stock,
        });
        if (arrivals.size >= expected) complete?.();
      }
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  return {
    server,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    /** Resolves with this round's arrivals once `count` distinct message ids have come. */
    expect(count: number, timeoutMs: number): Promise<Map<string, Arrival>> {
      arrivals = new Map();
      expected = count;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${arrivals.size} of ${count} arrived in ${timeoutMs} ms`)), timeoutMs);
        complete = () => (clearTimeout(timer), resolve(arrivals));
      });
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export type Receiver = ReturnType<typeof receiver>;
