import type { MetricsSource } from './otlp-metrics.js';

/** The OpenTelemetry SDK, running only when the standard OTEL_* variables ask for it. */
export interface Telemetry {
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

// Any of these switches the SDK on (unless OTEL_SDK_DISABLED=true or every exporter is `none`).
const SWITCHES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'OTEL_TRACES_EXPORTER',
  'OTEL_METRICS_EXPORTER',
] as const;

/** Whether `env` asks for telemetry: an OTLP endpoint or an exporter named, and the SDK not disabled. */
export function telemetryWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (!SWITCHES.some((name) => env[name]?.trim())) return false;
  const off = (name: string) => env[name]?.trim().toLowerCase() === 'none';
  return !(off('OTEL_TRACES_EXPORTER') && off('OTEL_METRICS_EXPORTER'));
}

/**
 * Starts the OpenTelemetry Node SDK, configured by the standard OTEL_* variables of the
 * process (exporter, protocol, endpoint, headers, sampler, service name, resource), when
 * `telemetryWanted` says so; otherwise loads nothing and returns undefined, and every span
 * the server makes is the API's no-op. The SDK is imported only here, on demand: a server
 * without OTEL_* configuration never loads it. `metrics` adds the server's own instruments
 * (the Prometheus registry) to what the SDK exports over OTLP.
 */
export async function startTelemetry(
  env: NodeJS.ProcessEnv = process.env,
  options: { metrics?: MetricsSource } = {},
): Promise<Telemetry | undefined> {
  if (!telemetryWanted(env)) return undefined;
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { metricReadersFor } = await import('./otlp-metrics.js');
  const readers = await metricReadersFor(env, options.metrics);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ? undefined : 'clubnotify-server',
    // No instrumentations: the server makes its own spans (requests, publishes, claims, attempts, records).
    instrumentations: [],
    // The server writes no OpenTelemetry logs: its pino lines carry the trace id instead.
    logRecordProcessors: [],
    ...(readers ? { metricReaders: readers } : {}),
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
