import type { Change, Scope } from './change.js';
import { whole } from './change.js';
import { isCollection, diffOperation } from './operation.js';
import { checkDeprecated, checkDeprecationChanges, checkRemoved } from './policy.js';
import { walkOperations, type Json } from './walk.js';

/** Every change from the released contract to the current one, each judged for the side that consumes it. */
export function diffContracts(released: Json, current: Json, now = new Date()): Change[] {
  const before = walkOperations(released);
  const after = walkOperations(current);
  const changes: Change[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [was, is] = [before.get(key), after.get(key)];
    const side = (is ?? was)!.side;
    const pagination = isCollection(released, (was ?? is)!.operation) || isCollection(current, (is ?? was)!.operation);
    const scope: Scope = { before: released, after: current, side, operation: key, pagination, changes };
    if (!is) checkRemoved(scope, was!, now);
    else if (!was) whole(scope, 'endpoint-added', 'added');
    else {
      checkDeprecationChanges(scope, was, is);
      diffOperation(scope, was, is);
    }
    if (is) checkDeprecated(scope, is.operation);
  }
  return changes;
}
