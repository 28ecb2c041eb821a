import type { Answer } from './send.js';

/** How one rule of the suite came out. */
export type RuleOutcome = 'pass' | 'fail' | 'skip';

/** The verdict of one rule, with what the wire showed. */
export interface Verdict {
  outcome: RuleOutcome;
  detail: string;
}

export const pass = (detail: string): Verdict => ({ outcome: 'pass', detail });
export const fail = (detail: string): Verdict => ({ outcome: 'fail', detail });
export const skip = (detail: string): Verdict => ({ outcome: 'skip', detail });

export const is2xx = (answer: Answer): boolean => answer.status !== undefined && answer.status >= 200 && answer.status < 300;

/** `200`, or `no answer (why)`. */
export function shown(answer: Answer): string {
  return answer.status === undefined ? `no answer (${answer.error})` : String(answer.status);
}

/** Every answer must be 2xx. */
export function accepted(answers: Answer[]): Verdict {
  const statuses = answers.map(shown).join(', ');
  return answers.every(is2xx) ? pass(statuses) : fail(`answered ${statuses}; each must be 2xx`);
}

/**
 * A refusal is a 4xx other than 410 (which would disable the registration); `ideal` is the
 * status the spec declares for it, named when the receiver chose another 4xx.
 */
export function refused(answer: Answer, ideal: number): Verdict {
  const { status } = answer;
  if (status === undefined) return fail(shown(answer));
  if (status === 410) return fail('answered 410, which disables the registration; refuse with 4xx');
  if (status >= 400 && status < 500) return pass(status === ideal ? String(status) : `${status}; the spec declares ${ideal}`);
  return fail(`${is2xx(answer) ? 'accepted it' : 'answered'} ${status}; must be refused with 4xx (the spec declares ${ideal})`);
}

/** A status that tells the sender to try again later without giving up on the message. */
export const retryLater = (answer: Answer): boolean =>
  answer.status !== undefined && (answer.status >= 500 || answer.status === 409 || answer.status === 429);
