/**
 * An OTLP/HTTP JSON collector in a process of its own, for `npm run bench` with tracing on:
 * it prints the endpoint, counts the spans it receives, and prints the count on SIGINT/SIGTERM.
 *   npx tsx test/bench/otlp-sink.ts
 *   OTEL_EXPORTER_OTLP_ENDPOINT=<printed url> OTEL_EXPORTER_OTLP_PROTOCOL=http/json npm run bench -- delivery
 */
import { startOtlpCollector } from '../e2e/otlp-collector.js';

const collector = await startOtlpCollector();
console.log(collector.url);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    console.log(`${collector.spans.length} spans, exports: ${JSON.stringify(Object.fromEntries(collector.exports))}`);
    void collector.close().then(() => process.exit(0));
  });
