import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { hasBreakingEntry, runGate } from '../../../scripts/spec-diff/gate.js';

type Json = Record<string, any>;
const root = resolve(import.meta.dirname, '../../..');
const released = JSON.parse(await readFile(join(root, 'spec/released/1.0.0.json'), 'utf8')) as Json;
const changelog = await readFile(join(root, 'packages/spec/CHANGELOG.md'), 'utf8');

function renameNextCursor(document: Json): Json {
  const envelope = document.components.schemas.ItemCursorPlain;
  envelope.properties = Object.fromEntries(
    Object.entries(envelope.properties).map(([k, v]) => [k === 'next_cursor' ? 'nextCursor' : k, v]),
  );
  envelope.required = envelope.required.map((k: string) => (k === 'next_cursor' ? 'nextCursor' : k));
  return document;
}

function changed(edit: (document: Json) => void): Json {
  const document = structuredClone(released);
  edit(document);
  return document;
}

const gate = (current: Json, log = changelog) => runGate({ released, current, changelog: log, now: new Date('2026-11-25') });

describe('spec:diff on everyday changes', () => {
  it('refuses renaming next_cursor on /items/cursor, naming the break and the paginators it breaks', () => {
    const result = gate(changed(renameNextCursor));
    expect(result.ok).toBe(false);
    expect(result.text).toContain('BREAKING  response-property-removed  GET /items/cursor  response 200 application/json /next_cursor');
    expect(result.text).toContain(
      'property `next_cursor` was removed (renamed to `nextCursor`?)\n    breaks: SDK paginators and every integrated client',
    );
    expect(result.text).toMatch(/info\.version is 1\.0\.0, not a new major over 1\.0\.0.*set info\.version to 2\.0\.0/);
  });

  it('refuses removing GET /items/offsets/linked, which was never deprecated', () => {
    const result = gate(changed((d) => delete d.paths['/items/offsets/linked']));
    expect(result.ok).toBe(false);
    expect(result.text).toContain('BREAKING  api-removed-without-deprecation  GET /items/offsets/linked\n');
    expect(result.text).toContain('breaks: SDK paginators and every integrated client');
    expect(result.text).toMatch(/break the deprecation policy .*a new major does not allow them/);
  });

  it('refuses dropping the Link header of /items/pages/link-header, which the SDK paginator follows', () => {
    const result = gate(changed((d) => delete d.paths['/items/pages/link-header'].get.responses['200'].headers.Link));
    expect(result.ok).toBe(false);
    expect(result.text).toContain(
      'BREAKING  response-header-removed  GET /items/pages/link-header  response 200 header Link\n    header `Link` was removed\n    breaks: SDK paginators and every integrated client',
    );
  });

  it('allows the rename as a new major with a breaking entry in the changelog', () => {
    const current = changed((d) => {
      renameNextCursor(d);
      d.info.version = '2.0.0';
    });
    expect(gate(current).ok).toBe(false);
    const withEntry = changelog.replace(
      '## Unreleased',
      '## 2.0.0\n\n- **Breaking:** `/items/cursor` pages carry `nextCursor` instead of `next_cursor`.\n\n## Unreleased',
    );
    const result = gate(current, withEntry);
    expect(result.text).toContain('released as the new major 2.0.0');
    expect(result.ok).toBe(true);
  });

  it('passes an additive change as non-breaking: a new optional response field and a new operation', () => {
    const result = gate(
      changed((d) => {
        d.components.schemas.Item.properties.tags = { type: 'array', items: { type: 'string' } };
        d.paths['/items/tags'] = { get: { operationId: 'listTags', responses: { '200': { description: 'ok' } } } };
      }),
    );
    expect(result.changes.map((c) => c.level)).not.toContain('breaking');
    expect(result.text).toContain('non-breaking  endpoint-added  GET /items/tags');
    expect(result.text).toContain('non-breaking  response-property-added  GET /items/cursor  response 200 application/json /data/[]/tags');
    expect(result.ok).toBe(true);
  });

  it("refuses removing a field from the stockUpdate payload, for subscribers' receivers", () => {
    const result = gate(changed((d) => delete d.components.schemas.Drink.properties.unit));
    expect(result.ok).toBe(false);
    expect(result.text).toContain(
      "BREAKING  payload-property-removed  webhook stockUpdate (POST)  body application/json /drink/unit\n    property `unit` was removed\n    breaks: subscribers' receivers",
    );
  });

  it('refuses a new enum value in the stockUpdate payload, which subscribers may switch on', () => {
    const units = (...values: string[]) => changed((d) => (d.components.schemas.Drink.properties.unit = { type: 'string', enum: values }));
    const result = runGate({ released: units('bottle'), current: units('bottle', 'glass'), changelog });
    expect(result.ok).toBe(false);
    expect(result.text).toContain(
      'BREAKING  payload-enum-value-added  webhook stockUpdate (POST)  body application/json /drink/unit\n    enum gained "glass"\n    breaks: subscribers\' receivers',
    );
  });

  it("refuses dropping the webhook-signature header from deliveries, for subscribers' receivers", () => {
    const result = gate(
      changed(
        (d) =>
          (d.webhooks.stockUpdate.post.parameters = d.webhooks.stockUpdate.post.parameters.filter(
            (p: Json) => !p.$ref.endsWith('/WebhookSignature'),
          )),
      ),
    );
    expect(result.ok).toBe(false);
    expect(result.text).toContain(
      "BREAKING  payload-header-removed  webhook stockUpdate (POST)  parameter header webhook-signature\n    parameter `header webhook-signature` was removed\n    breaks: subscribers' receivers",
    );
  });

  it("refuses turning the concertAlert callback's text body into JSON, for subscribers' receivers", () => {
    const result = gate(
      changed((d) => {
        const content = d.paths['/concertUpdates'].post.callbacks.concertAlert['{$request.body#/callbackUrl}'].post.requestBody.content;
        content['application/json'] = content['text/plain'];
        delete content['text/plain'];
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.text).toContain(
      "BREAKING  payload-media-type-removed  callback concertAlert (POST {$request.body#/callbackUrl}) of POST /concertUpdates  body text/plain\n    media type `text/plain` was removed\n    breaks: subscribers' receivers",
    );
  });
});

describe('a breaking entry in the changelog', () => {
  it.each([
    ['## 2.0.0\n\n- **Breaking:** renamed', true],
    ['## [2.0.0] - 2026-12-01\n\n- BREAKING CHANGE: renamed', true],
    ['## v2.0.0 (2026-12-01)\n\n- breaking: renamed', true],
    ['## 2.0.0\n\n- renamed\n\n## 1.0.0\n\n- breaking', false],
    ['## 2.0.01\n\n- breaking', false],
    ['## Unreleased\n\n- breaking', false],
  ])('%j has one for 2.0.0: %s', (changelog, want) => {
    expect(hasBreakingEntry(changelog, '2.0.0')).toBe(want);
  });
});

describe('npm run spec:diff', () => {
  const run = promisify(execFile);
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('exits 1 and prints the break on stderr for a renamed pagination field', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cn-spec-diff-'));
    dirs.push(dir);
    await writeFile(join(dir, 'current.json'), JSON.stringify(changed(renameNextCursor)));
    const failure = await run(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, 'scripts/spec-diff.ts'), '--current', join(dir, 'current.json')],
      { cwd: root },
    ).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('response-property-removed  GET /items/cursor');
    expect(failure?.stderr).toContain('breaks: SDK paginators and every integrated client');
  });
});
