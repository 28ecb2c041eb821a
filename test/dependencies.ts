// What some tests need from the machine beyond `npm install`. A test file asks with `missing(...)`
// (true when any is absent: skip) or `present(...)`; each absence is noted on the file, and at the
// end of the run test/dependency-summary.ts says, per dependency, what did not run and how to run it.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { TestRunner } from 'vitest';

export interface Dependency {
  /** How the summary names it. */
  name: string;
  /** What a file that lacks it still did, when it ran some tests. */
  partly: string;
  /** How to provide it. */
  fix: string;
  /** Whether this machine has it. */
  available(): boolean;
}

/** What the summary needs of an absent dependency. */
export type Absence = Pick<Dependency, 'name' | 'partly' | 'fix'>;

declare module '@vitest/runner' {
  interface TaskMeta {
    /** The dependencies this test file lacked. */
    missing?: Absence[];
  }
}

const once = (check: () => boolean) => {
  let known: boolean | undefined;
  return () => (known ??= check());
};

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

export const postgres: Dependency = {
  name: 'PostgreSQL',
  partly: 'ran on PGlite only',
  fix: 'set DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them (each file creates and drops its own databases)',
  available: () => Boolean(process.env.DATABASE_URL),
};

/** Root and a `postgres` user: tests that run the server as another user (root ignores permission bits), or run initdb. */
export const rootAndPostgresUser: Dependency = {
  name: 'root and a postgres user',
  partly: 'ran in part',
  fix: 'run the tests as root on a machine with a postgres user to run them',
  available: once(() => {
    if (process.getuid?.() !== 0) return false;
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }),
};

/** PostgreSQL's server programs, for tests that start (and stop) a cluster of their own. */
export const postgresServerPrograms: Dependency = {
  name: 'initdb and pg_ctl',
  partly: 'ran in part',
  fix: "put PostgreSQL's server programs (initdb, pg_ctl) on PATH to run them",
  available: once(() => onPath('initdb') && onPath('pg_ctl')),
};

export const chromiumPath = '/usr/bin/chromium';

export const chromium: Dependency = {
  name: 'Chromium',
  partly: 'ran in part',
  fix: 'apt-get install -y chromium to run them',
  available: once(() => existsSync(chromiumPath)),
};

/** Notes the absent ones on the running test file (when there is one: benches import helpers too). */
function note(absent: Dependency[]): void {
  if (absent.length === 0) return;
  let meta: { missing?: Absence[] } | undefined;
  try {
    meta = TestRunner.getCurrentSuite().file?.meta;
  } catch {
    return; // not collecting a test file
  }
  if (!meta) return;
  const noted = meta.missing ?? [];
  for (const { name, partly, fix } of absent) if (!noted.some((d) => d.name === name)) noted.push({ name, partly, fix });
  meta.missing = noted;
}

/** True when any of `dependencies` is absent (noted for the summary): `describe.skipIf(missing(chromium))`. */
export function missing(...dependencies: Dependency[]): boolean {
  const absent = dependencies.filter((d) => !d.available());
  note(absent);
  return absent.length > 0;
}

/** True when all of `dependencies` are there; notes the absent ones. */
export const present = (...dependencies: Dependency[]): boolean => !missing(...dependencies);
