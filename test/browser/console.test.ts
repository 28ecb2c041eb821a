import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, missing } from '../dependencies.js';
import { artifacts, launchChromium } from './chromium.js';
import { builtConsole, startConsoleSite, type ConsoleSite } from './console-site.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical findings on the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP rightly refuses an injected <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async () => ((await (window as any).axe.run(document)) as { violations: AxeViolation[] }).violations,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Holds the page's requests that match until `release`, which lets them through and returns once
 * the page has no request in flight (the held answers and whatever they led to have been handled).
 */
async function holdAnswers(page: Page, match: (url: URL) => boolean): Promise<{ held: number; release: () => Promise<void> }> {
  const waiting: Route[] = [];
  const handler = (route: Route) => void waiting.push(route);
  const inFlight = new Set<Request>();
  const started = (request: Request) => void inFlight.add(request);
  const ended = (request: Request) => void inFlight.delete(request);
  page.on('request', started).on('requestfinished', ended).on('requestfailed', ended);
  await page.route(match, handler);
  return {
    get held() {
      return waiting.length;
    },
    async release() {
      await page.unroute(match, handler);
      await Promise.all(waiting.map((route) => route.continue()));
      await expect.poll(() => inFlight.size).toBe(0);
      // A held answer's follow-up requests (health per target) start just after it ends.
      await page.waitForTimeout(300);
      await expect.poll(() => inFlight.size).toBe(0);
      page.off('request', started).off('requestfinished', ended).off('requestfailed', ended);
    },
  };
}

