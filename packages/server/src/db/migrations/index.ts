import * as init from './001_init.js';
import * as deliveries from './002_deliveries.js';

/** Every migration, in the order it is applied. Versions never change once released. */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: '001_init', sql: init.sql },
  { version: 2, name: '002_deliveries', sql: deliveries.sql },
];
