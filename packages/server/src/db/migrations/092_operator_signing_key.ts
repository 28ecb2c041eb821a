/**
 * The operator may supply the `v1a` signing key (SIGNING_KEY, SIGNING_KEY_FILE; issue 51): its
 * row holds the public key only, so that the key set publishes it and keeps it through the
 * overlap once it is replaced. `private_key` is null on such a row: the private key is never stored.
 */
export const sql = `
ALTER TABLE signing_keys ALTER COLUMN private_key DROP NOT NULL;
`;
