import { checkTargetUrl } from '../net/url-policy.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';

/** Refuses a target URL the delivery policy would never send to: 422 naming the field. */
export async function requireAllowedUrl(services: Services, url: string, pointer: string): Promise<void> {
  const result = await checkTargetUrl(url, services.urlPolicy, services.lookup);
  if (!result.ok) throw problems.field(pointer, urlRefusal(result), 'url-not-allowed');
}

/** "is not allowed: localhost is this machine's loopback (...); to deliver there, start the server with ...". */
export function urlRefusal(result: { reason: string; fix?: string }): string {
  return `is not allowed: ${result.reason}${result.fix ? `; ${result.fix}` : ''}.`;
}
