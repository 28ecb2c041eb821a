import { createClient, type ClubnotifyClient } from '@clubnotify/sdk';

// sessionStorage only: the key goes when the tab closes, and never into a URL or a cookie.
const STORAGE = 'clubnotify.console.key';

export interface Session {
  client: ClubnotifyClient;
  scope: 'subscriber' | 'admin';
}

export const storedKey = (): string | null => sessionStorage.getItem(STORAGE);

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE);
}

/** Checks the key against the API and learns its scope: only an admin may list API keys. */
export async function signIn(key: string): Promise<Session> {
  const client = createClient({ baseUrl: location.origin, apiKey: key, retry: false, timeoutMs: 15_000 });
  await client.registrations.list({ limit: 1 }).firstPage();
  let scope: Session['scope'] = 'subscriber';
  try {
    await client.apiKeys.list({ limit: 1 }).firstPage();
    scope = 'admin';
  } catch {
    // 403: a subscriber key.
  }
  sessionStorage.setItem(STORAGE, key);
  return { client, scope };
}
