import { context, propagation, trace } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * Shuts `sdk` down and takes back the globals it registered (its shutdown leaves its tracer
 * provider recording): the test files after it in this process run with no SDK, as they would alone.
 */
export async function stopSdk(sdk: NodeSDK): Promise<void> {
  await sdk.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}
