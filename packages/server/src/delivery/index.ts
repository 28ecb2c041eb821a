export { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './worker.js';
export { enqueueDeliveries, cancelDeliveriesForTarget, type OutgoingMessage } from './enqueue.js';
export { DEFAULT_SCHEDULE_MS, DEFAULT_JITTER, nextDelayMs, parseRetryAfter } from './schedule.js';
export { signPayload } from './sign.js';
export { targetHealth, type TargetHealth, type CircuitState } from './target-health.js';
export { createGuardedAgent, BlockedAddressError, type GuardedAgentOptions } from '../net/guarded-agent.js';
export { checkAddress, checkTargetUrl, parseAllowList, type UrlPolicy, type LookupFn, type PolicyResult } from '../net/url-policy.js';
export { DEFAULT_RETENTION_MS, HistoryPruner, type RetentionOptions } from './retention.js';
