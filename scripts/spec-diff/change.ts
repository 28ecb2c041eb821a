import { DIRECTED_RULES, OPERATION_RULES, directionOf, type DirectedRule, type Level, type OperationRule, type Place } from './rules.js';
import type { Json, Side } from './walk.js';

/** One difference between the released and the current contract, judged for who consumes it. */
export interface Change {
  rule: string;
  level: Level;
  side: Side;
  /** `GET /items/cursor`, `webhook stockUpdate (POST)`, `callback ... of POST /concertUpdates`. */
  operation: string;
  /** Where in the operation: `response 200 application/json /next_cursor`. */
  location: string;
  message: string;
  /** The change touches a collection's pagination: envelope fields, paging parameters, `Link`. */
  pagination: boolean;
}

/** What every comparison of one operation shares: both documents, where the changes go, and labels. */
export interface Scope {
  before: Json;
  after: Json;
  side: Side;
  operation: string;
  pagination: boolean;
  changes: Change[];
}

function ruleId(place: Place, rule: string): string {
  const last = place.split('-').at(-1)!;
  // Delivery headers are parameters of a webhook, but receivers know them as headers.
  if (last === 'header') rule = rule.replace('parameter', 'header');
  const prefix = place.includes('-') && rule.includes(last) ? place.slice(0, -last.length - 1) : place;
  return `${prefix}-${rule}`;
}

export function directed(
  scope: Scope,
  place: Place,
  rule: DirectedRule,
  location: string,
  message: string,
  pagination = scope.pagination,
): void {
  const level = DIRECTED_RULES[rule][directionOf(place)];
  scope.changes.push({ rule: ruleId(place, rule), level, side: scope.side, operation: scope.operation, location, message, pagination });
}

export function whole(scope: Scope, rule: OperationRule, message: string): void {
  scope.changes.push({
    rule,
    level: OPERATION_RULES[rule],
    side: scope.side,
    operation: scope.operation,
    location: '',
    message,
    pagination: scope.pagination,
  });
}