describe.skipIf(missing(chromium, builtConsole))('the web console in Chromium against a real server and receiver', () => {
  let site: ConsoleSite;
  let browser: Browser;
  let page: Page;
  const cspViolations: string[] = [];
  const offHost: string[] = [];
  const shot = (name: string) => page.screenshot({ path: join(artifacts, `console-${name}.png`), fullPage: true });

  beforeAll(async () => {
    await mkdir(artifacts, { recursive: true });
    site = await startConsoleSite();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    page.setDefaultTimeout(30_000);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(site.url)) return route.continue();
      offHost.push(route.request().url());
      return route.abort();
    });
  }, 180_000); // a fresh embedded database runs every migration: a minute and more on a loaded machine

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('serves the page with a strict CSP, a revalidated index and immutable hashed assets', async () => {
    const res = await fetch(`${site.url}/console`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const asset = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await fetch(`${site.url}${asset}`);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('signs in by keyboard, keeps the key in sessionStorage only, and passes axe', async () => {
    const started = Date.now();
    await page.goto(`${site.url}/console`);
    await page.locator('#api-key').waitFor();
    const interactiveMs = Date.now() - started;
    const nav = await page.evaluate(
      () => JSON.parse(JSON.stringify(performance.getEntriesByType('navigation')[0])) as { domInteractive: number; loadEventEnd: number },
    );
    console.info(
      `console: sign-in form usable ${interactiveMs} ms after navigation (domInteractive ${Math.round(nav.domInteractive)} ms, load ${Math.round(nav.loadEventEnd)} ms)`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot('1-sign-in');

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type(site.adminKey);
    const submitted = Date.now();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Registrations and subscriptions' }).waitFor();
    await page.getByText('Loading: done.').waitFor();
    console.info(`console: signed in and the targets view loaded ${Date.now() - submitted} ms after Enter`);
    expect(await page.evaluate(() => sessionStorage.getItem('clubnotify.console.key'))).toBe(site.adminKey);
    expect(await page.evaluate(() => localStorage.length + document.cookie.length)).toBe(0);
    expect(page.url()).not.toContain(site.adminKey);
  });

  it('registers the receiver, publishes, and watches the delivery arrive and succeed', async () => {
    await page.locator('#reg-kind').selectOption('stockUpdate');
    await page.locator('#reg-url').fill(`${site.receiverUrl}/stock`);
    await page.getByRole('button', { name: 'Register' }).click();
    const row = page.locator('tr[data-target^="reg_"]');
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('unused: no delivery yet');
    expect(await row.locator('[data-health]').getAttribute('data-health')).toBe('none');
    // Its payload version (issue 47), one of the contract's (this contract has one).
    const version = row.locator('select[data-payload-version]');
    expect(await version.inputValue()).toBe('1');
    expect(await version.locator('option').allInnerTexts()).toEqual(['1']);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Publish stock change' }).click();
    await page.getByText('Changing stock: done.').waitFor();
    await shot('2-publish');
    await expect.poll(() => site.received.length).toBe(1);
    expect(JSON.parse(site.received[0]!.body)).toMatchObject({ drink: { id: 'itm_mojito' } });

    await page.getByRole('button', { name: 'Deliveries' }).click();
    const delivery = page.locator('tr[data-delivery]').first();
    await expect.poll(() => delivery.innerText()).toMatch(/stockUpdate[\s\S]*succeeded/);
    await expect.poll(() => page.locator('figcaption').first().innerText()).toMatch(/All targets: 1 ok \/ 0 failed attempts/);
    await expect.poll(() => page.locator('.charts-heading').innerText()).toMatch(/attempts per minute.*the table below lists deliveries/);
  });

  it('opens the timeline with the stored response, and replays the delivery', async () => {
    await page.locator('tr[data-delivery] button').first().click();
    const timeline = page.locator('section.timeline');
    await expect.poll(() => timeline.innerText()).toMatch(/200[\s\S]*ms[\s\S]*ok from the loopback receiver #1/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('3-timeline');

    await timeline.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => site.received.length).toBe(2);
    expect(site.received[1]!.headers['webhook-id']).toBe(site.received[0]!.headers['webhook-id']);
    await expect.poll(() => timeline.innerText()).toContain('ok from the loopback receiver #2');
    expect(JSON.parse(await page.getByTestId('payload').innerText())).toEqual(JSON.parse(site.received[0]!.body));
  });

  /** Waits for the next live poll of the deliveries view to be answered and drawn. */
  async function liveRefresh() {
    const polled = (r: Request) => new URL(r.url()).pathname === '/deliveries' && r.method() === 'GET';
    await page.waitForEvent('requestfinished', { predicate: polled, timeout: 60_000 });
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0))));
  }

  it('finds a message by its webhook-id, counts what the filters select, and replays it', async () => {
    const messageId = site.received[0]!.headers['webhook-id'] as string;
    // A typed filter applies on change (Enter or leaving the field), not on every keystroke.
    const setField = async (selector: string, value: string) => {
      await page.locator(selector).fill(value);
      await page.locator(selector).blur();
    };
    await setField('#f-message', messageId);
    await expect.poll(() => page.locator('tr[data-delivery]').count()).toBe(1);
    // The live refresh re-renders the view while someone types; what they typed must survive it.
    await page.locator('#f-message').fill('msg_nothing_has_this_id');
    await liveRefresh();
    expect(await page.locator('#f-message').inputValue()).toBe('msg_nothing_has_this_id');
    await page.locator('#f-message').blur();
    await page.getByText('No deliveries match.').waitFor();
    await setField('#f-message', messageId);
    const hourAgo = new Date(Date.now() - 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await setField('#f-from', hourAgo);
    await page.locator('#f-status').selectOption('succeeded');
    await expect.poll(() => page.locator('tr[data-delivery]').count()).toBe(1);

    const form = page.getByRole('form', { name: 'Replay what the filters select' });
    await form.getByRole('button', { name: 'Count matching' }).click();
    await expect.poll(() => form.getByTestId('replay-result').innerText()).toBe('1 delivery would be queued again.');
    expect(site.received).toHaveLength(2);
    await form.getByRole('button', { name: 'Replay 1' }).click();
    await expect.poll(() => form.getByTestId('replay-result').innerText()).toBe('1 delivery was queued again.');
    await expect.poll(() => site.received.length).toBe(3);
    expect(site.received[2]!.headers['webhook-id']).toBe(messageId);
    expect(await seriousViolations(page)).toEqual([]);

    await setField('#f-message', '');
    await setField('#f-from', '');
    await page.locator('#f-status').selectOption('');
  });

  it('fits a 420 px wide window without sideways scrolling, on every view', async () => {
    await page.setViewportSize({ width: 420, height: 900 });
    try {
      for (const view of ['Registrations & subscriptions', 'Deliveries', 'Operational events', 'Publish', 'API keys', 'Signing keys']) {
        await page.getByRole('button', { name: view }).click();
        // The view renders after its data arrives: wait for the settled width, and name the view that overflows.
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: view }).toBeLessThanOrEqual(420);
      }
      await shot('8-narrow');
    } finally {
      await page.setViewportSize({ width: 1300, height: 900 });
    }
  });

  it('serves /favicon.ico as an image, not a 404', async () => {
    const res = await fetch(`${site.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });

  it('rotates the secret, shows it once, and removes it from the page on dismissal', async () => {
    await page.getByRole('button', { name: 'Registrations & subscriptions' }).click();
    await page.getByRole('button', { name: /^Rotate secret of registration/ }).click();
    const secret = (await page.getByTestId('new-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('4-rotated');
    await page.getByRole('button', { name: /dismiss/ }).click();
    expect(await page.content()).not.toContain(secret);
  });

  it('sends a test event, pauses and resumes, and deletes only after confirmation', async () => {
    const row = page.locator('tr[data-target^="reg_"]');
    const before = site.received.length;
    await row.getByRole('button', { name: /^Send test event/ }).click();
    await expect.poll(() => site.received.length).toBe(before + 1);
    await row.getByRole('button', { name: /^Pause/ }).click();
    await expect.poll(() => row.innerText()).toMatch(/paused/);
    await row.getByRole('button', { name: /^Resume/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => row.innerText()).toMatch(/active/);
    await row.getByRole('button', { name: /^Delete/ }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: /^Delete/ }).click();
    await row.getByRole('button', { name: 'Confirm delete' }).click();
    await page.getByText('Nothing registered yet.').waitFor();
  });

  it('creates an API key and revokes it after confirmation', async () => {
    await page.getByRole('button', { name: 'API keys' }).click();
    await page.locator('#key-name').fill('temporary');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-secret').innerText()).trim();
    expect(key).toMatch(/^cn_/);
    await page.getByRole('button', { name: /dismiss/ }).click();
    expect(await page.content()).not.toContain(key);
    await page.getByRole('button', { name: 'Revoke key temporary' }).click();
    await page.getByRole('button', { name: 'Confirm revoke' }).click();
    await page.getByText(/Revoke .*: done\./).waitFor();
    expect(
      await page
        .locator('tr', { hasText: 'temporary' })
        .getByRole('button', { name: /Revoke/ })
        .count(),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('5-keys');
    const revoked = await fetch(`${site.url}/registrations`, { headers: { authorization: `Bearer ${key}` } });
    expect(revoked.status).toBe(401);
  });

  it('lists the signing keys with their state, source and public key, and rotates only after confirmation', async () => {
    // The key set makes the first key if no v1a message has been signed yet.
    const published = async () =>
      ((await (await fetch(`${site.url}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string; x: string }> }).keys;
    const [first] = await published();
    await page.getByRole('button', { name: 'Signing keys' }).click();
    await page.getByText('Loading signing keys: done.').waitFor();
    const signing = page.locator('tr[data-state="signing"]');
    await expect.poll(() => signing.count()).toBe(1);
    expect(await signing.getAttribute('data-signing-key')).toBe(first!.kid);
    const row = await signing.innerText();
    expect(row).toContain(`whpk_${Buffer.from(first!.x, 'base64url').toString('base64')}`);
    expect(row).toMatch(/signing[\s\S]*server/);

    await page.getByRole('button', { name: 'Rotate signing key' }).click();
    await page.getByRole('group', { name: 'Confirm rotating the signing key' }).getByRole('button', { name: 'Cancel' }).click();
    expect((await published()).map((k) => k.kid)).toEqual([first!.kid]);
    await page.getByRole('button', { name: 'Rotate signing key' }).click();
    await page.getByRole('button', { name: 'Confirm rotate' }).click();
    await page.getByText('Rotating the signing key: done.').waitFor();
    const [next] = await published();
    expect(next!.kid).not.toBe(first!.kid);
    // The new key waits to sign (two minutes); the first still signs until then.
    expect(
      await page
        .locator('tr[data-signing-key]')
        .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-signing-key'), r.getAttribute('data-state')])),
    ).toEqual([
      [next!.kid, 'pending'],
      [first!.kid, 'signing'],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('5b-signing-keys');
    // Now with rows (the narrow-window test above saw none yet): the public keys wrap, the page does not scroll sideways.
    await page.setViewportSize({ width: 420, height: 900 });
    try {
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
    } finally {
      await page.setViewportSize({ width: 1300, height: 900 });
    }
  });

  it('lets an admin filter targets and deliveries by owner', async () => {
    const created = await fetch(`${site.url}/apiKeys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'venue', scope: 'subscriber' }),
    });
    const venue = (await created.json()) as { id: string; key: string };
    const registered = await fetch(`${site.url}/registerForAlert`, {
      method: 'POST',
      headers: { authorization: `Bearer ${venue.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.receiverUrl}/venue` }),
    });
    expect(registered.status).toBe(200);

    // The admin's own registration was deleted above: every owner shows the venue's, the admin's own none.
    await page.getByRole('button', { name: 'Registrations & subscriptions' }).click();
    const rows = page.locator('tr[data-target^="reg_"]');
    await expect.poll(() => rows.count()).toBe(1);
    const owner = page.locator('#t-owner');
    await expect.poll(() => owner.locator('option').count()).toBeGreaterThan(2);
    await owner.selectOption(venue.id);
    await expect.poll(() => page.locator(`tr[data-target^="reg_"][data-owner="${venue.id}"]`).count()).toBe(1);
    const adminId = await owner.locator('option', { hasText: /^ADMIN_API_KEY \(key_/ }).getAttribute('value');
    await owner.selectOption(adminId!);
    await page.getByText('Nothing registered yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An answer for an earlier choice that arrives late must not overwrite the later choice.
    const late = await holdAnswers(page, (url) => url.searchParams.get('ownerKeyId') === venue.id);
    await owner.selectOption(venue.id);
    await expect.poll(() => late.held).toBeGreaterThan(0);
    await owner.selectOption(adminId!);
    await page.getByText('Nothing registered yet.').waitFor();
    await late.release();
    expect(await page.locator('tr[data-target^="reg_"]').count()).toBe(0);
    await expect(page.getByText('Nothing registered yet.').isVisible()).resolves.toBe(true);

    // The venue has no deliveries; the admin's stock deliveries come back with "any".
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.locator('tr[data-delivery]').first().waitFor();
    await page.locator('#f-owner').selectOption(venue.id);
    await page.getByText('No deliveries match.').waitFor();
    await page.locator('#f-owner').selectOption('');
    await page.locator('tr[data-delivery]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot('6-owner-filter');
  });

  it('shows a subscriber only its own records, without the admin views', async () => {
    const created = await fetch(`${site.url}/apiKeys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fan', scope: 'subscriber' }),
    });
    const { key } = (await created.json()) as { key: string };
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.locator('#api-key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#reg-url').fill(`${site.receiverUrl}/fan`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.locator('tr[data-target^="reg_"]').waitFor();
    expect(await page.locator('tr[data-target^="reg_"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'API keys' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Signing keys' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    expect(await page.locator('#t-owner').count()).toBe(0);
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByText('No deliveries match.').waitFor();
    expect(await page.locator('#f-owner').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('7-subscriber');
  });

  it('broke no CSP rule and asked nothing of another host', () => {
    expect(cspViolations).toEqual([]);
    expect(offHost).toEqual([]);
  });
});
