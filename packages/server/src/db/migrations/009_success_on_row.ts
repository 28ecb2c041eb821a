/**
 * Most deliveries succeed, and their log was one `delivery_attempts` row (and its key) each,
 * written by every record statement. The attempt that ends a delivery in success now lives on
 * the delivery row itself, written by the update that records its state anyway;
 * `delivery_attempts` keeps the other attempts (failures, and a success recorded after its
 * lease was lost). A replay moves the success on the row into `delivery_attempts` before the
 * delivery goes round again. `delivery_attempt_log` reads both as one log.
 */
export const sql = `
ALTER TABLE deliveries
  ADD COLUMN success_attempt integer,
  ADD COLUMN success_started_at timestamptz,
  ADD COLUMN success_duration_ms integer,
  ADD COLUMN success_status_code integer,
  ADD COLUMN success_error text,
  ADD COLUMN success_response_body text;
CREATE VIEW delivery_attempt_log AS
  SELECT delivery_id, attempt, started_at, duration_ms, status_code, error, response_body FROM delivery_attempts
  UNION ALL
  SELECT id, success_attempt, success_started_at, success_duration_ms, success_status_code, success_error, success_response_body
  FROM deliveries WHERE success_attempt IS NOT NULL;
`;
