import type { components } from '@clubnotify/sdk';
import { useEffect, useState } from 'preact/hooks';
import type { Session } from './session.js';

type ApiKeyInfo = components['schemas']['ApiKeyInfo'];

/**
 * Admins only: a select of API keys (from GET /apiKeys) whose value is an owner's key id, or
 * '' for every owner. Subscriber keys see only their own records and get nothing here.
 */
export function OwnerSelect({
  session,
  id,
  value,
  onChange,
}: {
  session: Session;
  id: string;
  value: string;
  onChange: (ownerKeyId: string) => void;
}) {
  const [keys, setKeys] = useState<ApiKeyInfo[]>([]);
  const admin = session.scope === 'admin';
  useEffect(() => {
    if (!admin) return;
    session.client.apiKeys
      .list({ limit: 100 }, { maxItems: 500 })
      .toArray()
      .then(setKeys, () => setKeys([]));
  }, [admin]);
  if (!admin) return null;
  return (
    <>
      <label for={id}>Owner</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">any</option>
        {keys.map((k) => (
          <option key={k.id} value={k.id}>{`${k.name} (${k.id})${k.revokedAt ? ', revoked' : ''}`}</option>
        ))}
      </select>
    </>
  );
}
