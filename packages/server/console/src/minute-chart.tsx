import type { Minute } from './chart.js';

const W = 240;
const H = 48;

/** Stacked bars per minute: successes up from the axis, failures down from it. */
export function MinuteChart({ title, minutes }: { title: string; minutes: Minute[] }) {
  const max = Math.max(1, ...minutes.map((m) => Math.max(m.ok, m.failed)));
  const bar = W / minutes.length;
  const half = H / 2;
  const ok = minutes.reduce((n, m) => n + m.ok, 0);
  const failed = minutes.reduce((n, m) => n + m.failed, 0);
  const summary = `${title}: ${ok} successful and ${failed} failed attempts in the last hour`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={summary}>
        <line x1="0" x2={W} y1={half} y2={half} class="axis" />
        {minutes.map((m, i) => (
          <g key={i}>
            {m.ok > 0 && <rect class="ok" x={i * bar} width={bar - 0.5} y={half - (m.ok / max) * half} height={(m.ok / max) * half} />}
            {m.failed > 0 && <rect class="failed" x={i * bar} width={bar - 0.5} y={half} height={(m.failed / max) * half} />}
          </g>
        ))}
      </svg>
      <div class="axis-labels" aria-hidden="true">
        <span>−60 min</span>
        <span>now</span>
      </div>
      <figcaption>
        {title}: <span class="ok-text">{ok} ok</span> / <span class="failed-text">{failed} failed</span> attempts
      </figcaption>
    </figure>
  );
}
