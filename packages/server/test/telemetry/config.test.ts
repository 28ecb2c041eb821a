import { DataPointType } from '@opentelemetry/sdk-metrics';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { toMetricData } from '../../src/telemetry/otlp-metrics.js';
import { telemetryWanted } from '../../src/telemetry/sdk.js';
import { parseTraceparent } from '../../src/telemetry/trace-context.js';

describe('telemetryWanted', () => {
  const cases: Array<[string, { given: NodeJS.ProcessEnv; want: boolean }]> = [
    ['nothing set: off, no SDK loaded', { given: {}, want: false }],
    ['an OTLP endpoint', { given: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, want: true }],
    ['a traces endpoint alone', { given: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, want: true }],
    ['an exporter named', { given: { OTEL_TRACES_EXPORTER: 'console' }, want: true }],
    ['every exporter none', { given: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' }, want: false }],
    ['disabled wins', { given: { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, want: false }],
    ['an empty endpoint', { given: { OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => expect(telemetryWanted(given)).toBe(want));
});

describe('parseTraceparent', () => {
  const id = '4bf92f3577b34da6a3ce929d0e0e4736';
  const cases: Array<[string, { given: string; want: boolean }]> = [
    ['version 00', { given: `00-${id}-00f067aa0ba902b7-01`, want: true }],
    ['a future version with more fields', { given: `cc-${id}-00f067aa0ba902b7-01-what-the-future-holds`, want: true }],
    ['version 00 with extra fields', { given: `00-${id}-00f067aa0ba902b7-01-x`, want: false }],
    ['version ff', { given: `ff-${id}-00f067aa0ba902b7-01`, want: false }],
    ['an all-zero trace id', { given: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, want: false }],
    ['an all-zero span id', { given: `00-${id}-${'0'.repeat(16)}-01`, want: false }],
    ['upper case', { given: `00-${id.toUpperCase()}-00f067aa0ba902b7-01`, want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => expect(parseTraceparent(given) !== undefined).toBe(want));
});

describe('the Prometheus instruments as OTLP metric data', () => {
  it('turns cumulative buckets into per-bucket counts, per label set, and counters into monotonic sums', async () => {
    const registry = new Registry();
    const h = new Histogram({ name: 't_seconds', help: 'h', labelNames: ['outcome'], buckets: [0.1, 1], registers: [registry] });
    const c = new Counter({ name: 't_total', help: 'c', labelNames: ['owner'], registers: [registry] });
    for (const v of [0.05, 0.5, 0.7, 5]) h.observe({ outcome: 'ok' }, v);
    h.observe({ outcome: 'failed' }, 0.01);
    c.inc({ owner: 'key_a' }, 3);
    const [json, counter] = await registry.getMetricsAsJSON();
    const [histogram] = toMetricData(json!, [1, 0], [2, 0]);
    expect(histogram!.dataPointType).toBe(DataPointType.HISTOGRAM);
    expect(histogram!.dataPoints.map((p) => [p.attributes, p.value])).toEqual([
      [{ outcome: 'ok' }, { buckets: { boundaries: [0.1, 1], counts: [1, 2, 1] }, sum: 6.25, count: 4 }],
      [{ outcome: 'failed' }, { buckets: { boundaries: [0.1, 1], counts: [1, 0, 0] }, sum: 0.01, count: 1 }],
    ]);
    const [sum] = toMetricData(counter!, [1, 0], [2, 0]);
    expect(sum).toMatchObject({
      dataPointType: DataPointType.SUM,
      isMonotonic: true,
      dataPoints: [{ attributes: { owner: 'key_a' }, value: 3 }],
    });
  });
});
