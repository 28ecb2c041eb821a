import type { components } from '@clubnotify/sdk';
import { when } from './format.js';

type DeliveryDetail = components['schemas']['DeliveryDetail'];

export function DeliveryTimeline({
  delivery,
  busy,
  onReplay,
  onClose,
}: {
  delivery: DeliveryDetail;
  busy: boolean;
  onReplay: () => void;
  onClose: () => void;
}) {
  return (
    <section class="timeline" aria-labelledby="timeline-heading">
      <h3 id="timeline-heading">Delivery {delivery.id}</h3>
      <p>
        {delivery.event} ({delivery.kind}) to {delivery.url} — <span class={`badge ${delivery.status}`}>{delivery.status}</span>,{' '}
        {delivery.attemptCount} attempt(s), next attempt {when(delivery.nextAttemptAt)}
      </p>
      <ol class="attempts">
        {delivery.attempts.map((a) => (
          <li key={a.attempt}>
            <span class="time">{when(a.startedAt)}</span>
            <span class={`badge ${a.statusCode !== null && a.statusCode < 300 ? 'good' : 'bad'}`}>{a.statusCode ?? 'no response'}</span>
            <span>{a.durationMs} ms</span>
            {a.error && <span class="error">{a.error}</span>}
            {a.responseBody && <pre class="body">{a.responseBody.slice(0, 300)}</pre>}
          </li>
        ))}
      </ol>
      {delivery.attempts.length === 0 && <p>No attempt yet.</p>}
      <h4>Payload ({delivery.payload.contentType})</h4>
      <pre class="body" data-testid="payload">
        {delivery.payload.body}
      </pre>
      <div class="row">
        <button type="button" disabled={busy} onClick={onReplay}>
          Replay
        </button>
        <button type="button" onClick={onClose}>
          Close timeline
        </button>
      </div>
    </section>
  );
}
