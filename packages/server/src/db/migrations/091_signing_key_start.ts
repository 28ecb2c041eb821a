/**
 * A rotated signing key is published before it signs (issue 51): `signs_from` is when a key starts
 * signing (null: since it was made). Rotation retires the current key at the new key's
 * `signs_from`, so both are in the key set for the lead, and the retired one stays for the overlap.
 */
export const sql = `
ALTER TABLE signing_keys ADD COLUMN signs_from timestamptz;
`;
