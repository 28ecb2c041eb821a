// One message's whole life as one trace, across processes: a caller's traceparent on a publish,
// the server's request, publish, claim and attempt spans (a server process exporting OTLP/HTTP
// JSON because OTEL_* variables say so), and the receiver kit's handler span in this process.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { createNodeHandler, createReceiver, type EventContext } from '@clubnotify/receiver';
import { createClient } from '@clubnotify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { background, repoRoot, type Background } from '../packages/support.js';
import { startOtlpCollector, type CollectedSpan, type OtlpCollector } from './otlp-collector.js';
import { stopSdk } from '../otel-sdk.js';
import { migratedDataDir } from '../reliability/server-process.js';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The spans of one trace whose parent is `parent` and whose name is `name`. */
const childOf = (spans: CollectedSpan[], parent: CollectedSpan, name: string | RegExp) =>
  spans.find(
    (s) =>
      s.traceId === parent.traceId && s.parentSpanId === parent.spanId && (typeof name === 'string' ? s.name === name : name.test(s.name)),
  );

describe('a published concert is one trace from the publish to the receiver handler', () => {
  const adminKey = `cn_${randomBytes(32).toString('base64url')}`;
  const handled: { ctx: EventContext; activeSpanId: string | undefined; attempt: number }[] = [];
  let failFirst = true;
  let collector: OtlpCollector;
  let sdk: NodeSDK;
  let server: Background;
  let serverUrl: string;
  let receiverServer: Server;
  let receiverUrl: string;
  let dataDir: string;
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>) | undefined;

  beforeAll(async () => {
    collector = await startOtlpCollector();
    // The subscriber's own SDK, as a subscriber sets it up: its spans go to the same collector.
    sdk = new NodeSDK({
      serviceName: 'fan-receiver',
      spanProcessors: [new tracing.SimpleSpanProcessor(new OTLPTraceExporter({ url: `${collector.url}/v1/traces` }))],
      metricReaders: [],
      logRecordProcessors: [],
      instrumentations: [],
    });
    sdk.start();
    receiverServer = createServer((req, res) => void (handler ? handler(req, res) : res.writeHead(503).end()));
    await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}`;
    dataDir = await migratedDataDir('cn-trace-');
    const { DATABASE_URL: _url, ...env } = process.env;
    server = background(process.execPath, ['--conditions=clubnotify-source', '--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_API_KEY: adminKey,
        ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
        DELIVERY_SCHEDULE_MS: '0,100,200',
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Metrics go over OTLP too (the default exporter), every 200 ms.
        OTEL_METRIC_EXPORT_INTERVAL: '200',
        OTEL_SERVICE_NAME: 'clubnotify-test-server',
        // Spans leave in batches; a short delay only makes the test quicker, it waits for them either way.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    [, serverUrl] = (await server.waitFor(/listening on (http:\/\/\S+)/, 90_000)) as [string, string];
  }, 120_000);

  afterAll(async () => {
    if (server) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      process.kill(server.child.pid!, 'SIGTERM');
      await exited;
    }
    if (sdk) await stopSdk(sdk);
    await new Promise((resolve) => receiverServer?.close(resolve));
    await collector?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('continues the caller traceparent through publish, attempt and handler, a retry from the database and a replay from the history', async () => {
    await server.waitFor(/OpenTelemetry on/);
    const admin = createClient({ baseUrl: serverUrl, apiKey: adminKey });
    const { key } = await admin.apiKeys.create({ name: 'fan site', scope: 'subscriber' });
    const fan = createClient({ baseUrl: serverUrl, apiKey: key });
    const alerts = await fan.registerForAlert(`${receiverUrl}/webhooks/concertAlert`);
    handler = createNodeHandler(
      createReceiver({
        secret: alerts.secret!,
        mode: 'production',
        logger: { error: () => {} },
        handlers: {
          webhooks: {
            concertAlert: (_text, ctx) => {
              handled.push({ ctx, activeSpanId: trace.getActiveSpan()?.spanContext().spanId, attempt: ctx.attempt });
              // The first attempt fails: the retry is claimed from the database, with the trace context stored there.
              if (failFirst) {
                failFirst = false;
                throw new Error('not yet');
              }
            },
          },
        },
      }),
    );

    const traceId = hex(16);
    const callerSpanId = hex(8);
    await admin.concerts.schedule(
      { title: 'Traced Blues', startsAt: '2026-12-24T21:00:00Z', venue: 'Cellar', priceCents: 1800 },
      { headers: { traceparent: `00-${traceId}-${callerSpanId}-01`, tracestate: 'fan=1' } },
    );

    const found = await collector.waitFor((spans) => {
      const request = spans.find((s) => s.traceId === traceId && s.parentSpanId === callerSpanId);
      const publish = request && childOf(spans, request, 'publish');
      const attempts = publish ? spans.filter((s) => s.parentSpanId === publish.spanId && s.name === 'deliver') : [];
      const handlers = attempts.map((a) => childOf(spans, a, 'webhook concertAlert'));
      if (!request || !publish || attempts.length < 2 || handlers.some((h) => !h)) return undefined;
      const claim = spans.find((s) => s.name === 'claim' && s.links.some((l) => l.traceId === traceId));
      const record = spans.find((s) => s.name === 'record' && s.links.some((l) => l.traceId === traceId));
      return claim && record ? { request, publish, attempts, handlers: handlers as CollectedSpan[], claim, record } : undefined;
    });

    expect(found.request).toMatchObject({ service: 'clubnotify-test-server', name: 'POST /concerts' });
    expect(found.request.attributes).toMatchObject({ 'http.response.status_code': 201, 'clubnotify.operation': 'scheduleConcert' });
    expect(found.publish.attributes['clubnotify.deliveries.queued']).toBe(1);
    const byAttempt = new Map(found.attempts.map((a) => [a.attributes['clubnotify.delivery.attempt'], a]));
    expect(byAttempt.get(1)!.attributes).toMatchObject({ 'http.response.status_code': 500, 'clubnotify.delivery.outcome': 'retrying' });
    expect(byAttempt.get(2)!.attributes).toMatchObject({ 'http.response.status_code': 200, 'clubnotify.delivery.outcome': 'succeeded' });
    expect(byAttempt.get(2)!.attributes['url.full']).toBe(`${receiverUrl}/webhooks/concertAlert`);
    expect(typeof byAttempt.get(2)!.attributes['clubnotify.delivery.duration_ms']).toBe('number');
    for (const span of found.handlers) expect(span.service).toBe('fan-receiver');

    // The handler saw the attempt's context in ctx, and ran inside its own span.
    expect(handled).toHaveLength(2);
    for (const { ctx, activeSpanId, attempt } of handled.slice(0, 2)) {
      const attemptSpan = byAttempt.get(attempt)!;
      expect(ctx.traceparent).toBe(`00-${traceId}-${attemptSpan.spanId}-01`);
      expect(ctx.tracestate).toBe('fan=1');
      expect(activeSpanId).toBe(found.handlers.find((h) => h.parentSpanId === attemptSpan.spanId)!.spanId);
      expect(trace.getSpanContext(ctx.traceContext!)?.spanId).toBe(activeSpanId);
    }

    // A replay moves the message back from the history with its trace context: its attempt continues the same trace
    // (the receiver answers it from its dedupe store: the message was handled).
    // The attempt's span ends when the receiver answers; the outcome is recorded a moment later, and
    // only a recorded delivery can be replayed.
    const deliveryId = String(byAttempt.get(2)!.attributes['clubnotify.delivery.id']);
    await expect.poll(async () => (await fan.deliveries.get(deliveryId)).status, { interval: 50 }).toBe('succeeded');
    await fan.deliveries.replay(deliveryId);
    const replayed = await collector.waitFor((spans) =>
      spans.find(
        (s) => s.parentSpanId === found.publish.spanId && s.name === 'deliver' && s.attributes['clubnotify.delivery.attempt'] === 3,
      ),
    );
    expect(replayed.attributes).toMatchObject({ 'clubnotify.delivery.id': deliveryId, 'http.response.status_code': 200 });

    // The Prometheus instruments arrive over OTLP as well, counting the delivery's outcome.
    await collector.waitFor(() => ((collector.metrics.get('clubnotify_delivery_outcomes_total') ?? 0) >= 1 ? true : undefined));
    expect(collector.metrics.get('clubnotify_delivery_retries_total')).toBeGreaterThanOrEqual(1);
    expect(collector.metrics.get('clubnotify_delivery_first_attempt_delay_seconds')).toBeGreaterThanOrEqual(1);

    // The server's log lines of the publish carry the trace id.
    await server.waitFor(new RegExp(`"trace_id":"${traceId}"`), 10_000);
  }, 90_000);
});
