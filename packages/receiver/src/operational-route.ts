import { operationalEventNames } from '@clubnotify/spec';

/**
 * The route that serves every operational event at one URL, `/webhooks/operationalEvents`: an
 * operational-event subscription has one URL for all the events it asked for, so the kit
 * dispatches by the verified payload's `type` (each operational event's schema fixes it).
 */
export const OPERATIONAL_ROUTE = 'operationalEvents';

/** The operational event a verified JSON payload names in `type`, or undefined. */
export function operationalEventOf(payload: unknown): string | undefined {
  const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
  return typeof type === 'string' && (operationalEventNames as readonly string[]).includes(type) ? type : undefined;
}

/** The first operational event: the shape (JSON, declared answers) the route checks before the body names one. */
export const FIRST_OPERATIONAL_EVENT: string | undefined = operationalEventNames[0];
