import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '@clubnotify/spec';
import { chromium, missing } from '../dependencies.js';
import { artifacts, launchChromium } from './chromium.js';
import { serveBuiltDocs, serveServerDocs, type DocsSite } from './docs-site.js';

type Json = Record<string, any>;

function resolveRef(node: Json): Json {
  let current = node;
  while (typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], document as Json);
  }
  return current;
}

/** Every GET under /items: its Redoc anchor and the envelope fields its 200 declares. */
const envelopes = Object.entries(document.paths as Json)
  .filter(([path]) => path.startsWith('/items'))
  .map(([path, item]) => {
    const op = (item as Json).get as Json;
    const response = resolveRef(op.responses['200']);
    const schema = resolveRef(response.content['application/json'].schema);
    return {
      path,
      anchor: `#/collections/${String(op.operationId).toLowerCase()}`,
      fields: schema.required as string[],
      headers: Object.keys(response.headers ?? {}),
    };
  });

const sites = [
  { name: 'npm run docs (buildDocsHtml)', serve: serveBuiltDocs, shot: 'built' },
  { name: 'the reference server /docs', serve: serveServerDocs, shot: 'server' },
];

describe.skipIf(missing(chromium)).each(sites)('the Redoc page of $name in Chromium', ({ serve, shot }) => {
  const check = it;
  let site: DocsSite;
  let browser: Browser;
  let page: Page;
  const offHost: string[] = [];

  beforeAll(async () => {
    await mkdir(artifacts, { recursive: true });
    site = await serve();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Self-contained means it renders with every off-host request refused.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(site.origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      offHost.push(url);
      return route.abort();
    });
  }, 180_000); // a fresh embedded database runs every migration: a minute and more on a loaded machine

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(hash: string): Promise<string> {
    await page.goto(`${site.url}${hash}`, { waitUntil: 'load' });
    await page.locator('main').first().waitFor();
    return page.locator('main').first().innerText();
  }

  check('serves one HTML document that needs nothing from a CDN', async () => {
    const res = await fetch(site.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    expect(html).not.toMatch(/cdn\.redocly\.com\/redoc\/v[0-9.]+\/bundles/);
    expect(html).not.toMatch(/<link[^>]+href="https?:[^"]+\.css/);
    expect(html).not.toMatch(/cdn\.redoc\.ly/);
  });

  check('lists the concertAlert and stockUpdate webhooks with their signature headers', async () => {
    const text = await open('#/webhooks');
    const nav = await page.locator('body').innerText();
    expect(nav).toContain('concertAlert webhook');
    expect(nav).toContain('stockUpdate webhook');
    expect(await page.locator('[id="webhooks/concertalertwebhook"]').count()).toBe(1);
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'webhook-attempt']) {
      expect(text).toContain(header);
    }
    expect(text).toContain('New concert: Jazz Night');
    await page.screenshot({ path: join(artifacts, `docs-${shot}-webhooks.png`) });

    const stock = await open('#/webhooks/stockupdatewebhook');
    expect(await page.locator('[id="webhooks/stockupdatewebhook"]').count()).toBe(1);
    expect(stock).toContain('stockUpdate webhook');
    expect(stock).toContain('"name": "Mojito"');
  });

  check('shows the concertAlert callback under POST /concertUpdates', async () => {
    const text = await open('#/registrations/subscribeconcertupdates');
    expect(text).toContain('/concertUpdates');
    expect(text).toContain('{$request.body#/callbackUrl}');
    const callbacks = page.locator('[id="registrations/subscribeconcertupdates/callbacks"]');
    expect(await callbacks.count()).toBe(1);
    expect(await callbacks.innerText()).toContain('Callbacks');
    const callback = page.locator('[id="registrations/subscribeconcertupdates/callbacks/concertalert/post"]');
    expect(await callback.innerText()).toContain('concertAlert callback');
    await callback.click();
    const expanded = await page.locator('main').first().innerText();
    expect(expanded).toContain('Jazz Night with the Blue Notes moves to Sunday');
    expect(expanded).toContain('webhook-signature');
    await callbacks.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(artifacts, `docs-${shot}-callback.png`) });
  });

  check('shows the bearer API key scheme', async () => {
    await open('#/registrations/registerforalert');
    await page.getByText('View security details').first().click();
    const body = await page.locator('body').innerText();
    expect(body).toContain('Authorization: Bearer <key>');
  });

  check.each(envelopes)('shows the envelope of GET $path with an example', async ({ anchor, fields, headers }) => {
    const text = await open(anchor);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(text).toMatch(new RegExp(`(^|\\n)${field}\\n`));
    for (const header of headers) expect(text).toContain(header);
    expect(text).toContain('"data": [');
  });

  check('rendered without fetching anything it needed from off-host', () => {
    // Not even Redoc's attribution logo: it is inlined.
    expect(offHost).toEqual([]);
  });
});
