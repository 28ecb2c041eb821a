import { MemoryDedupeStore } from './dedupe/memory.js';
import type { ReceiverOptions } from './receiver.js';

type Limits = Pick<
  ReceiverOptions,
  'secret' | 'secrets' | 'dedupe' | 'dedupeTtlSec' | 'leaseSec' | 'handlerTimeoutSec' | 'toleranceSec' | 'maxBodyBytes' | 'logger'
>;

function handlerTimeout(options: Limits, leaseSec: number): number {
  const sec = options.handlerTimeoutSec ?? 10;
  if (!(sec > 0) || !Number.isFinite(sec)) throw new RangeError(`handlerTimeoutSec must be a positive number of seconds, not ${sec}.`);
  if (sec >= leaseSec)
    throw new RangeError(
      `handlerTimeoutSec (${sec}) must be shorter than leaseSec (${leaseSec}): a claim has to outlive the handler run it guards. Lower handlerTimeoutSec or raise leaseSec.`,
    );
  return sec;
}

/** A receiver's options with their defaults, checked: every receiver reads them the same way. */
export function receiverSettings(options: Limits, caller: string) {
  const secrets = options.secrets ?? (options.secret === undefined ? [] : [options.secret]);
  if (secrets.length === 0) throw new TypeError(`${caller} needs \`secret\` or \`secrets\` (whsec_...).`);
  const toleranceSec = options.toleranceSec ?? 300;
  const ttlSec = options.dedupeTtlSec ?? 86_400;
  if (ttlSec < 2 * toleranceSec) throw new RangeError(`dedupeTtlSec must be at least twice toleranceSec (${2 * toleranceSec}).`);
  const leaseSec = options.leaseSec ?? 300;
  return {
    secrets,
    toleranceSec,
    ttlSec,
    leaseSec,
    handlerTimeoutSec: handlerTimeout(options, leaseSec),
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    store: options.dedupe ?? new MemoryDedupeStore(),
    logger: options.logger ?? console,
  };
}
