import { useEffect, useState } from 'preact/hooks';
import { DeliveriesView } from './deliveries-view.js';
import { describeError } from './format.js';
import { KeysView } from './keys-view.js';
import { OperationalView } from './operational-view.js';
import { PublishView } from './publish-view.js';
import { forgetKey, signIn, storedKey, type Session } from './session.js';
import { SignIn } from './sign-in.js';
import { SigningKeysView } from './signing-keys-view.js';
import { TargetsView } from './targets-view.js';

type View = 'targets' | 'deliveries' | 'operational' | 'publish' | 'keys' | 'signing';
const LABELS: Record<View, string> = {
  targets: 'Registrations & subscriptions',
  deliveries: 'Deliveries',
  operational: 'Operational events',
  publish: 'Publish',
  keys: 'API keys',
  signing: 'Signing keys',
};

export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [restoring, setRestoring] = useState(storedKey() !== null);
  const [error, setError] = useState('');
  const [view, setView] = useState<View>('targets');

  useEffect(() => {
    const key = storedKey();
    if (!key) return;
    signIn(key)
      .then(setSession, (e: unknown) => {
        forgetKey();
        setError(describeError(e));
      })
      .finally(() => setRestoring(false));
  }, []);

  if (restoring)
    return (
      <main>
        <p role="status">Signing in…</p>
      </main>
    );
  if (!session) return <SignIn error={error} onSignedIn={setSession} />;

  const views: View[] =
    session.scope === 'admin'
      ? ['targets', 'deliveries', 'operational', 'publish', 'keys', 'signing']
      : ['targets', 'deliveries', 'operational'];
  const shown = views.includes(view) ? view : 'targets';
  const signOut = () => {
    forgetKey();
    setSession(null);
    setError('');
    setView('targets');
  };
  return (
    <>
      <header class="bar">
        <h1>clubnotify console</h1>
        <nav aria-label="Views">
          {views.map((v) => (
            <button key={v} type="button" class="tab" aria-current={shown === v ? 'page' : undefined} onClick={() => setView(v)}>
              {LABELS[v]}
            </button>
          ))}
        </nav>
        <span class="who">{session.scope} key</span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        {shown === 'targets' && <TargetsView session={session} />}
        {shown === 'deliveries' && <DeliveriesView session={session} />}
        {shown === 'operational' && <OperationalView session={session} />}
        {shown === 'publish' && <PublishView session={session} />}
        {shown === 'keys' && <KeysView session={session} />}
        {shown === 'signing' && <SigningKeysView session={session} />}
      </main>
    </>
  );
}
