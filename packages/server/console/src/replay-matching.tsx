import type { components } from '@clubnotify/sdk';
import { useEffect, useState } from 'preact/hooks';
import { instant, type Filters } from './delivery-filters.js';
import type { Session } from './session.js';

type ReplayRequest = components['schemas']['DeliveryReplayRequest'];
type ReplayResult = components['schemas']['DeliveryReplayResult'];

/** The filters shown above as a bulk replay: `since` is the From field, and `status` only an ended one. */
function request(f: Filters, dryRun: boolean): ReplayRequest {
  return {
    since: instant(f.from)!,
    dryRun,
    ...(f.to && { until: instant(f.to) }),
    ...((f.status === 'failed' || f.status === 'cancelled' || f.status === 'succeeded') && { status: f.status }),
    ...(f.targetId && { targetId: f.targetId }),
    ...(f.event && { event: f.event as ReplayRequest['event'] }),
    ...(f.messageId && { messageId: f.messageId }),
    ...(f.ownerKeyId && { ownerKeyId: f.ownerKeyId }),
  };
}

const describe = (r: ReplayResult) =>
  `${r.replayed} ${r.replayed === 1 ? 'delivery' : 'deliveries'} ${r.dryRun ? 'would be' : r.replayed === 1 ? 'was' : 'were'} queued again${r.more ? ` (more match beyond ${r.limit}: run again)` : ''}.`;

/** Counts what the filters select (a dry run), then queues it again with its `webhook-id` on confirmation. */
export function ReplayMatching({
  session,
  filters,
  run,
  onDone,
}: {
  session: Session;
  filters: Filters;
  run: (label: string, action: () => Promise<unknown>) => Promise<void>;
  onDone: () => Promise<unknown>;
}) {
  const [counted, setCounted] = useState<ReplayResult | null>(null);
  const [said, setSaid] = useState('');
  // A count answers for the filters it was made with: another filter needs another count.
  useEffect(() => {
    setCounted(null);
    setSaid('');
  }, [filters]);
  const send = (dryRun: boolean) =>
    run(dryRun ? 'Counting matching deliveries' : 'Replaying matching deliveries', async () => {
      const result = (await session.client.deliveries.replayMatching(request(filters, dryRun))) as ReplayResult;
      setCounted(dryRun ? result : null);
      setSaid(describe(result));
      if (!dryRun) await onDone();
    });
  return (
    <form class="inline" aria-labelledby="replay-heading" onSubmit={(e) => e.preventDefault()}>
      <h3 id="replay-heading">Replay what the filters select</h3>
      {!filters.from && <p>Set From above: a bulk replay starts at a time (without Status, it takes failed and cancelled deliveries).</p>}
      <button type="button" disabled={!filters.from} onClick={() => void send(true)}>
        Count matching
      </button>
      <button type="button" disabled={!counted || counted.replayed === 0} onClick={() => void send(false)}>
        Replay {counted ? counted.replayed : ''}
      </button>
      <p data-testid="replay-result">{said}</p>
    </form>
  );
}
