import { useState } from 'preact/hooks';
import type { Session } from './session.js';

type Kind = 'concertAlert' | 'stockUpdate' | 'callback';

export function RegisterForm({ session, run, onRegistered }: { session: Session; run: (label: string, action: () => Promise<unknown>) => Promise<void>; onRegistered: () => Promise<unknown> }) {
  const [kind, setKind] = useState<Kind>('stockUpdate');
  const [url, setUrl] = useState('');
  const [concertId, setConcertId] = useState('con_jazznight2026');
  async function submit(event: Event) {
    event.preventDefault();
    const c = session.client;
    await run('Registering', async () => {
      if (kind === 'concertAlert') await c.registerForAlert(url);
      else if (kind === 'stockUpdate') await c.registerForStockUpdates(url);
      else await c.subscribeToConcert(concertId, url);
      setUrl('');
      await onRegistered();
    });
  }
  return (
    <form class="inline" onSubmit={submit} aria-label="Register a URL">
      <label for="reg-kind">Event</label>
      <select id="reg-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
        <option value="stockUpdate">stockUpdate webhook</option>
        <option value="concertAlert">concertAlert webhook</option>
        <option value="callback">concertAlert callback (one concert)</option>
      </select>
      {kind === 'callback' && (
        <>
          <label for="reg-concert">Concert id</label>
          <input id="reg-concert" required value={concertId} onInput={(e) => setConcertId(e.currentTarget.value)} />
        </>
      )}
      <label for="reg-url">URL</label>
      <input id="reg-url" type="url" required placeholder="https://hooks.example.com/clubnotify" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
      <button type="submit">Register</button>
    </form>
  );
}
