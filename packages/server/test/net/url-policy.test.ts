import { describe, expect, it, vi } from 'vitest';
import { checkAddress, checkTargetUrl, parseAllowList, type LookupFn } from '../../src/net/url-policy.js';

const strict = { allow: [] };
const noDns: LookupFn = async () => {
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};

describe('checkAddress', () => {
  const refused: Array<[string, string]> = [
    ['IPv4 loopback', '127.0.0.1'],
    ['the far end of 127/8', '127.255.255.254'],
    ['IPv6 loopback', '::1'],
    ['RFC 1918 10/8', '10.1.2.3'],
    ['RFC 1918 172.16/12', '172.31.255.1'],
    ['RFC 1918 192.168/16', '192.168.0.10'],
    ['CGNAT 100.64/10', '100.100.1.1'],
    ['link-local', '169.254.10.10'],
    ['cloud metadata', '169.254.169.254'],
    ['unspecified', '0.0.0.0'],
    ['broadcast', '255.255.255.255'],
    ['multicast', '224.0.0.1'],
    ['reserved 240/4', '240.0.0.1'],
    ['documentation range', '192.0.2.10'],
    ['decimal loopback', '2130706433'],
    ['hex loopback', '0x7f000001'],
    ['octal metadata', '0251.0376.0251.0376'],
    ['bracketed IPv4-mapped loopback', '[::ffff:127.0.0.1]'],
    ['IPv4-mapped metadata', '[::ffff:169.254.169.254]'],
    ['IPv4-mapped in hex', '::ffff:7f00:1'],
    ['AWS IPv6 metadata', 'fd00:ec2::254'],
    ['IPv6 unique local', 'fd12:3456::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['NAT64 metadata', '64:ff9b::a9fe:a9fe'],
    ['NAT64 loopback', '64:ff9b::127.0.0.1'],
    ['6to4 private', '2002:c0a8:0001::1'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['not an address', 'example.com'],
  ];
  it.each(refused)('refuses %s (%s)', (_name, ip) => {
    const result = checkAddress(ip, strict);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(ip);
  });

  const accepted: Array<[string, string]> = [
    ['public IPv4', '93.184.215.14'],
    ['public DNS', '8.8.8.8'],
    ['public IPv6', '2606:4700:4700::1111'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['NAT64 of a public address', '64:ff9b::808:808'],
  ];
  it.each(accepted)('accepts %s (%s)', (_name, ip) => {
    expect(checkAddress(ip, strict)).toEqual({ ok: true });
  });

  it('allows a private address covered by an allowlist CIDR', () => {
    const policy = { allow: ['127.0.0.0/8', '10.0.0.0/8'] };
    expect(checkAddress('127.0.0.1', policy)).toEqual({ ok: true });
    expect(checkAddress('::ffff:127.0.0.1', policy)).toEqual({ ok: true });
    expect(checkAddress('10.9.8.7', policy)).toEqual({ ok: true });
    expect(checkAddress('192.168.1.1', policy).ok).toBe(false);
  });

  it('allows a single allowlisted address and IPv6 CIDRs', () => {
    expect(checkAddress('127.0.0.1', { allow: ['127.0.0.1'] })).toEqual({ ok: true });
    expect(checkAddress('127.0.0.2', { allow: ['127.0.0.1'] }).ok).toBe(false);
    expect(checkAddress('fd00::5', { allow: ['fd00::/8'] })).toEqual({ ok: true });
  });

  it('refuses cloud metadata even when its range is allowlisted', () => {
    expect(checkAddress('169.254.169.254', { allow: ['169.254.0.0/16'] }).ok).toBe(false);
  });

  it('ignores allowlist entries that are not CIDRs', () => {
    expect(checkAddress('127.0.0.1', { allow: ['nonsense', '300.0.0.0/8'] }).ok).toBe(false);
  });
});

describe('checkTargetUrl', () => {
  const refused: Array<[string, string]> = [
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['decimal loopback', 'http://2130706433/hook'],
    ['hex loopback', 'http://0x7f000001/hook'],
    ['octal metadata', 'http://0251.0376.0251.0376/latest/meta-data'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/'],
    ['AWS IPv6 metadata', 'http://[fd00:ec2::254]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['NAT64 metadata', 'http://[64:ff9b::a9fe:a9fe]/'],
    ['GCP metadata name', 'http://metadata.google.internal/computeMetadata/v1/'],
    ['GCP metadata name with a trailing dot', 'http://metadata.google.internal./'],
    ['another scheme', 'ftp://93.184.215.14/'],
    ['credentials', 'https://user:pass@93.184.215.14/'],
    ['not a URL', 'hooks.example.com/x'],
  ];
  it.each(refused)('refuses %s (%s)', async (_name, url) => {
    expect((await checkTargetUrl(url, strict, noDns)).ok).toBe(false);
  });

  it('refuses a name when any resolved address is private', async () => {
    const lookup: LookupFn = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    const result = await checkTargetUrl('https://hooks.example.com/x', strict, lookup);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/hooks\.example\.com resolves to 10\.0\.0\.5/);
  });

  it('accepts a name whose addresses are all public', async () => {
    const lookup: LookupFn = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ];
    expect(await checkTargetUrl('https://hooks.example.com/x', strict, lookup)).toEqual({ ok: true });
  });

  it('accepts a name that does not resolve, because delivery checks again at connect time', async () => {
    expect(await checkTargetUrl('https://not-yet.example.com/x', strict, noDns)).toEqual({ ok: true });
  });

  it('gives up on a resolver that hangs after 2 s and lets the connect-time guard decide', async () => {
    vi.useFakeTimers();
    try {
      const result = checkTargetUrl('https://slow.example.net/hook', strict, () => new Promise<never>(() => {}));
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await result).toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses localhost through the real resolver', async () => {
    expect((await checkTargetUrl('http://localhost:3000/', strict)).ok).toBe(false);
  });

  it('accepts public literals and allowlisted loopback', async () => {
    expect(await checkTargetUrl('https://93.184.215.14/x', strict, noDns)).toEqual({ ok: true });
    expect(await checkTargetUrl('http://[2606:4700:4700::1111]/x', strict, noDns)).toEqual({ ok: true });
    expect(await checkTargetUrl('http://127.0.0.1:9/x', { allow: ['127.0.0.1/32'] }, noDns)).toEqual({ ok: true });
  });

  it('accepts localhost when either loopback is allowlisted, since localhost is 127.0.0.1 and ::1 alike', async () => {
    expect(await checkTargetUrl('http://localhost:4000/x', { allow: ['127.0.0.1/32'] }, noDns)).toEqual({ ok: true });
    expect(await checkTargetUrl('http://localhost:4000/x', { allow: ['::1/128'] }, noDns)).toEqual({ ok: true });
  });

  it('refuses localhost with a sentence that names the allowlist setting that would allow it', async () => {
    const result = await checkTargetUrl('http://localhost:4000/x', strict, noDns);
    expect(result).toEqual({
      ok: false,
      reason: "localhost is this machine's loopback (127.0.0.1 and ::1)",
      fix: 'to deliver there, start the server with ALLOW_PRIVATE_TARGETS=127.0.0.1/32,::1/128',
    });
  });

  it('names the one-address allowlist entry for a refused private literal, and no fix for metadata', async () => {
    const loopback = await checkTargetUrl('http://[::1]:4000/x', strict, noDns);
    expect(loopback).toMatchObject({
      reason: '[::1] is a loopback address',
      fix: 'to deliver there, start the server with ALLOW_PRIVATE_TARGETS=::1/128',
    });
    const metadata = await checkTargetUrl('http://169.254.169.254/', { allow: ['169.254.0.0/16'] }, noDns);
    expect(metadata).toEqual({
      ok: false,
      reason: '169.254.169.254 is a cloud metadata address, which is never allowed',
      what: 'a cloud metadata address, which is never allowed',
    });
  });

  it('says what a resolved name points at in one grammatical clause', async () => {
    const lookup: LookupFn = async () => [{ address: '0.0.0.0', family: 4 }];
    const result = await checkTargetUrl('https://hooks.example.com/x', strict, lookup);
    expect(result).toMatchObject({ reason: 'hooks.example.com resolves to 0.0.0.0, the unspecified address' });
  });

  it('refuses http when the policy is https only', async () => {
    expect((await checkTargetUrl('http://93.184.215.14/', { allow: [], httpsOnly: true }, noDns)).ok).toBe(false);
    expect(await checkTargetUrl('https://93.184.215.14/', { allow: [], httpsOnly: true }, noDns)).toEqual({ ok: true });
  });
});

describe('parseAllowList', () => {
  it('splits on commas and spaces', () => {
    expect(parseAllowList('127.0.0.1/32, 10.0.0.0/8 ::1')).toEqual(['127.0.0.1/32', '10.0.0.0/8', '::1']);
    expect(parseAllowList(undefined)).toEqual([]);
  });
});
