/**
 * Per-target circuit breaker and health, shared by every process: consecutive failed
 * attempts, the last failure, and `circuit_open_until` (NULL closed; in the future open, no
 * attempts; in the past half-open, one probe at a time until a success closes it).
 */
export const sql = `
ALTER TABLE delivery_targets
  ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN last_failure_at timestamptz,
  ADD COLUMN circuit_open_until timestamptz;
`;
