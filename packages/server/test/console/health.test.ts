import { describe, expect, it } from 'vitest';
import { healthVerdict } from '../../console/src/health.js';

const health = (over: Partial<Parameters<typeof healthVerdict>[0]>) => ({
  lastSuccessAt: null,
  lastFailureAt: null,
  consecutiveFailures: 0,
  failingSince: null,
  circuitState: 'closed' as const,
  ...over,
});

describe('the console health badge: words and colour agree', () => {
  it.each([
    ['a target never delivered to', health({}), 'none', 'unused: no delivery yet'],
    ['a target whose last delivery succeeded', health({ lastSuccessAt: '2026-11-23T11:59:00Z' }), 'good', 'healthy (circuit closed)'],
    [
      'a failing target whose circuit is still closed',
      health({ lastFailureAt: '2026-11-23T11:59:00Z', consecutiveFailures: 3 }),
      'warn',
      'failing: 3 failures in a row, still trying (circuit closed)',
    ],
    [
      'a target on trial',
      health({ consecutiveFailures: 9, circuitState: 'half-open' }),
      'warn',
      'failing: one trial delivery decides (circuit half-open)',
    ],
    [
      'a target whose circuit is open',
      health({ consecutiveFailures: 1, circuitState: 'open' }),
      'bad',
      'failing: deliveries held (circuit open), 1 failure in a row',
    ],
  ] as const)('shows %s as %s: "%s"', (_name, given, tone, label) => {
    expect(healthVerdict(given)).toEqual({ tone, label });
  });

  it('never calls a failing target healthy, nor colours a healthy one as failing', () => {
    for (const circuitState of ['closed', 'open', 'half-open'] as const) {
      for (const consecutiveFailures of [0, 1, 5]) {
        const { tone, label } = healthVerdict(health({ circuitState, consecutiveFailures, lastSuccessAt: '2026-11-23T11:00:00Z' }));
        expect(tone === 'good', `${circuitState} ${consecutiveFailures}`).toBe(label.startsWith('healthy'));
        expect(tone === 'warn' || tone === 'bad').toBe(label.startsWith('failing'));
      }
    }
  });
});
