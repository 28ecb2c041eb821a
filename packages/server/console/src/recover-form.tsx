import { useState } from 'preact/hooks';
import type { Session } from './session.js';

export function RecoverForm({
  session,
  run,
  onDone,
}: {
  session: Session;
  run: (label: string, action: () => Promise<unknown>) => Promise<void>;
  onDone: () => Promise<unknown>;
}) {
  const [targetId, setTargetId] = useState('');
  const [since, setSince] = useState('');
  async function submit(event: Event) {
    event.preventDefault();
    await run('Recovering', async () => {
      await session.client.deliveries.recover({ targetId, since: new Date(since).toISOString() });
      await onDone();
    });
  }
  return (
    <form class="inline" onSubmit={submit} aria-labelledby="recover-heading">
      <h3 id="recover-heading">Recover failed deliveries</h3>
      <label for="rec-target">Target id</label>
      <input id="rec-target" required value={targetId} onInput={(e) => setTargetId(e.currentTarget.value)} />
      <label for="rec-since">Since</label>
      <input id="rec-since" type="datetime-local" required value={since} onInput={(e) => setSince(e.currentTarget.value)} />
      <button type="submit">Recover</button>
    </form>
  );
}
