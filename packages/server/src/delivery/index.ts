export { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './worker.js';
export { enqueueDeliveries, cancelDeliveriesForTarget, type OutgoingMessage } from './queue/enqueue.js';
export { DEFAULT_SCHEDULE_MS, DEFAULT_JITTER, nextDelayMs, parseRetryAfter } from './send/schedule.js';
export { signPayload } from './send/sign.js';
export { targetCircuits, type TargetCircuit, type CircuitState } from './record/target-circuits.js';
export { createGuardedAgent, BlockedAddressError, type GuardedAgentOptions } from '../net/guarded-agent.js';
export { checkAddress, checkTargetUrl, parseAllowList, type UrlPolicy, type LookupFn, type PolicyResult } from '../net/url-policy.js';
export { DEFAULT_RETENTION_MS, HistoryPruner, type RetentionOptions } from './upkeep/retention.js';
export { addHistoryDays, DAYS_AHEAD } from './upkeep/partitions.sql.js';
