import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Static files for /console, built into the server package (dist/console). The SDK is read
// from its TypeScript sources, so the console builds before (and apart from) `tsc -b`.
const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  base: '/console/',
  logLevel: 'warn',
  resolve: { conditions: ['clubnotify-source', 'browser', 'import', 'default'] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: join(root, '..', 'dist', 'console'),
    emptyOutDir: true,
    target: 'es2022',
    // No inline polyfill script: the page's CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
