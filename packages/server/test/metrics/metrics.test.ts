import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startServer, type RunningServer } from '../../src/index.js';
import { migratedInto } from '../support/migrated-pglite.js';

const adminKey = `cn_${randomBytes(32).toString('base64url')}`;
const metricsToken = randomBytes(24).toString('hex');

interface Dashboard {
  panels: Array<{ id: number; type: string; title: string; datasource?: { uid: string }; targets: Array<{ expr: string }> }>;
}

/** The value of one sample line, 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics during a delivery run over real sockets', () => {
  let server: RunningServer;
  let receiver: Server;
  let receiverUrl: string;
  let dataDir: string;
  let answers: number[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(answers.shift() ?? 200).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // The kept migrated database: what is measured here is a server's metrics, not its first migration.
    dataDir = await migratedInto(await mkdtemp(join(tmpdir(), 'cn-metrics-')));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_API_KEY: adminKey, METRICS_TOKEN: metricsToken };
    server = await startServer(
      loadConfig({ ...env, ALLOW_PRIVATE_TARGETS: '127.0.0.1/32', DELIVERY_SCHEDULE_MS: '0,300,300', LOG_LEVEL: 'silent' }),
    );
  });

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${init.token ?? adminKey}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  const scrape = async () => (await call('/metrics', { token: metricsToken })).text();

  it('refuses a missing or subscriber key, and accepts the admin key and the METRICS_TOKEN', async () => {
    const created = await call('/apiKeys', { method: 'POST', body: { name: 'fan', scope: 'subscriber' } });
    const { key } = (await created.json()) as { key: string };
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await call('/metrics', { token: 'not-the-token-at-all' })).status).toBe(401);
    expect((await call('/metrics', { token: key })).status).toBe(403);
    const byAdmin = await call('/metrics');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await call('/metrics', { token: metricsToken })).status).toBe(200);
  });

  it('counts requests by operation and status, and deliveries by event and outcome as they happen', async () => {
    const before = await scrape();
    const registered = await call('/registerForStockUpdates', { method: 'POST', body: { url: `${receiverUrl}/stock` } });
    expect(registered.status).toBe(200);
    // The first attempt fails with 500, the retry 300 ms later succeeds.
    answers = [500, 200];
    const published = await call('/stockChanges', {
      method: 'POST',
      body: { drink: { id: 'itm_mojito', stock: 3 }, ingredient: { id: 'itm_mint', stock: 1 } },
    });
    expect(published.status).toBeLessThan(300);

    const attempts = (text: string, outcome: string) =>
      sample(text, `clubnotify_delivery_attempts_total{event="stockUpdate",outcome="${outcome}"}`);
    // Mid-run: the failed first attempt is counted as retrying while the delivery is still queued.
    await expect.poll(async () => attempts(await scrape(), 'retrying'), { interval: 50 }).toBe(attempts(before, 'retrying') + 1);
    await expect.poll(async () => attempts(await scrape(), 'succeeded'), { interval: 50 }).toBe(attempts(before, 'succeeded') + 1);

    const after = await scrape();
    expect(attempts(after, 'failed')).toBe(0);
    expect(sample(after, 'clubnotify_delivery_attempt_duration_seconds_count{outcome="succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'clubnotify_delivery_queue_depth')).toBe(0);
    expect(sample(after, 'clubnotify_delivery_oldest_pending_age_seconds')).toBe(0);
    expect(sample(after, 'clubnotify_delivery_circuits{state="open"}')).toBe(0);
    const requests = (text: string, op: string, status: number) =>
      sample(text, `clubnotify_http_requests_total{operation="${op}",status="${status}"}`);
    expect(requests(after, 'registerForStockUpdates', 200) - requests(before, 'registerForStockUpdates', 200)).toBe(1);
    expect(requests(after, 'getMetrics', 200)).toBeGreaterThanOrEqual(3);
    expect(requests(after, 'createApiKey', 201)).toBe(1);
    // Per owner (the admin key's id), the final outcome; the retry by its number; the time to the first attempt.
    const adminKeyId = (await (await call('/apiKeys')).json()) as { data: Array<{ id: string; scope: string }> };
    const owner = adminKeyId.data.find((k) => k.scope === 'admin')!.id;
    expect(sample(after, `clubnotify_delivery_outcomes_total{owner="${owner}",outcome="succeeded"}`)).toBe(1);
    expect(sample(after, 'clubnotify_delivery_retries_total{attempt="2",outcome="succeeded"}')).toBe(1);
    expect(sample(after, 'clubnotify_delivery_first_attempt_delay_seconds_count')).toBeGreaterThanOrEqual(1);
  });

  it('serves every series the Grafana dashboard asks for, with the labels it groups by', async () => {
    const dashboard = JSON.parse(await readFile(new URL('../../grafana/clubnotify.json', import.meta.url), 'utf8')) as Dashboard;
    const text = await scrape();
    // A family is exported when the scrape declares it; its labels are those its samples carry
    // or, before any sample, those it is declared with.
    const families = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    const familyOf = (name: string) => (families.has(name) ? name : name.replace(/_(bucket|sum|count)$/, ''));
    const labelsOf = (name: string) => {
      const family = familyOf(name);
      const declared = (server.metrics.registry.getSingleMetric(family) as { labelNames?: string[] } | undefined)?.labelNames ?? [];
      const sampled = [...text.matchAll(new RegExp(`^${name}\\{([^}]*)\\}`, 'gm'))].flatMap((m) =>
        [...m[1]!.matchAll(/([a-z_]+)="/g)].map((l) => l[1]!),
      );
      return new Set([...declared, ...sampled, ...(families.get(family) === 'histogram' ? ['le'] : [])]);
    };
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      for (const { expr } of panel.targets) {
        const names = [...new Set(expr.match(/\bclubnotify_[a-z0-9_]+/g))];
        expect(names.length, expr).toBeGreaterThan(0);
        for (const name of names) expect(families.has(familyOf(name)), `${name} in ${panel.title}`).toBe(true);
        // Labels a panel groups or filters by: on the series, or added by the scrape (instance, job).
        const used = [...expr.matchAll(/by \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()));
        const filtered = [...expr.matchAll(/([a-z_]+)=~?"/g)].map((m) => m[1]!);
        const present = new Set(names.flatMap((n) => [...labelsOf(n)]));
        for (const label of [...used, ...filtered].filter((l) => !['instance', 'job'].includes(l)))
          expect(present.has(label), `${label} on ${names.join(', ')} (${panel.title})`).toBe(true);
      }
    }
    // The series added for the dashboard are there.
    for (const name of [
      'clubnotify_delivery_outcomes_total',
      'clubnotify_delivery_first_attempt_delay_seconds',
      'clubnotify_delivery_retries_total',
    ])
      expect(families.has(name), name).toBe(true);
  });

  it('shows the queue depth and the oldest pending age while a target keeps failing', async () => {
    const registered = await call('/registerForStockUpdates', { method: 'POST', body: { url: `${receiverUrl}/slow` } });
    expect(registered.status).toBe(200);
    answers = [503, 503, 503, 503, 503, 503];
    await call('/stockChanges', {
      method: 'POST',
      body: { drink: { id: 'itm_mojito', stock: 2 }, ingredient: { id: 'itm_mint', stock: 1 } },
    });
    // One scrape shows both: the delivery is pending only until its third attempt (about 0.6 s), so
    // a second poll started after the first could come too late on a loaded machine.
    const pending = (text: string) => ({
      depth: sample(text, 'clubnotify_delivery_queue_depth'),
      age: sample(text, 'clubnotify_delivery_oldest_pending_age_seconds'),
    });
    await expect
      .poll(async () => pending(await scrape()), { timeout: 5_000, interval: 20 })
      .toEqual({ depth: expect.toSatisfy((n: number) => n >= 1), age: expect.toSatisfy((n: number) => n > 0) });
  });
});
