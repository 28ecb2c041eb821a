/**
 * Per-target rate limits across processes (issue 15): `rate_next_at` is the first send slot
 * not yet reserved. A claim of a rate-limited target's deliveries moves it forward by one
 * interval (1 s / rate) per delivery, in one statement, so every process together stays
 * within the rate; slots a crashed process reserved and never used only make it slower.
 */
export const sql = `
ALTER TABLE delivery_targets ADD COLUMN rate_next_at timestamptz;
`;
