import { useState } from 'preact/hooks';
import { describeError } from './format.js';
import { signIn, type Session } from './session.js';

export function SignIn({ error, onSignedIn }: { error: string; onSignedIn: (session: Session) => void }) {
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState(error);
  const [busy, setBusy] = useState(false);
  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    try {
      onSignedIn(await signIn(key.trim()));
    } catch (e) {
      setProblem(describeError(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <main class="sign-in">
      <h1>clubnotify console</h1>
      <form onSubmit={submit}>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autocomplete="off"
          required
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
        />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        <p class="hint">The key stays in this tab's session storage and is sent only as an Authorization header.</p>
        {problem && (
          <p role="alert" class="error">
            {problem}
          </p>
        )}
      </form>
    </main>
  );
}
