import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Router } from 'express';
import express from 'express';
import { HttpProblem } from './problem.js';

/** From src/http (tsx) and dist/http (built) alike: the package's dist/console. */
export const defaultConsoleDir = fileURLToPath(new URL('../../dist/console/', import.meta.url));

// The console's own script and styles only: no inline script or style, no framing, no CDN.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A bell, served for `/favicon.ico` (browsers ask for it on every page: /console and /docs alike). */
const FAVICON = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0a4fa8"/>',
  '<path d="M8 3a3.5 3.5 0 0 0-3.5 3.5V9L3 11h10l-1.5-2V6.5A3.5 3.5 0 0 0 8 3zm-1.5 9a1.5 1.5 0 0 0 3 0z" fill="#fff"/></svg>',
].join('');

/**
 * `/console`: the web console's static files (built by `npm run build`). Hashed assets are
 * immutable; the page itself is revalidated on every load, so a new build shows at once.
 */
export function consoleRoutes(dir: string = defaultConsoleDir): Router {
  const router = express.Router();
  router.get('/favicon.ico', (_req, res) => {
    res
      .set({ 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' })
      .send(FAVICON);
  });
  router.use('/console', (_req, res, next) => {
    res.set({
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    next();
  });
  router.use('/console/assets', express.static(`${dir}/assets`, { index: false, immutable: true, maxAge: '1y' }));
  router.get(['/console', '/console/'], (_req, res) => {
    const page = `${dir}/index.html`;
    if (!existsSync(page))
      throw new HttpProblem(
        'unavailable',
        'The web console is not built: in the repository, `npm start` builds it, or run `npm run build`; then reload.',
      );
    res.set('Cache-Control', 'no-cache').sendFile(page);
  });
  return router;
}
