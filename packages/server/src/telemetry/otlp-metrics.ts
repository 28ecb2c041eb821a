import { ValueType, type Attributes, type HrTime } from '@opentelemetry/api';
import {
  AggregationTemporality,
  DataPointType,
  PeriodicExportingMetricReader,
  type CollectionResult,
  type IMetricReader,
  type MetricData,
  type MetricProducer,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';

/** One metric as prom-client's `getMetricsAsJSON()` describes it. */
export interface PromMetric {
  name: string;
  help: string;
  /** `counter`, `gauge`, `histogram` or `summary` (prom-client's MetricType enum). */
  type: unknown;
  values: { value: number; labels: Partial<Record<string, string | number>>; metricName?: string }[];
}

/** Something whose metrics can be read on demand: the server's Prometheus instruments. */
export interface MetricsSource {
  snapshot(): Promise<PromMetric[]>;
}

/**
 * The metric readers for OTEL_METRICS_EXPORTER (default `otlp`): for `otlp`, one periodic
 * OTLP exporter (OTEL_EXPORTER_OTLP_[METRICS_]PROTOCOL picks JSON, protobuf or gRPC; the
 * endpoint, headers and OTEL_METRIC_EXPORT_INTERVAL are read as the SDK reads them) that also
 * exports the server's Prometheus instruments, so OTLP carries the same series as `/metrics`.
 * Undefined leaves other exporters (`console`, `prometheus`) to the SDK.
 */
export async function metricReadersFor(env: NodeJS.ProcessEnv, metrics?: MetricsSource): Promise<IMetricReader[] | undefined> {
  const wanted = (env.OTEL_METRICS_EXPORTER ?? 'otlp').split(',').map((s) => s.trim().toLowerCase());
  if (wanted.includes('none')) return [];
  if (wanted.length !== 1 || wanted[0] !== 'otlp') return undefined;
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
  return [
    new PeriodicExportingMetricReader({
      exporter: await otlpExporter(env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf'),
      exportIntervalMillis: interval > 0 ? interval : 60_000,
      metricProducers: metrics ? [new PrometheusProducer(metrics)] : [],
    }),
  ];
}

async function otlpExporter(protocol: string): Promise<PushMetricExporter> {
  switch (protocol.trim()) {
    case 'http/json':
      return new (await import('@opentelemetry/exporter-metrics-otlp-http')).OTLPMetricExporter();
    case 'grpc':
      return new (await import('@opentelemetry/exporter-metrics-otlp-grpc')).OTLPMetricExporter();
    default:
      return new (await import('@opentelemetry/exporter-metrics-otlp-proto')).OTLPMetricExporter();
  }
}

const hrNow = (): HrTime => {
  const ms = Date.now();
  return [Math.floor(ms / 1000), (ms % 1000) * 1e6];
};

/** Reads prom-client's registry at each OTLP collection: counters as cumulative sums, gauges, histograms. */
export class PrometheusProducer implements MetricProducer {
  readonly #start = hrNow();
  constructor(readonly source: MetricsSource) {}

  async collect(): Promise<CollectionResult> {
    const end = hrNow();
    const metrics = (await this.source.snapshot()).flatMap((m) => toMetricData(m, this.#start, end));
    return {
      resourceMetrics: {
        // The reader keeps the SDK's resource; this one is never exported.
        resource: undefined as never,
        scopeMetrics: [{ scope: { name: '@clubnotify/server/prometheus' }, metrics }],
      },
      errors: [],
    };
  }
}

/** One prom-client metric as OTLP metric data (summaries have no OTLP counterpart here: none). */
export function toMetricData(metric: PromMetric, startTime: HrTime, endTime: HrTime): MetricData[] {
  const descriptor = { name: metric.name, description: metric.help, unit: unitOf(metric.name), valueType: ValueType.DOUBLE };
  const point = <T>(value: T, labels: Attributes) => ({ startTime, endTime, attributes: labels, value });
  const temporality = AggregationTemporality.CUMULATIVE;
  const type = String(metric.type);
  if (type === 'counter') {
    const dataPoints = metric.values.map((v) => point(v.value, v.labels as Attributes));
    return [{ descriptor, aggregationTemporality: temporality, dataPointType: DataPointType.SUM, isMonotonic: true, dataPoints }];
  }
  if (type === 'gauge') {
    const dataPoints = metric.values.map((v) => point(v.value, v.labels as Attributes));
    return [{ descriptor, aggregationTemporality: temporality, dataPointType: DataPointType.GAUGE, dataPoints }];
  }
  if (type === 'histogram') {
    const dataPoints = [...histograms(metric).values()].map((h) => point(h.value, h.labels));
    return [{ descriptor, aggregationTemporality: temporality, dataPointType: DataPointType.HISTOGRAM, dataPoints }];
  }
  return [];
}

interface HistogramPoint {
  labels: Attributes;
  value: { buckets: { boundaries: number[]; counts: number[] }; sum: number; count: number };
}

/** prom-client's `_bucket` (cumulative, by `le`), `_sum` and `_count` values, grouped by label set. */
function histograms(metric: PromMetric): Map<string, HistogramPoint> {
  const byLabels = new Map<string, HistogramPoint & { cumulative: [number, number][] }>();
  for (const v of metric.values) {
    const { le, ...labels } = v.labels;
    const key = JSON.stringify(Object.entries(labels).sort());
    let h = byLabels.get(key);
    if (!h)
      byLabels.set(
        key,
        (h = { labels: labels as Attributes, value: { buckets: { boundaries: [], counts: [] }, sum: 0, count: 0 }, cumulative: [] }),
      );
    if (v.metricName?.endsWith('_bucket')) h.cumulative.push([le === '+Inf' ? Infinity : Number(le), v.value]);
    else if (v.metricName?.endsWith('_sum')) h.value.sum = v.value;
    else if (v.metricName?.endsWith('_count')) h.value.count = v.value;
  }
  for (const h of byLabels.values()) {
    h.cumulative.sort((a, b) => a[0] - b[0]);
    let before = 0;
    for (const [bound, total] of h.cumulative) {
      if (bound !== Infinity) h.value.buckets.boundaries.push(bound);
      h.value.buckets.counts.push(total - before);
      before = total;
    }
  }
  return byLabels;
}

function unitOf(name: string): string {
  if (name.endsWith('_seconds') || name.endsWith('_seconds_total')) return 's';
  if (name.endsWith('_bytes')) return 'By';
  return '1';
}
