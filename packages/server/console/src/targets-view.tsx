import { useEffect, useRef, useState } from 'preact/hooks';
import type { Session } from './session.js';
import { SecretNotice } from './secret-notice.js';
import { RegisterForm } from './register-form.js';
import { TargetRow, type Action } from './target-row.js';
import { OwnerSelect } from './owner-select.js';
import { loadTargets, targetApi, type Target } from './targets.js';
import { Status, useAction } from './use-action.js';
import { useLatest } from './latest.js';
import { DataTable } from './data-table.js';

export function TargetsView({ session }: { session: Session }) {
  const [targets, setTargets] = useState<Target[] | null>(null);
  const [secret, setSecret] = useState<{ targetId: string; secret: string } | null>(null);
  const [owner, setOwner] = useState('');
  const action = useAction();
  const ownerRef = useRef(owner);
  ownerRef.current = owner;
  const latest = useLatest();
  const reload = () => latest(() => loadTargets(session.client, ownerRef.current), setTargets);
  useEffect(() => void action.run('Loading', reload), [owner]);

  async function act(target: Target, what: Action) {
    const api = targetApi(session.client, target);
    if (typeof what === 'object') {
      await action.run(`payload version ${what.payloadVersion} for ${target.id}`, async () => {
        await api.setVersion(what.payloadVersion);
        await reload();
      });
      return;
    }
    await action.run(`${what} ${target.id}`, async () => {
      if (what === 'pause') await api.setStatus('paused');
      if (what === 'resume') await api.setStatus('active');
      if (what === 'test') await api.sendTest();
      if (what === 'delete') await api.remove();
      if (what === 'rotate') setSecret({ targetId: target.id, secret: (await api.rotate()).secret });
      await reload();
    });
  }

  return (
    <section aria-labelledby="targets-heading">
      <h2 id="targets-heading">Registrations and subscriptions</h2>
      {session.scope === 'admin' && (
        <form class="inline" aria-label="Filter targets by owner" onSubmit={(e) => e.preventDefault()}>
          <OwnerSelect session={session} id="t-owner" value={owner} onChange={setOwner} />
        </form>
      )}
      <RegisterForm session={session} run={action.run} onRegistered={reload} />
      <Status text={action.status} />
      {secret && <SecretNotice {...secret} onDismiss={() => setSecret(null)} />}
      {targets && targets.length === 0 && <p>Nothing registered yet.</p>}
      {targets && targets.length > 0 && (
        <DataTable caption="Targets with their health" columns={['Target', 'Status', 'Health', 'Actions']}>
          {targets.map((t) => (
            <TargetRow key={t.id} target={t} busy={action.busy} onAction={(what) => act(t, what)} />
          ))}
        </DataTable>
      )}
    </section>
  );
}
