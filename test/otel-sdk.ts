import { context, propagation, trace } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';

/** Takes back what an SDK registered in the API (tracer provider, context manager, propagator). */
export function disableOtelGlobals(): void {
  trace.disable();
  context.disable();
  propagation.disable();
}

/**
 * Shuts `sdk` down and takes back the globals it registered (its shutdown leaves its tracer
 * provider recording): the test files after it in this process run with no SDK, as they would alone.
 */
export async function stopSdk(sdk: NodeSDK): Promise<void> {
  await sdk.shutdown();
  disableOtelGlobals();
}
