import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildDocsHtml } from '../../scripts/docs.js';
import { startRealServer } from '../e2e/real-server.js';

/** A docs page served over HTTP on 127.0.0.1. */
export interface DocsSite {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The page itself. */
  url: string;
  close(): Promise<void>;
}

/** The reference server's own `/docs`. */
export async function serveServerDocs(): Promise<DocsSite> {
  const server = await startRealServer();
  return { origin: server.url, url: `${server.url}/docs`, close: () => server.close() };
}

/** The page `npm run docs` builds (`buildDocsHtml()`), served at /docs on a free loopback port. */
export async function serveBuiltDocs(): Promise<DocsSite> {
  const html = await buildDocsHtml();
  const server = createServer((req, res) => {
    if (req.url !== '/docs') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/docs`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
