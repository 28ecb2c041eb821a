import { payloadVersions, webhookRegistrations, type PayloadVersion, type RegistrableWebhook } from '@clubnotify/sdk';
import { useState } from 'preact/hooks';
import type { Session } from './session.js';

type Kind = RegistrableWebhook | 'callback';

export function RegisterForm({
  session,
  run,
  onRegistered,
}: {
  session: Session;
  run: (label: string, action: () => Promise<unknown>) => Promise<void>;
  onRegistered: () => Promise<unknown>;
}) {
  const [kind, setKind] = useState<Kind>(webhookRegistrations[0]?.webhook ?? 'callback');
  const [url, setUrl] = useState('');
  const [concertId, setConcertId] = useState('con_jazznight2026');
  const [version, setVersion] = useState<PayloadVersion>(payloadVersions[payloadVersions.length - 1]!);
  async function submit(event: Event) {
    event.preventDefault();
    const c = session.client;
    await run('Registering', async () => {
      if (kind === 'callback') await c.subscribeToConcert(concertId, url, { payloadVersion: version });
      else await c.register(kind, url, { payloadVersion: version });
      setUrl('');
      await onRegistered();
    });
  }
  return (
    <form class="inline" onSubmit={submit} aria-label="Register a URL">
      <label for="reg-kind">Event</label>
      <select id="reg-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
        {webhookRegistrations.map((r) => (
          <option key={r.webhook} value={r.webhook}>
            {r.webhook} webhook
          </option>
        ))}
        <option value="callback">concertAlert callback (one concert)</option>
      </select>
      {kind === 'callback' && (
        <>
          <label for="reg-concert">Concert id</label>
          <input id="reg-concert" required value={concertId} onInput={(e) => setConcertId(e.currentTarget.value)} />
        </>
      )}
      <label for="reg-url">URL</label>
      <input
        id="reg-url"
        type="url"
        required
        placeholder="https://hooks.example.com/clubnotify"
        value={url}
        onInput={(e) => setUrl(e.currentTarget.value)}
      />
      <label for="reg-version">Payload version</label>
      <select id="reg-version" value={String(version)} onChange={(e) => setVersion(Number(e.currentTarget.value) as PayloadVersion)}>
        {payloadVersions.map((v) => (
          <option key={v} value={String(v)}>
            {v}
          </option>
        ))}
      </select>
      <button type="submit">Register</button>
    </form>
  );
}
