import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';

const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

/** An fs error rewritten to name the path and, for permissions, what access is missing. */
export function accessError(error: unknown, path: string, action: string): Error {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (PERMISSION_CODES.has(code)) {
    const why = code === 'EROFS' ? 'it is on a read-only file system' : 'permission denied';
    return new Error(
      `Cannot ${action} ${path}: ${why} (${code}). The embedded database needs read and write access to this folder; ` +
        'make it writable for this user, point DATA_DIR elsewhere, or use PostgreSQL (DATABASE_URL).',
      { cause: error },
    );
  }
  return new Error(`Cannot ${action} ${path}: ${(error as Error).message}`, { cause: error });
}

/** Creates `dir` if needed and checks that this process may read, write and enter it. */
export async function ensureWritableDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw accessError(error, dir, 'create');
  });
  await access(dir, constants.R_OK | constants.W_OK | constants.X_OK).catch((error: unknown) => {
    throw accessError(error, dir, 'write to');
  });
}
