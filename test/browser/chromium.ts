import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../dependencies.js';

/** Where the browser tests leave their screenshots. */
export const artifacts = join(import.meta.dirname, 'artifacts');

/** Chromium headless, without a sandbox, a GPU or background requests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
