import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Where deliveries may go. */
export interface UrlPolicy {
  /** CIDRs (or single addresses) that are allowed even though private, from ALLOW_PRIVATE_TARGETS. */
  allow: string[];
  /** Refuse plain `http:` targets. */
  httpsOnly?: boolean;
}

export type PolicyResult = { ok: true } | { ok: false; reason: string };

/** Resolves a host name to every address it has. */
export type LookupFn = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** The system resolver, returning every address. */
export const systemLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

const blockedNames = new Set(['metadata.google.internal', 'metadata', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
const parsedAllow = new Map<string, [Addr, number] | null>();

/** Parses `ALLOW_PRIVATE_TARGETS` (comma or space separated CIDRs) into a policy allowlist. */
export function parseAllowList(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}

function parseCidr(cidr: string): [Addr, number] | null {
  let cached = parsedAllow.get(cidr);
  if (cached !== undefined) return cached;
  try {
    if (cidr.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(cidr);
      cached = [normalise(addr), addr.kind() === 'ipv6' && normalise(addr).kind() === 'ipv4' ? bits - 96 : bits];
    } else {
      const addr = normalise(ipaddr.parse(cidr));
      cached = [addr, addr.kind() === 'ipv4' ? 32 : 128];
    }
  } catch {
    cached = null;
  }
  parsedAllow.set(cidr, cached);
  return cached;
}

/** IPv4-mapped IPv6 addresses are the IPv4 address they carry. */
function normalise(addr: Addr): Addr {
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) return (addr as ipaddr.IPv6).toIPv4Address();
  return addr;
}

function embeddedIPv4(addr: ipaddr.IPv6, fromPart: number): ipaddr.IPv4 {
  const p = addr.parts;
  const hi = p[fromPart]!;
  const lo = p[fromPart + 1]!;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function isAllowed(addr: Addr, policy: UrlPolicy): boolean {
  for (const cidr of policy.allow) {
    const range = parseCidr(cidr);
    if (range && range[0].kind() === addr.kind() && addr.match(range as any)) return true;
  }
  return false;
}

const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** The address a connection would really reach: mapped, NAT64 and 6to4 forms carry an IPv4 one. */
function effective(addr: Addr): Addr {
  addr = normalise(addr);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    const range = v6.range();
    if (range === 'rfc6052' && v6.parts[2] === 0) return embeddedIPv4(v6, 6);
    if (range === '6to4') return embeddedIPv4(v6, 1);
  }
  return addr;
}

function describe(range: string): string {
  const names: Record<string, string> = {
    private: 'private (RFC 1918)',
    carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
    linkLocal: 'link-local',
    uniqueLocal: 'unique local (private)',
    rfc6052: 'NAT64 local-use',
  };
  return names[range] ?? range;
}

/**
 * Whether a delivery may connect to this IP address: public unicast only, unless an
 * allowlist CIDR covers it. IPv4-mapped, NAT64 and 6to4 spellings are judged by the IPv4
 * address they carry. Cloud metadata addresses are refused even when allowlisted.
 */
export function checkAddress(ip: string, policy: UrlPolicy): PolicyResult {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  let addr: Addr;
  try {
    addr = ipaddr.parse(bare);
  } catch {
    return { ok: false, reason: `${ip} is not an IP address` };
  }
  const target = effective(addr);
  if (metadataAddresses.has(target.toString())) return { ok: false, reason: `${ip} is a cloud metadata address` };
  if (isAllowed(target, policy)) return { ok: true };
  const range = target.range();
  if (range !== 'unicast') return { ok: false, reason: `${ip} is a ${describe(range)} address` };
  if (target.kind() === 'ipv6' && (target as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) {
    return { ok: false, reason: `${ip} is an IPv4-compatible IPv6 address` };
  }
  return { ok: true };
}

/**
 * Names judged without asking DNS, at registration and at connect time alike: cloud
 * metadata hosts are refused, and `localhost` is loopback whatever a resolver says (RFC 6761).
 */
export function reservedName(hostname: string): { blocked: string } | { addresses: Array<{ address: string; family: number }> } | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (blockedNames.has(host)) return { blocked: `${host} is a cloud metadata host` };
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return { addresses: [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }] };
  }
  return undefined;
}

/** A resolver that hangs must not hold a registration; the connect-time guard still applies. */
const LOOKUP_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether a URL may be registered as a delivery target: http or https, no credentials,
 * and the host (an IP literal, or every address its name resolves to) passes
 * {@link checkAddress}. A name that does not resolve (or not within 2 s) passes, because
 * delivery checks every address again at connect time.
 */
export async function checkTargetUrl(url: string, policy: UrlPolicy, lookup: LookupFn = systemLookup): Promise<PolicyResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (parsed.protocol !== 'https:' && (parsed.protocol !== 'http:' || policy.httpsOnly)) {
    return { ok: false, reason: policy.httpsOnly ? 'the URL must use https' : 'the URL must use http or https' };
  }
  if (parsed.username || parsed.password) return { ok: false, reason: 'the URL must not contain credentials' };
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return checkAddress(host, policy);
  if (ipaddr.isValid(host)) return checkAddress(host, policy);
  const reserved = reservedName(host);
  if (reserved && 'blocked' in reserved) return { ok: false, reason: reserved.blocked };
  let addresses: Array<{ address: string }>;
  if (reserved) {
    addresses = reserved.addresses;
  } else {
    try {
      addresses = await withTimeout(lookup(host), LOOKUP_TIMEOUT_MS);
    } catch {
      return { ok: true };
    }
  }
  for (const { address } of addresses) {
    const result = checkAddress(address, policy);
    if (!result.ok) return { ok: false, reason: `${host} resolves to ${result.reason}` };
  }
  return { ok: true };
}
