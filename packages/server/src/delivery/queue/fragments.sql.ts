/**
 * The worker's own bookkeeping (outcomes, holds) does not wait for the WAL flush: if the
 * database crashes and loses an outcome, the row is still pending and the message is sent
 * again, which at-least-once delivery allows. Enqueueing stays fully durable (the caller's transaction).
 * Set per statement (is_local), so it never leaks into other users of a pooled connection.
 * PostgreSQL only.
 */
export const RELAXED_COMMIT = `set_config('synchronous_commit', 'off', true) AS relaxed`;

// During a rotation's overlap a target has two valid secrets: both are read, space-separated,
// and the attempt carries one signature per secret (see sign.ts).
const secrets = (t: string) =>
  `CASE WHEN ${t}.previous_secret_expires_at > now() THEN ${t}.secret || ' ' || ${t}.previous_secret ELSE ${t}.secret END`;
// Its signers (sign.ts): the secret(s) for `v1`, the token `v1a` for the server's ed25519 key, or both.
const signers = (t: string, secret: string) =>
  `CASE ${t}.signature WHEN 'v1a' THEN 'v1a' WHEN 'v1,v1a' THEN ${secret} || ' v1a' ELSE ${secret} END`;
/** A target's signers (secret(s), `v1a`), rate limit, state and delivery mode, from its row `r`, `s` or `o` (the others null). */
export const targetColumns = `coalesce(${signers('r', secrets('r'))}, ${signers('s', secrets('s'))}, ${signers('o', 'o.secret')}) AS secret,
  coalesce(r.rate_limit_per_second, s.rate_limit_per_second) AS rate_limit,
  coalesce(r.status = 'active' AND r.deleted_at IS NULL, s.status = 'active' AND s.deleted_at IS NULL,
           o.status = 'active' AND o.deleted_at IS NULL, false) AS target_active,
  coalesce(r.delivery, s.delivery, 'push') = 'pull' AS pull`;

/** The `delivery_targets` row `t` (circuit, holder) of each row of `k`, by primary key. */
const holdLookup = (k: string) =>
  `LEFT JOIN LATERAL (SELECT * FROM delivery_targets t WHERE t.target_id = ${k}.target_id LIMIT 1) t ON true`;

/**
 * The target rows `t` (delivery_targets), `r` (registrations), `s` (subscriptions) and `o`
 * (operational_subscriptions) of each
 * row of `k`: one primary-key lookup per table and target (LIMIT keeps the planner from
 * hashing the whole table).
 */
export const targetLookup = (k: string) => `${holdLookup(k)}
       LEFT JOIN LATERAL (SELECT * FROM registrations r WHERE r.id = ${k}.target_id LIMIT 1) r ON true
       LEFT JOIN LATERAL (SELECT * FROM subscriptions s WHERE s.id = ${k}.target_id LIMIT 1) s ON true
       LEFT JOIN LATERAL (SELECT * FROM operational_subscriptions o WHERE o.id = ${k}.target_id LIMIT 1) o ON true`;

/**
 * A JSON array (text) of the state of the targets in `source` (a relation with a `target_id`
 * column, one row per target), with `extra` columns of `source` (`k`) passed through. One
 * primary-key lookup per table and target, as in the claim.
 */
export const targetStateSql = (source: string, extra = '') => stateSql(source, extra, targetColumns, targetLookup('k'));

/**
 * {@link targetStateSql} of a source whose rows are registrations, with their own columns
 * (`secret`, `previous_secret`, `previous_secret_expires_at`, `signature`, `rate_limit_per_second`,
 * `status`, `deleted_at`, `delivery`): the same state, and only `delivery_targets` to look up.
 */
export const registrationStateSql = (source: string, extra = '') => stateSql(source, extra, registrationColumns('k'), holdLookup('k'));

/** {@link targetColumns} of a registration row `r` (subscriptions and operational subscriptions are other ids). */
const registrationColumns = (r: string) =>
  `${signers(r, secrets(r))} AS secret, ${r}.rate_limit_per_second AS rate_limit, (${r}.status = 'active' AND ${r}.deleted_at IS NULL) AS target_active,
  ${r}.delivery = 'pull' AS pull`;

const stateSql = (source: string, extra: string, columns: string, lookup: string) => `(SELECT coalesce(json_agg(x), '[]')::text FROM (
       SELECT k.target_id${extra}, ${columns}, t.circuit_open_until IS NOT NULL AS circuit, t.holder,
         (extract(epoch FROM t.holder_until - clock_timestamp()) * 1000)::float8 AS hold_left_ms
       FROM ${source} k
       ${lookup}
     ) x)`;

/** The attempt that ends a delivery in success is kept on its row, in these `success_` columns (named as in `delivery_attempts`). */
export const SUCCESS_COLUMNS = ['attempt', 'started_at', 'duration_ms', 'status_code', 'error', 'response_body'];
