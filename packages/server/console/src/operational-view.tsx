import { useEffect, useState } from 'preact/hooks';
import { when } from './format.js';
import { about, loadOperational, type OperationalPage } from './operational.js';
import type { Session } from './session.js';
import { Status, useAction } from './use-action.js';
import { DataTable } from './data-table.js';

/** The owner's operational-event subscriptions and the latest 50 events sent to them. */
export function OperationalView({ session }: { session: Session }) {
  const [{ subscriptions, events }, setPage] = useState<OperationalPage>({ subscriptions: [], events: [] });
  const action = useAction();
  useEffect(() => void action.run('Loading operational events', async () => setPage(await loadOperational(session.client))), []);

  return (
    <section aria-labelledby="ops-heading">
      <h2 id="ops-heading">Operational events</h2>
      <Status text={action.status} />
      {subscriptions.length === 0 && <p>No operational-event subscription: register one with POST /operationalEventSubscriptions.</p>}
      <ul aria-label="Operational-event subscriptions">
        {subscriptions.map((s) => (
          <li key={s.id}>
            <span class="url">{s.url}</span> ({s.status}
            {s.disabledReason ? `: ${s.disabledReason}` : ''}): {s.events.join(', ')}
          </li>
        ))}
      </ul>
      <DataTable caption="Latest operational events" columns={['Queued', 'Event', 'About', 'Delivery']}>
        {events.map((e) => (
          <tr key={e.id}>
            <td>{when(e.createdAt)}</td>
            <td>{e.event}</td>
            <td>{about(e.payload)}</td>
            <td>
              {e.status} ({e.attemptCount} attempts)
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
