import { checkTargetUrl } from '../net/url-policy.js';
import { problems } from '../http/problem.js';
import type { Services } from '../services.js';

/** Refuses a target URL the delivery policy would never send to: 422 naming the field. */
export async function requireAllowedUrl(services: Services, url: string, pointer: string): Promise<void> {
  const result = await checkTargetUrl(url, services.urlPolicy, services.lookup);
  if (!result.ok) throw problems.field(pointer, `is not allowed: ${result.reason}; deliveries never go there`, 'url-not-allowed');
}
