import type { components } from '@clubnotify/sdk';
import { useEffect, useState } from 'preact/hooks';
import { when } from './format.js';
import type { Session } from './session.js';
import { Status, useAction } from './use-action.js';
import { ConfirmGroup } from './confirm-group.js';
import { DataTable } from './data-table.js';

type SigningKeyInfo = components['schemas']['SigningKeyInfo'];

/** What each state means, for the row's badge. */
const STATES: Record<SigningKeyInfo['state'], { label: string; tone: string }> = {
  pending: { label: 'published, signs soon', tone: 'warn' },
  signing: { label: 'signing', tone: 'good' },
  overlap: { label: 'published for the overlap', tone: 'pending' },
  retired: { label: 'retired', tone: 'none' },
};

/** The server's ed25519 keys for `v1a` signatures (GET /signingKeys): state, dates, source; public keys only. */
export function SigningKeysView({ session }: { session: Session }) {
  const [keys, setKeys] = useState<SigningKeyInfo[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const c = session.client;
  const reload = async () => {
    setKeys(await c.signingKeys.listAll({ limit: 100 }, { maxItems: 500 }).toArray());
    setLoaded(true);
  };
  useEffect(() => void action.run('Loading signing keys', reload), []);

  const rotate = () =>
    action.run('Rotating the signing key', async () => {
      setConfirming(false);
      await c.signingKeys.rotate();
      await reload();
    });

  return (
    <section aria-labelledby="signing-heading">
      <h2 id="signing-heading">Signing keys</h2>
      <p class="hint">
        The server's ed25519 keys for <code>v1a</code> signatures. Receivers verify with the published key set (
        <a href="/.well-known/jwks.json">/.well-known/jwks.json</a>); a retired key stays in it for 7 days.
      </p>
      <div class="row">
        {!confirming && (
          <button type="button" onClick={() => setConfirming(true)}>
            Rotate signing key
          </button>
        )}
        {confirming && (
          <ConfirmGroup
            label="Confirm rotating the signing key"
            confirm="Confirm rotate"
            onConfirm={() => void rotate()}
            onCancel={() => setConfirming(false)}
          />
        )}
      </div>
      <Status text={action.status} />
      {loaded && keys.length === 0 && (
        <p>No signing key yet: the server makes one when it first signs a v1a message or publishes its key set.</p>
      )}
      <DataTable
        caption="Signing keys, newest first"
        columns={['Key id', 'State', 'Source', 'Created', 'Signs from', 'Signs until', 'Published until', 'Public key']}
      >
        {keys.map((k) => (
          <tr key={k.kid} data-signing-key={k.kid} data-state={k.state}>
            <td>{k.kid}</td>
            <td>
              <span class={`badge ${STATES[k.state].tone}`}>{STATES[k.state].label}</span>
            </td>
            <td>{k.source === 'operator' ? 'operator (SIGNING_KEY)' : 'server'}</td>
            <td>{when(k.createdAt)}</td>
            <td>{when(k.signsFrom)}</td>
            <td>{when(k.retiredAt)}</td>
            <td>{when(k.publishedUntil)}</td>
            <td>
              <code class="url">{k.publicKey}</code>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
