/** Something whose metrics can be read on demand: the server's Prometheus registry. */
export interface MetricsSource {
  getMetricsAsJSON(): Promise<unknown[]>;
}

/** Placeholder until the Prometheus bridge lands: the SDK's own readers from OTEL_* apply. */
export async function metricReadersFor(_env: NodeJS.ProcessEnv, _metrics?: MetricsSource): Promise<undefined> {
  return undefined;
}
