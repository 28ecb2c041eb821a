import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
}

/** A real OTLP/HTTP receiver (JSON encoding) on a loopback port: it keeps every span it is sent. */
export interface OtlpCollector {
  url: string;
  spans: CollectedSpan[];
  /** Export requests received, by path (`/v1/traces`, `/v1/metrics`). */
  exports: Map<string, number>;
  /** The latest total of each metric exported (the sum of its points' values, or of its histogram counts). */
  metrics: Map<string, number>;
  /** Resolves once `found` returns something for the spans received so far (checked on each export). */
  waitFor<T>(found: (spans: CollectedSpan[]) => T | undefined, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: AnyValue }[];
  links?: { traceId: string; spanId: string }[];
}
interface JsonExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: AnyValue }[] };
    scopeSpans?: { spans?: JsonSpan[] }[];
  }[];
}

function valueOf(v: AnyValue): string | number | boolean {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  return v.boolValue ?? '';
}

function attributesOf(list: { key: string; value: AnyValue }[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));
}

function spansOf(body: JsonExport): CollectedSpan[] {
  return (body.resourceSpans ?? []).flatMap((rs) => {
    const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        service,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? '',
        name: s.name,
        attributes: attributesOf(s.attributes),
        links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
      })),
    );
  });
}

interface JsonPoint {
  asDouble?: number;
  asInt?: string | number;
  count?: string | number;
}
interface JsonMetrics {
  resourceMetrics?: {
    scopeMetrics?: {
      metrics?: {
        name: string;
        sum?: { dataPoints: JsonPoint[] };
        gauge?: { dataPoints: JsonPoint[] };
        histogram?: { dataPoints: JsonPoint[] };
      }[];
    }[];
  }[];
}

function recordMetrics(body: JsonMetrics, into: Map<string, number>): void {
  for (const rm of body.resourceMetrics ?? [])
    for (const sm of rm.scopeMetrics ?? [])
      for (const m of sm.metrics ?? []) {
        const points = m.sum?.dataPoints ?? m.gauge?.dataPoints ?? m.histogram?.dataPoints ?? [];
        into.set(
          m.name,
          points.reduce((total, p) => total + Number(p.asDouble ?? p.asInt ?? p.count ?? 0), 0),
        );
      }
}

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const metrics = new Map<string, number>();
  const spans: CollectedSpan[] = [];
  const exports = new Map<string, number>();
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      exports.set(path, (exports.get(path) ?? 0) + 1);
      if (path === '/v1/traces') {
        if (!String(req.headers['content-type']).startsWith('application/json')) {
          res.writeHead(415).end();
          return;
        }
        spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonExport));
      }
      if (path === '/v1/metrics') recordMetrics(JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonMetrics, metrics);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    exports,
    metrics,
    waitFor(found, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`not found in ${spans.length} spans after ${timeoutMs} ms: ${spans.map((s) => s.name).join(', ')}`));
        }, timeoutMs);
        const check = () => {
          const result = found(spans);
          if (result === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(result);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
