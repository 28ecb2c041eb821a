import type { Logger } from 'pino';
import type { Outcome } from '../delivery/types.js';
import type { Metrics } from './metrics.js';

/**
 * Reports each delivery recorded failed unsent because its payload could not be converted to its
 * target's version: counted and logged at `error`. The push worker's outcomes and the pull feed's
 * leases both go through it, so an operator sees a converter's fault whichever way the target reads.
 */
export function conversionFailures(metrics: Pick<Metrics, 'countConversionFailure'>, logger: Logger): (outcome: Outcome) => void {
  return ({ delivery, result, unsent }) => {
    if (!unsent) return;
    const { id, target_id, event, payload_version } = delivery;
    metrics.countConversionFailure(event, payload_version);
    // A converter's fault, not the receiver's: the operator has to fix and deploy it, then replay.
    logger.error(
      { deliveryId: id, targetId: target_id, event, payloadVersion: payload_version, reason: result.error },
      'delivery not sent: payload conversion failed',
    );
  };
}
