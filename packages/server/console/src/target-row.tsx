import { payloadVersions, type PayloadVersion } from '@clubnotify/sdk';
import { useState } from 'preact/hooks';
import { when } from './format.js';
import { ConfirmGroup } from './confirm-group.js';
import { healthVerdict } from './health.js';
import type { Target } from './targets.js';

export type Action = 'pause' | 'resume' | 'rotate' | 'test' | 'delete' | { payloadVersion: PayloadVersion };

function HealthCell({ target }: { target: Target }) {
  const h = target.health;
  if (!h) return <td>—</td>;
  const { tone, label } = healthVerdict(h);
  return (
    <td>
      <span class={`badge ${tone}`} data-health={tone}>
        {label}
      </span>
      <dl class="health">
        <dt>last success</dt>
        <dd>{when(h.lastSuccessAt)}</dd>
        <dt>last failure</dt>
        <dd>{when(h.lastFailureAt)}</dd>
        <dt>failures in a row</dt>
        <dd>{h.consecutiveFailures}</dd>
      </dl>
    </td>
  );
}

export function TargetRow({ target, busy, onAction }: { target: Target; busy: boolean; onAction: (what: Action) => void }) {
  const [confirming, setConfirming] = useState(false);
  const label = `${target.kind} ${target.id}`;
  return (
    <tr data-target={target.id} data-owner={target.ownerKeyId}>
      <td>
        <strong>{target.id}</strong>
        <div>{target.what}</div>
        <div class="url">{target.url}</div>
      </td>
      <td>
        <span class={`badge ${target.status === 'active' ? 'good' : target.status === 'paused' ? 'none' : 'bad'}`}>{target.status}</span>
        {target.disabledReason && <div class="hint">{target.disabledReason}</div>}
        {target.heldKeys.length > 0 && (
          <ul class="hint" data-held-keys={target.heldKeys.length} aria-label={`Keys held by ${label}`}>
            {target.heldKeys.map((h) => (
              <li key={h.deliveryId}>
                key {h.orderingKey} held by {h.deliveryId} since {when(h.heldAt)}
              </li>
            ))}
          </ul>
        )}
        <label class="hint" for={`v-${target.id}`}>
          payload version
        </label>{' '}
        <select
          id={`v-${target.id}`}
          data-payload-version={target.payloadVersion}
          aria-label={`Payload version of ${label}`}
          disabled={busy}
          value={String(target.payloadVersion ?? '')}
          onChange={(e) => onAction({ payloadVersion: Number(e.currentTarget.value) as PayloadVersion })}
        >
          {payloadVersions.map((v) => (
            <option key={v} value={String(v)}>
              {v}
            </option>
          ))}
        </select>
      </td>
      <HealthCell target={target} />
      <td>
        <div class="actions">
          {target.status === 'active' && (
            <button type="button" disabled={busy} aria-label={`Pause ${label}`} onClick={() => onAction('pause')}>
              Pause
            </button>
          )}
          {target.status === 'paused' && (
            <button type="button" disabled={busy} aria-label={`Resume ${label}`} onClick={() => onAction('resume')}>
              Resume
            </button>
          )}
          {target.status === 'disabled' && (
            <button type="button" disabled={busy} aria-label={`Re-enable ${label}`} onClick={() => onAction('resume')}>
              Re-enable
            </button>
          )}
          <button type="button" disabled={busy} aria-label={`Rotate secret of ${label}`} onClick={() => onAction('rotate')}>
            Rotate secret
          </button>
          <button type="button" disabled={busy} aria-label={`Send test event to ${label}`} onClick={() => onAction('test')}>
            Send test
          </button>
          {!confirming && (
            <button type="button" class="danger" disabled={busy} aria-label={`Delete ${label}`} onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
          {confirming && (
            <ConfirmGroup
              label={`Confirm deleting ${label}`}
              confirm="Confirm delete"
              onConfirm={() => onAction('delete')}
              onCancel={() => setConfirming(false)}
            />
          )}
        </div>
      </td>
    </tr>
  );
}
