import { useEffect, useState } from 'preact/hooks';
import type { Session } from './session.js';
import { Status, useAction } from './use-action.js';

interface Examples {
  concert: Record<string, unknown>;
  stock: Record<string, unknown>;
}

/** The request examples of the spec, read from the server's /openapi.json (not bundled). */
async function loadExamples(): Promise<Examples> {
  const doc = (await (await fetch('/openapi.json')).json()) as {
    components: { examples: Record<string, { value: Record<string, unknown> }> };
  };
  const { ConcertCreate, StockChange } = doc.components.examples;
  return { concert: ConcertCreate!.value, stock: StockChange!.value };
}

export function PublishView({ session }: { session: Session }) {
  const [examples, setExamples] = useState<Examples | null>(null);
  const action = useAction();
  useEffect(() => void action.run('Loading the spec examples', async () => setExamples(await loadExamples())), []);
  const c = session.client;
  const idempotencyKey = () => crypto.randomUUID();
  return (
    <section aria-labelledby="publish-heading">
      <h2 id="publish-heading">Publish a test event</h2>
      <Status text={action.status} />
      {examples && (
        <div class="cards">
          <article>
            <h3>Schedule a concert</h3>
            <pre>{JSON.stringify(examples.concert, null, 2)}</pre>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run('Scheduling the concert', () =>
                  c.concerts.schedule(examples.concert as never, { idempotencyKey: idempotencyKey() }),
                )
              }
            >
              Publish concert
            </button>
          </article>
          <article>
            <h3>Change stock</h3>
            <pre>{JSON.stringify(examples.stock, null, 2)}</pre>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run('Changing stock', () => c.stock.change(examples.stock as never, { idempotencyKey: idempotencyKey() }))
              }
            >
              Publish stock change
            </button>
          </article>
        </div>
      )}
    </section>
  );
}
