import type { components } from '@clubnotify/sdk';
import { useEffect, useState } from 'preact/hooks';
import { when } from './format.js';
import { SecretNotice } from './secret-notice.js';
import type { Session } from './session.js';
import { Status, useAction } from './use-action.js';
import { DataTable } from './data-table.js';

type ApiKeyInfo = components['schemas']['ApiKeyInfo'];

export function KeysView({ session }: { session: Session }) {
  const [keys, setKeys] = useState<ApiKeyInfo[]>([]);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'subscriber' | 'admin'>('subscriber');
  const [created, setCreated] = useState<{ targetId: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const action = useAction();
  const c = session.client;
  const reload = async () => setKeys(await c.apiKeys.list({ limit: 100 }, { maxItems: 500 }).toArray());
  useEffect(() => void action.run('Loading keys', reload), []);

  async function create(event: Event) {
    event.preventDefault();
    await action.run('Creating key', async () => {
      const key = await c.apiKeys.create({ name, scope });
      setCreated({ targetId: `key ${key.name}`, secret: key.key });
      setName('');
      await reload();
    });
  }
  const revoke = (id: string) =>
    action.run(`Revoke ${id}`, async () => {
      await c.apiKeys.revoke(id);
      setConfirming(null);
      await reload();
    });

  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <form class="inline" onSubmit={create} aria-label="Create an API key">
        <label for="key-name">Name</label>
        <input id="key-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="key-scope">Scope</label>
        <select id="key-scope" value={scope} onChange={(e) => setScope(e.currentTarget.value as 'subscriber' | 'admin')}>
          <option value="subscriber">subscriber</option>
          <option value="admin">admin</option>
        </select>
        <button type="submit">Create key</button>
      </form>
      <Status text={action.status} />
      {created && <SecretNotice {...created} onDismiss={() => setCreated(null)} />}
      <DataTable caption="API keys" columns={['Name', 'Id', 'Scope', 'Created', 'Revoked', 'Actions']}>
        {keys.map((k) => (
          <tr key={k.id} data-key={k.id}>
            <td>{k.name}</td>
            <td>{k.id}</td>
            <td>{k.scope}</td>
            <td>{when(k.createdAt)}</td>
            <td>{when(k.revokedAt)}</td>
            <td>
              {!k.revokedAt && confirming !== k.id && (
                <button type="button" class="danger" aria-label={`Revoke key ${k.name}`} onClick={() => setConfirming(k.id)}>
                  Revoke
                </button>
              )}
              {confirming === k.id && (
                <span role="group" aria-label={`Confirm revoking ${k.name}`}>
                  <button type="button" class="danger" onClick={() => void revoke(k.id)}>
                    Confirm revoke
                  </button>
                  <button type="button" onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
