import { useState } from 'preact/hooks';

/**
 * A filter field that applies on change (Enter or leaving the field). What is typed stays in the
 * field's own state until then (no effect syncs it, so none can land late): a live refresh re-renders
 * the view every few seconds, and a field bound to the applied filter would be put back to it under
 * the user's fingers.
 */
export function FilterInput({
  id,
  type = 'text',
  placeholder,
  value,
  onCommit,
}: {
  id: string;
  type?: 'text' | 'datetime-local';
  placeholder?: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      id={id}
      type={type}
      placeholder={placeholder}
      value={draft ?? value}
      onInput={(e) => setDraft(e.currentTarget.value)}
      onChange={(e) => {
        setDraft(null);
        onCommit(e.currentTarget.value);
      }}
    />
  );
}
