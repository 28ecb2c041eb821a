import ipaddr from 'ipaddr.js';
import { apiKeyPattern } from './ids.js';

/** A shell line that makes an admin key the server takes: `cn_` and 43 base64url characters (32 random bytes). */
export const ADMIN_KEY_EXAMPLE = "cn_$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')";
import type { ResponseValidationMode } from './http/response-validation.js';
import type { OutgoingValidationMode } from './publish/outgoing-check.js';
import type { ConnectionLimits } from './http/connection-guard.js';
import { parseAllowList } from './net/url-policy.js';
import { operatorKeyFromEnv } from './delivery/send/operator-key.js';
import type { SigningKey } from './delivery/send/signing-keys.js';
import {
  DEFAULT_READ_MAX_WAIT_MS,
  DEFAULT_READ_POOL_SIZE,
  DEFAULT_READ_QUEUE_LIMIT,
  DEFAULT_READ_SHARE,
  type ReadBudgetOptions,
} from './db/read-budget.js';

/** The server's settings, read from the environment (see the package README). */
export interface Config {
  port: number;
  host: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  adminApiKey: string | undefined;
  allowPrivateTargets: string[];
  rateLimitPerMinute: number;
  responseValidation: ResponseValidationMode;
  /** OUTGOING_VALIDATION: `strict` refuses a webhook or callback body that breaks the spec (dev, test), `warn` logs and counts it (production). */
  outgoingValidation: OutgoingValidationMode;
  logLevel: string;
  trustProxy: boolean | number | string | undefined;
  /** PUBLIC_BASE_URL without a trailing slash: the base of absolute `Link` header URLs. */
  publicBaseUrl: string | undefined;
  /** Connection caps and timeouts of the HTTP server (see http/connection-guard.ts). */
  connections: ConnectionLimits;
  /** METRICS_TOKEN: bearer token for `GET /metrics` besides admin keys. */
  metricsToken: string | undefined;
  /** Delivery retry schedule in ms (DELIVERY_SCHEDULE_MS); the spec's schedule when unset. */
  deliverySchedule: number[] | undefined;
  deliveryTimeoutMs: number;
  /** How long a claimed delivery stays leased; unset: 8 × timeout + 30 s (see the worker's `leaseMs`). */
  deliveryLeaseMs: number | undefined;
  /** DELIVERY_RETENTION: how long ended deliveries stay in the history; unset: the worker's default (30 days). */
  deliveryRetentionMs: number | undefined;
  /** Live registrations per API key (REGISTRATIONS_PER_KEY, default 100). */
  registrationsPerKey: number;
  /** Live subscriptions per API key (SUBSCRIPTIONS_PER_KEY, default 100). */
  subscriptionsPerKey: number;
  /** The reads' bulkhead (see `ReadBudget`): DATABASE_READ_POOL_SIZE, READ_QUEUE_LIMIT, READ_QUEUE_TIMEOUT_MS, READ_SHARE_PERCENT. */
  reads: ReadBudgetOptions;
  /** SIGNING_KEY or SIGNING_KEY_FILE: the operator's ed25519 key that signs `v1a`; unset: the server makes and keeps its own. */
  signingKey: SigningKey | undefined;
}

/** DATA_DIR value for an embedded database in memory, gone when the process ends. */
export const MEMORY_DATA_DIR = 'memory://';

/** Thrown with every problem of the environment at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function validCidr(value: string): boolean {
  try {
    if (value.includes('/')) ipaddr.parseCIDR(value);
    else ipaddr.parse(value);
    return true;
  } catch {
    return false;
  }
}

function validBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

const UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30d`, `12h`, `90m`, `90s` in milliseconds; undefined if malformed or under a minute (a batch of pruning should not chase its own tail). */
export function parseDuration(raw: string): number | undefined {
  const match = /^(\d{1,9})([smhd])$/.exec(raw.trim());
  const ms = match ? Number(match[1]) * UNITS_MS[match[2]!]! : NaN;
  return ms >= 60_000 ? ms : undefined;
}

