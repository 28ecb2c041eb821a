// Vitest global setup: say once, before the run, that the PostgreSQL suites will not run and how to run them.
export default function postgresNotice(): void {
  if (process.env.DATABASE_URL) return;
  console.log(
    'PostgreSQL suites skipped: DATABASE_URL is not set. To run them too: ' +
      'DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test (each suite creates and drops its own database).',
  );
}
