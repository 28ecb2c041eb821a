import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Where deliveries may go. */
export interface UrlPolicy {
  /** CIDRs (or single addresses) that are allowed even though private, from ALLOW_PRIVATE_TARGETS. */
  allow: string[];
  /** Refuse plain `http:` targets. */
  httpsOnly?: boolean;
}

/** `reason` is a clause ("::1 is a loopback address"); `fix`, when an operator can allow it, says how. */
export type PolicyResult = { ok: true } | { ok: false; reason: string; fix?: string; what?: string };

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

const rangeNames: Record<string, string> = {
  private: 'a private (RFC 1918) address',
  carrierGradeNat: 'a carrier-grade NAT (100.64.0.0/10) address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique local (private) address',
  rfc6052: 'a NAT64 local-use address',
  unspecified: 'the unspecified address',
  ipv4Mapped: 'an IPv4-mapped address',
};

/** "a loopback address", "an unspecified address": the range's name with its article. */
function describe(range: string): string {
  const name = rangeNames[range];
  if (name) return name;
  const words = range.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words} address`;
}

/** The one-address CIDR an operator would allowlist for this address. */
function cidrOf(addr: Addr): string {
  return `${addr.toString()}/${addr.kind() === 'ipv4' ? 32 : 128}`;
}

/** How an operator allows these addresses. */
export function allowFix(cidrs: string[]): string {
  return `to deliver there, start the server with ALLOW_PRIVATE_TARGETS=${cidrs.join(',')}`;
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
  const refuse = (what: string, fix?: string): PolicyResult => ({ ok: false, reason: `${ip} is ${what}`, what, ...(fix ? { fix } : {}) });
  if (metadataAddresses.has(target.toString())) return refuse('a cloud metadata address, which is never allowed');
  if (isAllowed(target, policy)) return { ok: true };
  const range = target.range();
  if (range !== 'unicast') return refuse(describe(range), allowFix([cidrOf(target)]));
  if (target.kind() === 'ipv6' && (target as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) {
    return refuse('an IPv4-compatible IPv6 address, which is never allowed');
  }
  return { ok: true };
}

/**
 * Names judged without asking DNS, at registration and at connect time alike: cloud
 * metadata hosts are refused, and `localhost` is loopback whatever a resolver says (RFC 6761).
 */
export function reservedName(
  hostname: string,
): { blocked: string } | { addresses: Array<{ address: string; family: number }> } | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (blockedNames.has(host)) return { blocked: `${host} is a cloud metadata host, which is never allowed` };
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return {
      addresses: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    };
  }
  return undefined;
}

const loopbackCidrs = ['127.0.0.1/32', '::1/128'];

/**
 * `localhost` means this machine's loopback, 127.0.0.1 and ::1 alike: it is allowed when either is
 * allowlisted, and delivery then dials only the allowlisted one(s). DNS names stay stricter (every
 * address must pass), because a resolver could mix public and private answers.
 */
export function allowedLoopback(
  addresses: Array<{ address: string; family: number }>,
  policy: UrlPolicy,
): Array<{ address: string; family: number }> {
  return addresses.filter(({ address }) => checkAddress(address, policy).ok);
}

function checkReservedAddresses(host: string, addresses: Array<{ address: string; family: number }>, policy: UrlPolicy): PolicyResult {
  if (allowedLoopback(addresses, policy).length > 0) return { ok: true };
  return {
    ok: false,
    reason: `${host} is this machine's loopback (${addresses.map((a) => a.address).join(' and ')})`,
    fix: allowFix(loopbackCidrs),
  };
}

/** "hooks.example.com resolves to 10.0.0.5, a private (RFC 1918) address". */
export function resolvedReason(host: string, address: string, refused: { reason: string; what?: string }): string {
  return refused.what ? `${host} resolves to ${address}, ${refused.what}` : `${host} resolves to ${refused.reason}`;
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
    return { ok: false, reason: 'it is not an absolute URL', fix: 'give a URL such as https://hooks.example.com/clubnotify' };
  }
  if (parsed.protocol !== 'https:' && (parsed.protocol !== 'http:' || policy.httpsOnly)) {
    return policy.httpsOnly
      ? { ok: false, reason: `this server delivers over https only`, fix: 'give an https:// URL' }
      : { ok: false, reason: `${parsed.protocol.replace(/:$/, '')} is not a delivery scheme`, fix: 'give an http:// or https:// URL' };
  }
  if (parsed.username || parsed.password) {
    return {
      ok: false,
      reason: 'the URL contains a user name or password',
      fix: 'remove them (deliveries are signed, so the receiver checks the signature instead)',
    };
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return checkAddress(host, policy);
  if (ipaddr.isValid(host)) return checkAddress(host, policy);
  const reserved = reservedName(host);
  if (reserved && 'blocked' in reserved) return { ok: false, reason: reserved.blocked };
  if (reserved) return checkReservedAddresses(host, reserved.addresses, policy);
  let addresses: Array<{ address: string }>;
  try {
    addresses = await withTimeout(lookup(host), LOOKUP_TIMEOUT_MS);
  } catch {
    return { ok: true };
  }
  for (const { address } of addresses) {
    const result = checkAddress(address, policy);
    if (!result.ok) return { ...result, reason: resolvedReason(host, address, result) };
  }
  return { ok: true };
}