/** Reads and checks the configuration; a `ConfigError` lists everything that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, not '${raw}'.`);
      return fallback;
    }
    return value;
  };

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database).');
  }
  const adminApiKey = env.ADMIN_API_KEY || undefined;
  if (adminApiKey && !apiKeyPattern.test(adminApiKey)) {
    problems.push(
      `ADMIN_API_KEY must be 'cn_' and at least 20 base64url characters ` +
        `(make one with \`clubnotify-server create-key\`, or ADMIN_API_KEY=${ADMIN_KEY_EXAMPLE}).`,
    );
  }
  const allowPrivateTargets = parseAllowList(env.ALLOW_PRIVATE_TARGETS);
  for (const cidr of allowPrivateTargets) {
    if (!validCidr(cidr)) problems.push(`ALLOW_PRIVATE_TARGETS: '${cidr}' is not an IP address or CIDR (e.g. 127.0.0.1/32, 10.0.0.0/8).`);
  }
  const production = env.NODE_ENV === 'production';
  const responseValidation = (env.RESPONSE_VALIDATION || (production ? 'warn' : 'strict')) as ResponseValidationMode;
  if (!['strict', 'warn', 'off'].includes(responseValidation))
    problems.push(`RESPONSE_VALIDATION must be strict, warn or off, not '${responseValidation}'.`);
  const outgoingValidation = (env.OUTGOING_VALIDATION || (production ? 'warn' : 'strict')) as OutgoingValidationMode;
  if (!['strict', 'warn'].includes(outgoingValidation))
    problems.push(`OUTGOING_VALIDATION must be strict or warn, not '${outgoingValidation}'.`);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LEVELS.join(', ')}.`);
  const trust = env.TRUST_PROXY;
  const trustProxy =
    trust === undefined || trust === ''
      ? undefined
      : trust === 'true'
        ? true
        : trust === 'false'
          ? false
          : /^\d+$/.test(trust)
            ? Number(trust)
            : trust;

  const publicBaseUrl = env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : undefined;
  if (publicBaseUrl && !validBaseUrl(publicBaseUrl)) {
    problems.push(
      `PUBLIC_BASE_URL must be an http(s) URL without query or fragment, e.g. https://api.example.com, not '${publicBaseUrl}'.`,
    );
  }

  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && !/^[\x21-\x7e]{16,}$/.test(metricsToken))
    problems.push('METRICS_TOKEN must be at least 16 printable characters without spaces.');

  const scheduleRaw = env.DELIVERY_SCHEDULE_MS;
  let deliverySchedule: number[] | undefined;
  if (scheduleRaw) {
    deliverySchedule = scheduleRaw.split(',').map((x) => Number(x.trim()));
    if (!deliverySchedule.every((x) => Number.isInteger(x) && x >= 0)) {
      problems.push(`DELIVERY_SCHEDULE_MS must be comma-separated delays in ms (e.g. 0,5000,300000), not '${scheduleRaw}'.`);
    }
  }

  const retentionRaw = env.DELIVERY_RETENTION || undefined;
  const deliveryRetentionMs = retentionRaw === undefined ? undefined : parseDuration(retentionRaw);
  if (retentionRaw !== undefined && deliveryRetentionMs === undefined) {
    problems.push(
      `DELIVERY_RETENTION must be a whole number of days, hours, minutes or seconds of at least 60 s (30d, 12h, 90m, 90s), not '${retentionRaw}'.`,
    );
  }

  const operatorKey = operatorKeyFromEnv(env);
  if (operatorKey.problem) problems.push(operatorKey.problem);

  const config: Config = {
    port: integer('PORT', 3000, 0, 65535),
    host: env.HOST || undefined,
    databaseUrl,
    dataDir: env.DATA_DIR || './data',
    adminApiKey,
    allowPrivateTargets,
    rateLimitPerMinute: integer('RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    responseValidation,
    outgoingValidation,
    logLevel,
    trustProxy,
    publicBaseUrl,
    connections: {
      maxConnections: integer('MAX_CONNECTIONS', 4_096, 1, 1_000_000),
      maxConnectionsPerAddress: integer('MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 1_000_000),
      headersTimeoutMs: integer('HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
      requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
      keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    },
    metricsToken,
    deliverySchedule,
    deliveryTimeoutMs: integer('DELIVERY_TIMEOUT_MS', 15_000, 100, 600_000),
    deliveryLeaseMs: env.DELIVERY_LEASE_MS ? integer('DELIVERY_LEASE_MS', 45_000, 200, 3_600_000) : undefined,
    deliveryRetentionMs,
    registrationsPerKey: integer('REGISTRATIONS_PER_KEY', 100, 1, 1_000_000),
    subscriptionsPerKey: integer('SUBSCRIPTIONS_PER_KEY', 100, 1, 1_000_000),
    reads: {
      // PGlite runs one statement at a time: one read at a time keeps claims from queueing behind reads.
      concurrency: integer('DATABASE_READ_POOL_SIZE', databaseUrl ? DEFAULT_READ_POOL_SIZE : 1, 1, 1_000),
      queueLimit: integer('READ_QUEUE_LIMIT', DEFAULT_READ_QUEUE_LIMIT, 0, 1_000_000),
      maxWaitMs: integer('READ_QUEUE_TIMEOUT_MS', DEFAULT_READ_MAX_WAIT_MS, 1, 600_000),
      share: integer('READ_SHARE_PERCENT', DEFAULT_READ_SHARE * 100, 1, 100) / 100,
    },
    signingKey: operatorKey.key,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
