import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import {
  allowedLoopback,
  allowFix,
  checkAddress,
  reservedName,
  resolvedReason,
  systemLookup,
  type LookupFn,
  type UrlPolicy,
} from './url-policy.js';

/** A connection refused by the URL policy; its message names the address and why. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(reason: string) {
    super(`blocked address: ${reason}`);
    this.name = 'BlockedAddressError';
  }
}

function withFix(reason: string, fix: string | undefined): string {
  return fix ? `${reason}; ${fix}` : reason;
}

export interface GuardedAgentOptions {
  policy: UrlPolicy;
  /** Resolves names at connect time; injectable so tests can simulate DNS rebinding. */
  lookup?: LookupFn;
  /** Connections kept per origin. */
  connections?: number;
  connectTimeoutMs?: number;
}

/**
 * An undici Agent that resolves every name itself at connect time, checks each address
 * with {@link checkAddress} and dials only checked addresses, so a name that changes
 * after registration cannot reach a private address. IP literals are checked too.
 */
export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const { policy } = options;
  const resolve = options.lookup ?? systemLookup;

  const lookup: LookupFunction = (hostname, dnsOptions, callback) => {
    const family = typeof dnsOptions === 'object' ? dnsOptions.family : dnsOptions;
    const wanted = family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : (family ?? 0);
    const reserved = reservedName(hostname);
    if (reserved && 'blocked' in reserved) return callback(new BlockedAddressError(reserved.blocked), '', 4);
    (reserved ? Promise.resolve(reserved.addresses) : resolve(hostname)).then(
      (found) => {
        const candidates = reserved ? allowedLoopback(found, policy) : found;
        const addresses = candidates.filter((a) => wanted === 0 || a.family === wanted);
        if (reserved && candidates.length === 0)
          return callback(
            new BlockedAddressError(withFix(`${hostname} is this machine's loopback`, allowFix(['127.0.0.1/32', '::1/128']))),
            '',
            4,
          );
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
        for (const { address } of addresses) {
          const verdict = checkAddress(address, policy);
          if (!verdict.ok)
            return callback(new BlockedAddressError(withFix(resolvedReason(hostname, address, verdict), verdict.fix)), '', 4);
        }
        if (typeof dnsOptions === 'object' && dnsOptions.all) {
          (callback as unknown as (err: null, all: Array<{ address: string; family: number }>) => void)(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };

  const connector = buildConnector({ lookup, timeout: options.connectTimeoutMs ?? 10_000 } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (opts, callback) => {
    const host = opts.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host)) {
      const verdict = checkAddress(host, policy);
      if (!verdict.ok) return callback(new BlockedAddressError(withFix(verdict.reason, verdict.fix)), null);
    }
    connector(opts, callback);
  };
  return new Agent({ connect, connections: options.connections ?? null, keepAliveTimeout: 4_000 });
}
