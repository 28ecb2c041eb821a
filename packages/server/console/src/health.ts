import type { Target } from './targets.js';

type Health = NonNullable<Target['health']>;

/** One verdict whose words and colour agree: green healthy, amber or red failing, grey unused. */
export function healthVerdict(h: Health): { tone: 'good' | 'warn' | 'bad' | 'none'; label: string } {
  const inARow = `${h.consecutiveFailures} ${h.consecutiveFailures === 1 ? 'failure' : 'failures'} in a row`;
  if (h.circuitState === 'open') return { tone: 'bad', label: `failing: deliveries held (circuit open), ${inARow}` };
  if (h.circuitState === 'half-open') return { tone: 'warn', label: 'failing: one trial delivery decides (circuit half-open)' };
  if (h.consecutiveFailures > 0) return { tone: 'warn', label: `failing: ${inARow}, still trying (circuit closed)` };
  if (h.lastSuccessAt) return { tone: 'good', label: 'healthy (circuit closed)' };
  return { tone: 'none', label: 'unused: no delivery yet' };
}
