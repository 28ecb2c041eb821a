import { useEffect, useRef, useState } from 'preact/hooks';

/** A new secret, shown once; dismissing it removes it from the page. */
export function SecretNotice({ targetId, secret, onDismiss }: { targetId: string; secret: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section class="secret" aria-labelledby="secret-heading">
      <h2 id="secret-heading" tabIndex={-1} ref={heading}>
        New secret for {targetId}
      </h2>
      <p>Shown once. Store it in your receiver now; the previous secret stays valid during the overlap.</p>
      <code data-testid="new-secret">{secret}</code>
      <div class="row">
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy secret'}
        </button>
        <button type="button" onClick={onDismiss}>
          I stored it — dismiss
        </button>
      </div>
    </section>
  );
}
