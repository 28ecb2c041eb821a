import type { components } from '@clubnotify/sdk';

type Delivery = components['schemas']['Delivery'];
export interface Minute {
  ok: number;
  failed: number;
}

/** Successes and failures per minute over the last hour, from the attempts of these deliveries. */
export function perMinute(deliveries: Delivery[], now: number, minutes = 60): Minute[] {
  const buckets = Array.from({ length: minutes }, () => ({ ok: 0, failed: 0 }));
  const start = now - minutes * 60_000;
  for (const d of deliveries) {
    for (const a of d.attempts) {
      const t = Date.parse(a.startedAt);
      if (t < start || t > now) continue;
      const bucket = buckets[Math.min(minutes - 1, Math.floor((t - start) / 60_000))]!;
      if (a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300) bucket.ok++;
      else bucket.failed++;
    }
  }
  return buckets;
}
