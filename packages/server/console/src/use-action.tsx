import { useState } from 'preact/hooks';
import { describeError } from './format.js';

/** Runs actions one at a time and keeps a status line (announced to screen readers). */
export function useAction(): { busy: boolean; status: string; run: (label: string, action: () => Promise<unknown>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  async function run(label: string, action: () => Promise<unknown>) {
    setBusy(true);
    setStatus(`${label}…`);
    try {
      await action();
      setStatus(`${label}: done.`);
    } catch (error) {
      setStatus(`${label} failed — ${describeError(error)}`);
    } finally {
      setBusy(false);
    }
  }
  return { busy, status, run };
}

export function Status({ text }: { text: string }) {
  return (
    <p class="status" role="status" aria-live="polite">
      {text}
    </p>
  );
}
