import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Caps and timeouts of the HTTP server's connections (MAX_CONNECTIONS, …; see the package README). */
export interface ConnectionLimits {
  /** Open connections in all; keep it well below `ulimit -n` (the database and deliveries need descriptors too). */
  maxConnections: number;
  /** Open connections per client address (per /64 for IPv6). */
  maxConnectionsPerAddress: number;
  /** Time to receive the complete request headers, counted from the connection (or the previous request). */
  headersTimeoutMs: number;
  /** Time to receive the complete request, body included. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  maxConnections: 4_096,
  maxConnectionsPerAddress: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/** What the guard did since the start, for logs and tests. */
export interface ConnectionStats {
  open: number;
  refused: number;
  evicted: number;
}

/**
 * An HTTP server whose timeouts close connections that never send a complete request, and
 * whose connection count is capped globally and per address (see `guardConnections`).
 */
export function createGuardedServer(
  handler: RequestListener,
  limits: ConnectionLimits,
  onShed?: (stats: ConnectionStats, address: string) => void,
): Server & { connectionStats(): ConnectionStats } {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  const server = createServer(
    // Node checks the two timeouts every `connectionsCheckingInterval` (30 s by default, far too coarse here).
    { headersTimeout, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: Math.min(1_000, headersTimeout) },
    handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const stats = guardConnections(server, limits, onShed);
  return Object.assign(server, { connectionStats: stats });
}

/** Connections of one client address; `unproven` (oldest first) have not sent a complete request yet. */
interface Peer {
  key: string;
  count: number;
  unproven: Set<Socket>;
}

/** A warning at most every 10 s while connections are refused or closed over the caps. */
export function shedLogger(logger: { warn(obj: object, msg: string): void }): (stats: ConnectionStats, address: string) => void {
  let last = 0;
  return (stats, address) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    logger.warn({ ...stats, address }, 'connection cap reached: refusing or closing idle connections');
  };
}

/** IPv4 (also IPv4-mapped) per address, IPv6 per /64: one host usually owns a whole /64. */
export function peerKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

/**
 * Over a cap, the oldest connection that has not sent a complete request yet (from the
 * address over its cap, or the address holding the most connections when the server is
 * full) is closed to make room; when there is none, the new connection is refused at once.
 * So a flood of idle or trickling sockets cannot lock out a new client, `/healthz` included,
 * and busy connections are never cut.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  onShed?: (stats: ConnectionStats, address: string) => void,
): () => ConnectionStats {
  const peers = new Map<string, Peer>();
  const owner = new Map<Socket, Peer>();
  const stats: ConnectionStats = { open: 0, refused: 0, evicted: 0 };

  const release = (socket: Socket) => {
    const peer = owner.get(socket);
    if (!peer) return;
    owner.delete(socket);
    peer.unproven.delete(socket);
    stats.open--;
    if (--peer.count === 0) peers.delete(peer.key);
  };
  const evictOldest = (peer: Peer | undefined): boolean => {
    const victim = peer?.unproven.values().next().value;
    if (!victim) return false;
    release(victim);
    victim.destroy();
    stats.evicted++;
    return true;
  };
  const heaviest = (): Peer | undefined => {
    let top: Peer | undefined;
    for (const peer of peers.values()) if (!top || peer.count > top.count) top = peer;
    return top;
  };

  server.on('connection', (socket: Socket) => {
    const key = peerKey(socket.remoteAddress);
    const peer = peers.get(key) ?? { key, count: 0, unproven: new Set<Socket>() };
    const shedBefore = stats.evicted + stats.refused;
    const roomForPeer = peer.count < limits.maxConnectionsPerAddress || evictOldest(peer);
    const room = roomForPeer && (stats.open < limits.maxConnections || evictOldest(heaviest()));
    if (!room) {
      stats.refused++;
      socket.destroy();
    }
    if (stats.evicted + stats.refused > shedBefore) onShed?.(stats, key);
    if (!room) return;
    if (peer.count === 0) peers.set(key, peer);
    peer.count++;
    peer.unproven.add(socket);
    owner.set(socket, peer);
    stats.open++;
    // Node's headersTimeout skips a connection that has sent nothing at all; this covers it.
    const deadline = setTimeout(() => peer.unproven.has(socket) && socket.destroy(), limits.headersTimeoutMs).unref();
    socket.once('close', () => {
      clearTimeout(deadline);
      release(socket);
    });
  });
  server.on('request', (req: { socket: Socket }) => owner.get(req.socket)?.unproven.delete(req.socket));
  return () => ({ ...stats });
}
