import { ApiError } from '@clubnotify/sdk';

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
}

/** What went wrong, in one line for a status area. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.status}: ${error.problem?.detail ?? error.message}`;
  return error instanceof Error ? error.message : String(error);
}
