import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The kernel's ephemeral range (`ip_local_port_range`, 32768-60999 by default), from which
 * `listen(0)` and every outgoing connection take their port. A port from there that was free a
 * moment ago can be taken by a parallel test before the child process told to use it binds
 * it: by a `listen(0)` (odd ports), or by an outgoing connection, which holds its port for a
 * minute more in TIME_WAIT (even ports), and either makes the child's bind fail with EADDRINUSE.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low!, high!];
  } catch {
    // Not Linux: assume the Linux default.
  }
  return [32768, 60999];
}

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // No host: `::` (IPv4 too) where there is IPv6, so a listener on any loopback address is seen.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive ports, free now, for a child process to listen on: outside the ephemeral
 * range, so nothing else on the machine gets them without asking for them by number, and drawn
 * at random, so parallel callers rarely draw the same.
 */
export async function freePort(count = 1): Promise<number> {
  const [low, high] = ephemeralRange();
  // Below the range when there is room for 10,000 ports there, otherwise above it.
  const [first, last] = low - 10_000 > 1024 ? [low - 10_000, low - count] : [high + 1, 65536 - count];
  if (last < first) throw new Error(`no room outside the ephemeral port range ${low}-${high}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = first + Math.floor(Math.random() * (last - first + 1));
    let free = true;
    for (let i = 0; i < count && free; i++) free = await listenable(port + i);
    if (free) return port;
  }
  throw new Error(`no ${count} free consecutive ports in ${first}-${last + count - 1}`);
}
