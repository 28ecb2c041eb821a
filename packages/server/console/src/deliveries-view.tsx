import type { components, Page, QueryOf } from '@clubnotify/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { perMinute } from './chart.js';
import { DeliveryFilters, instant, noFilters, type Filters } from './delivery-filters.js';
import { DeliveryTimeline } from './delivery-timeline.js';
import { when } from './format.js';
import { MinuteChart } from './minute-chart.js';
import { RecoverForm } from './recover-form.js';
import { ReplayMatching } from './replay-matching.js';
import type { Session } from './session.js';
import { Status, useAction } from './use-action.js';
import { useLatest } from './latest.js';
import { DataTable } from './data-table.js';

type Delivery = components['schemas']['Delivery'];
type DeliveryDetail = components['schemas']['DeliveryDetail'];
type DeliveryPage = Page<Delivery, unknown>;
// Two requests a poll: 40 a minute of the key's 600.
const POLL_MS = 3_000;

function query(f: Filters): QueryOf<'/deliveries'> {
  return {
    limit: 20,
    ...(f.ownerKeyId && { ownerKeyId: f.ownerKeyId }),
    ...(f.event && { event: f.event }),
    ...(f.status && { status: f.status }),
    ...(f.targetId && { targetId: f.targetId }),
    ...(f.messageId && { messageId: f.messageId }),
    ...(f.undelivered && { undelivered: true }),
    ...(f.from && { since: instant(f.from) }),
    ...(f.to && { until: instant(f.to) }),
  } as QueryOf<'/deliveries'>;
}

export function DeliveriesView({ session }: { session: Session }) {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [pages, setPages] = useState<DeliveryPage[]>([]);
  const [recent, setRecent] = useState<Delivery[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [open, setOpen] = useState<DeliveryDetail | null>(null);
  const [live, setLive] = useState(true);
  const action = useAction();
  const page = pages[pages.length - 1];
  const first = pages.length <= 1;
  const latest = useLatest();
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const openRef = useRef(openId);
  openRef.current = openId;

  // The open delivery is read whole (payload and attempts) with each refresh, so a replay shows up in it.
  async function refresh() {
    const f = filtersRef.current;
    const id = openRef.current;
    const load = () =>
      Promise.all([
        session.client.deliveries.list(query(f)).firstPage() as Promise<DeliveryPage>,
        session.client.deliveries.list({ ...query(f), limit: 100 }, { maxItems: 100 }).toArray(),
        id ? (session.client.deliveries.get(id) as Promise<DeliveryDetail>) : Promise.resolve(null),
      ]);
    await latest(load, ([firstPage, lastHour, detail]) => {
      setRecent(lastHour);
      setPages((old) => (old.length <= 1 ? [firstPage] : old));
      setOpen(detail);
    });
  }

  useEffect(() => {
    setPages([]);
    void action.run('Loading deliveries', refresh);
  }, [
    filters.ownerKeyId,
    filters.event,
    filters.status,
    filters.targetId,
    filters.messageId,
    filters.undelivered,
    filters.from,
    filters.to,
  ]);
  useEffect(() => {
    setOpen(null);
    if (openId) void action.run(`Loading ${openId}`, refresh);
  }, [openId]);
  useEffect(() => {
    if (!live || !first) return;
    const timer = setInterval(() => void refresh().catch(() => {}), POLL_MS);
    return () => clearInterval(timer);
  }, [live, first]);

  const shown = page?.items ?? [];
  const now = Date.now();
  const targets = [...new Set(recent.map((d) => d.targetId))].slice(0, 6);
  const next = () => page && action.run('Next page', async () => setPages([...pages, (await page.getNextPage()) as DeliveryPage]));
  const replay = (id: string) =>
    action.run(`Replay ${id}`, async () => {
      await session.client.deliveries.replay(id);
      await refresh();
    });

  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Deliveries</h2>
      <DeliveryFilters session={session} value={filters} onChange={setFilters} />
      <label class="check">
        <input type="checkbox" checked={live} onChange={(e) => setLive(e.currentTarget.checked)} /> Live (every {POLL_MS / 1000} s, first
        page)
      </label>
      <Status text={action.status} />
      <h3 class="charts-heading">
        Delivery attempts per minute, last hour (a delivery can take several; the table below lists deliveries)
      </h3>
      <div class="charts">
        <MinuteChart title="All targets" minutes={perMinute(recent, now)} />
        {targets.map((t) => (
          <MinuteChart
            key={t}
            title={t}
            minutes={perMinute(
              recent.filter((d) => d.targetId === t),
              now,
            )}
          />
        ))}
      </div>
      {open && (
        <DeliveryTimeline delivery={open} busy={action.busy} onReplay={() => void replay(open.id)} onClose={() => setOpenId(null)} />
      )}
      <DataTable caption="Deliveries, newest first" columns={['Delivery', 'Event', 'Target', 'Status', 'Attempts', 'Created']}>
        {shown.map((d) => (
          <tr key={d.id} data-delivery={d.id} data-owner={d.ownerKeyId}>
            <td>
              <button type="button" class="link" aria-label={`Open timeline of ${d.id}`} onClick={() => setOpenId(d.id)}>
                {d.id}
              </button>
            </td>
            <td>{d.event}</td>
            <td>{d.targetId}</td>
            <td>
              <span class={`badge ${d.status}`}>{d.status}</span>
            </td>
            <td>{d.attemptCount}</td>
            <td>{when(d.createdAt)}</td>
          </tr>
        ))}
      </DataTable>
      {shown.length === 0 && <p>No deliveries match.</p>}
      <div class="row">
        <button type="button" disabled={first || action.busy} onClick={() => setPages(pages.slice(0, -1))}>
          Previous page
        </button>
        <button type="button" disabled={!page?.hasNextPage() || action.busy} onClick={() => void next()}>
          Next page
        </button>
      </div>
      <ReplayMatching session={session} filters={filters} run={action.run} onDone={refresh} />
      <RecoverForm session={session} run={action.run} onDone={refresh} />
    </section>
  );
}
