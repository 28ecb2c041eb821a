import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, which the browser tests drive; without it they are skipped. */
export const chromiumPath = '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
/** Where the browser tests leave their screenshots. */
export const artifacts = join(import.meta.dirname, 'artifacts');

/** Chromium headless, without a sandbox, a GPU or background requests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
