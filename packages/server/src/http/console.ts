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

/**
 * `/console`: the web console's static files (built by `npm run build`). Hashed assets are
 * immutable; the page itself is revalidated on every load, so a new build shows at once.
 */
export function consoleRoutes(dir: string = defaultConsoleDir): Router {
  const router = express.Router();
  router.use('/console', (_req, res, next) => {
    res.set({ 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cross-Origin-Opener-Policy': 'same-origin' });
    next();
  });
  router.use(
    '/console/assets',
    express.static(`${dir}/assets`, { index: false, immutable: true, maxAge: '1y' }),
  );
  router.get(['/console', '/console/'], (_req, res) => {
    const page = `${dir}/index.html`;
    if (!existsSync(page)) throw new HttpProblem('unavailable', 'The web console is not built: in the repository, `npm start` builds it, or run `npm run build`; then reload.');
    res.set('Cache-Control', 'no-cache').sendFile(page);
  });
  return router;
}
