/**
 * The webhooks a registration may name come from the spec, not from a CHECK list kept by
 * hand: `webhook_events` holds them, filled from the spec's catalogue each time migrations
 * run (`syncWebhookEvents`), and `registrations.event` references it. Names already in use
 * are inserted first so that the foreign key holds for existing rows.
 */
export const sql = `
CREATE TABLE webhook_events (
  name text PRIMARY KEY
);
INSERT INTO webhook_events (name) SELECT DISTINCT event FROM registrations;
ALTER TABLE registrations DROP CONSTRAINT registrations_event_check;
ALTER TABLE registrations ADD CONSTRAINT registrations_event_fkey FOREIGN KEY (event) REFERENCES webhook_events (name);
`;
