// The server's tracer follows the provider registered at each span, so a process that starts and
// stops an SDK (a test run whose files share processes) goes back to recording nothing.
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { expect, it } from 'vitest';
import { tracer } from '../../src/telemetry/tracer.js';
import { stopSdk } from '../../../../test/otel-sdk.js';

it('records with an SDK registered, and nothing once it is stopped', async () => {
  expect(tracer().startSpan('before').isRecording()).toBe(false);
  const sdk = new NodeSDK({
    serviceName: 'tracer-test',
    spanProcessors: [new tracing.SimpleSpanProcessor(new tracing.InMemorySpanExporter())],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  expect(tracer().startSpan('with').isRecording()).toBe(true);
  await stopSdk(sdk);
  expect(tracer().startSpan('after').isRecording()).toBe(false);
});
