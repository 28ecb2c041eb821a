// Vitest setup file of the projects whose files share processes (isolate: false, vitest.config.ts):
// each file leaves the process as it found it. What one leaves behind fails that file, here, instead
// of a later file that happens to run after it in the same process.
import { propagation, trace } from '@opentelemetry/api';
import { afterAll, expect, vi } from 'vitest';

const env = { ...process.env };

/** The variables this file added, removed or changed. */
const changedEnv = (): string[] =>
  [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter((name) => env[name] !== process.env[name]).sort();

afterAll(() => {
  const sdk = 'an OpenTelemetry SDK left registered: end it with stopSdk (packages/server/test/support/otel-sdk.ts)';
  expect(trace.getTracer('file-hygiene').startSpan('probe').isRecording(), sdk).toBe(false);
  expect(propagation.fields(), sdk).toEqual([]);
  expect(vi.isFakeTimers(), 'fake timers left on: vi.useRealTimers()').toBe(false);
  expect(changedEnv(), 'process.env changed').toEqual([]);
});
