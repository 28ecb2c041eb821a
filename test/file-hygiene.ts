// Vitest setup file of the projects whose files share processes (isolate: false, vitest.config.ts):
// each file leaves the process as it found it. What one leaves behind fails that file, here, instead
// of a later file that happens to run after it in the same process; the next file then starts clean.
import { propagation, trace } from '@opentelemetry/api';
import { afterAll, expect, vi } from 'vitest';
import { disableOtelGlobals } from './otel-sdk.js';

/** What a file could leave behind in the process. */
const processState = () => ({
  // An SDK that records spans or propagates context: stop it with stopSdk (test/otel-sdk.ts).
  otelSdk: trace.getTracer('file-hygiene').startSpan('probe').isRecording() || propagation.fields().length > 0,
  fakeTimers: vi.isFakeTimers(),
  env: { ...process.env },
});

const before = processState();

afterAll(() => {
  const after = processState();
  if (after.otelSdk) disableOtelGlobals();
  if (after.fakeTimers) vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in before.env)) delete process.env[name];
  Object.assign(process.env, before.env);
  expect(after, 'what this file left in the process its files share').toEqual(before);
});
