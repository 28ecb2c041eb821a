import { rmSync } from 'node:fs';
import { recordsDir } from '../../scripts/spec-coverage/records.js';

/** Each run starts with no records, so `npm run spec:coverage` reports the last run only. */
export default function clearRecords(): void {
  rmSync(recordsDir, { recursive: true, force: true });
}
