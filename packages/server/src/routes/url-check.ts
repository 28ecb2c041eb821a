import { checkTargetUrl } from '../net/url-policy.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';

/** Refuses a target URL the delivery policy would never send to: 422 naming the field. */
export async function requireAllowedUrl(services: Services, url: string, pointer: string): Promise<void> {
  const result = await checkTargetUrl(url, services.urlPolicy, services.lookup);
  if (!result.ok) throw problems.field(pointer, urlRefusal(result), 'url-not-allowed');
}

/**
 * A new target's URL: a push target's as the delivery policy allows; a pull target's is never
 * dialled by the server (its owner's `listen` forwards to it), so any `http(s)` URL without
 * credentials will do, a loopback or private one included.
 */
export async function requireTargetUrl(services: Services, url: string, pointer: string, delivery: string): Promise<void> {
  if (delivery !== 'pull') return requireAllowedUrl(services, url, pointer);
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw problems.field(pointer, 'is not allowed: only http and https URLs name a receiver.', 'url-not-allowed');
  if (parsed.username || parsed.password)
    throw problems.field(pointer, 'is not allowed: the URL carries credentials; a receiver checks signatures instead.', 'url-not-allowed');
}

/** "is not allowed: localhost is this machine's loopback (...); to deliver there, start the server with ...". */
export function urlRefusal(result: { reason: string; fix?: string }): string {
  return `is not allowed: ${result.reason}${result.fix ? `; ${result.fix}` : ''}.`;
}
