import * as init from './001_init.js';
import * as deliveries from './002_deliveries.js';
import * as attemptLog from './003_attempt_log.js';
import * as deliveryFillfactor from './004_delivery_fillfactor.js';
import * as targetCircuit from './005_target_circuit.js';
import * as targetLifecycle from './006_target_lifecycle.js';
import * as targetRate from './007_target_rate.js';
import * as targetHolder from './008_target_holder.js';
import * as successOnRow from './009_success_on_row.js';
import * as deliveryStatistics from './010_delivery_statistics.js';
import * as webhookEvents from './011_webhook_events.js';
import * as deliveryHistory from './012_delivery_history.js';
import * as traceContext from './020_trace_context.js';
import * as historyTraceContext from './021_history_trace_context.js';
import * as traceStatistics from './022_trace_statistics.js';
import * as historyStatistics from './023_history_statistics.js';
import * as deliveryLookup from './030_delivery_lookup.js';
import * as pullDelivery from './040_pull_delivery.js';
import * as operationalSubscriptions from './050_operational_subscriptions.js';
import * as operationalEventLookup from './051_operational_event_lookup.js';
import * as queueVacuumTruncate from './060_queue_vacuum_truncate.js';
import * as queueFillfactor from './061_queue_fillfactor.js';
import * as payloadVersions from './070_payload_versions.js';
import * as orderingKey from './071_ordering_key.js';
import * as orderingHolds from './072_ordering_holds.js';
import * as idempotencyExpiry from './080_idempotency_expiry.js';
import * as deliveryPruned from './081_delivery_pruned.js';
import * as signingKeys from './090_signing_keys.js';
import * as signingKeyStart from './091_signing_key_start.js';
import * as operatorSigningKey from './092_operator_signing_key.js';
import * as historyBound from './100_history_bound.js';
import * as historyBoundValid from './101_history_bound_valid.js';
import * as historyPartitions from './102_history_partitions.js';
import * as historyDayLock from './103_history_day_lock.js';
import * as signingKeySeq from './104_signing_key_seq.js';
import * as orderingSequencesFillfactor from './105_ordering_sequences_fillfactor.js';
import * as deliveryTargetKeyIndex from './106_delivery_target_key_index.js';

/** Every migration, in the order it is applied. Versions never change once released. */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: '001_init', sql: init.sql },
  { version: 2, name: '002_deliveries', sql: deliveries.sql },
  { version: 3, name: '003_attempt_log', sql: attemptLog.sql },
  { version: 4, name: '004_delivery_fillfactor', sql: deliveryFillfactor.sql },
  { version: 5, name: '005_target_circuit', sql: targetCircuit.sql },
  { version: 6, name: '006_target_lifecycle', sql: targetLifecycle.sql },
  { version: 7, name: '007_target_rate', sql: targetRate.sql },
  { version: 8, name: '008_target_holder', sql: targetHolder.sql },
  { version: 9, name: '009_success_on_row', sql: successOnRow.sql },
  { version: 10, name: '010_delivery_statistics', sql: deliveryStatistics.sql },
  { version: 11, name: '011_webhook_events', sql: webhookEvents.sql },
  { version: 12, name: '012_delivery_history', sql: deliveryHistory.sql },
  { version: 20, name: '020_trace_context', sql: traceContext.sql },
  { version: 21, name: '021_history_trace_context', sql: historyTraceContext.sql },
  { version: 22, name: '022_trace_statistics', sql: traceStatistics.sql },
  { version: 23, name: '023_history_statistics', sql: historyStatistics.sql },
  { version: 30, name: '030_delivery_lookup', sql: deliveryLookup.sql },
  { version: 40, name: '040_pull_delivery', sql: pullDelivery.sql },
  { version: 50, name: '050_operational_subscriptions', sql: operationalSubscriptions.sql },
  { version: 51, name: '051_operational_event_lookup', sql: operationalEventLookup.sql },
  { version: 60, name: '060_queue_vacuum_truncate', sql: queueVacuumTruncate.sql },
  { version: 61, name: '061_queue_fillfactor', sql: queueFillfactor.sql },
  { version: 70, name: '070_payload_versions', sql: payloadVersions.sql },
  { version: 71, name: '071_ordering_key', sql: orderingKey.sql },
  { version: 72, name: '072_ordering_holds', sql: orderingHolds.sql },
  { version: 80, name: '080_idempotency_expiry', sql: idempotencyExpiry.sql },
  { version: 81, name: '081_delivery_pruned', sql: deliveryPruned.sql },
  { version: 90, name: '090_signing_keys', sql: signingKeys.sql },
  { version: 91, name: '091_signing_key_start', sql: signingKeyStart.sql },
  { version: 92, name: '092_operator_signing_key', sql: operatorSigningKey.sql },
  { version: 100, name: '100_history_bound', sql: historyBound.sql },
  { version: 101, name: '101_history_bound_valid', sql: historyBoundValid.sql },
  { version: 102, name: '102_history_partitions', sql: historyPartitions.sql },
  { version: 103, name: '103_history_day_lock', sql: historyDayLock.sql },
  { version: 104, name: '104_signing_key_seq', sql: signingKeySeq.sql },
  { version: 105, name: '105_ordering_sequences_fillfactor', sql: orderingSequencesFillfactor.sql },
  { version: 106, name: '106_delivery_target_key_index', sql: deliveryTargetKeyIndex.sql },
];
