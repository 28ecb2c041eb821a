import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { describesRelease, runGate } from '../../../scripts/spec-diff/gate.js';

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
    // A breach of the deprecation policy, said as such: not as a break of SDK paginators.
    expect(result.text).toContain('POLICY  api-removed-without-deprecation  GET /items/offsets/linked\n');
    expect(result.text).toContain('    violates: the deprecation policy: clients get dates and Deprecation/Sunset headers, and 6 months');
    expect(result.text).not.toContain('breaks: SDK paginators');
    expect(result.text).toMatch(/\n1 policy violation\(s\), 0 breaking, 0 non-breaking\n/);
    expect(result.text).toMatch(/break the deprecation policy .*a new major does not allow them/);
  });

  it('refuses dropping the Link header of /items/pages/link-header, which the SDK paginator follows', () => {
    const result = gate(changed((d) => delete d.paths['/items/pages/link-header'].get.responses['200'].headers.Link));
    expect(result.ok).toBe(false);
    expect(result.text).toContain(
      'BREAKING  response-header-removed  GET /items/pages/link-header  response 200 header Link\n    header `Link` was removed\n    breaks: SDK paginators and every integrated client',
    );
  });

  it('allows the rename as a new major described under ## 2.0.0 in the changelog, without the word "breaking"', () => {
    const current = changed((d) => {
      renameNextCursor(d);
      d.info.version = '2.0.0';
      d.info['x-clubnotify-payload-versions'] = { '1': {}, '2': {} };
    });
    const refused = gate(current);
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain(
      '✖ 1 breaking change(s) for the new major 2.0.0, and packages/spec/CHANGELOG.md has no `## 2.0.0` section. Describe the break there',
    );
    // The version is already the new major: the message does not ask to set it.
    expect(refused.text).not.toMatch(/set info\.version/);
    const empty = gate(current, changelog.replace('## Unreleased', '## 2.0.0\n\n## Unreleased'));
    expect(empty.text).toContain('packages/spec/CHANGELOG.md has an empty `## 2.0.0` section');
    const withEntry = changelog.replace(
      '## Unreleased',
      '## 2.0.0\n\n- `/items/cursor` pages carry `nextCursor` instead of `next_cursor`.\n\n## Unreleased',
    );
    const result = gate(current, withEntry);
    expect(result.text).toContain('released as the new major 2.0.0, described under `## 2.0.0` in the changelog');
    expect(result.ok).toBe(true);
  });

  it('lists only breaking changes with breakingOnly, and says how many it left out; the verdict weighs all', () => {
    const current = changed((d) => {
      renameNextCursor(d);
      d.components.schemas.Item.properties.tags = { type: 'array', items: { type: 'string' } };
    });
    const all = gate(current);
    const result = runGate({ released, current, changelog, now: new Date('2026-11-25'), shown: { breakingOnly: true } });
    expect(all.text).toMatch(/^non-breaking {2}response-property-added/m);
    expect(result.text).not.toMatch(/^non-breaking/m);
    expect(result.text).toContain('BREAKING  response-property-removed  GET /items/cursor');
    const hidden = all.changes.filter((c) => c.level !== 'breaking').length;
    expect(result.text).toContain(`(${hidden} more change(s) not shown: non-breaking; the verdict counts them all)`);
    expect(result.ok).toBe(false);
  });

  it('lists only the changes since an earlier contract: what the release already differed by is left out', () => {
    const before = changed((d) => (d.components.schemas.Item.properties.tags = { type: 'array', items: { type: 'string' } }));
    const current = changed((d) => {
      d.components.schemas.Item.properties.tags = { type: 'array', items: { type: 'string' } };
      d.paths['/items/tags'] = { get: { operationId: 'listTags', responses: { '200': { description: 'ok' } } } };
    });
    const result = runGate({ released, current, changelog, now: new Date('2026-11-25'), shown: { since: before, sinceLabel: 'main' } });
    expect(result.text.split('\n').slice(0, 3)).toEqual([
      'spec:diff: released 1.0.0 -> current 1.0.0 (changes since main)',
      'non-breaking  endpoint-added  GET /items/tags',
      '    added',
    ]);
    expect(result.text).not.toContain('/data/[]/tags');
    expect(result.text).toMatch(/\(\d+ more change\(s\) not shown: already there at main; the verdict counts them all\)/);
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

describe('a changelog section for the new major', () => {
  it.each([
    ['## 2.0.0\n\n- **Breaking:** renamed', true],
    ['## [2.0.0] - 2026-12-01\n\n- BREAKING CHANGE: renamed', true],
    ['## v2.0.0 (2026-12-01)\n\n- breaking: renamed', true],
    ['## 2.0.0\n\n- renamed\n\n## 1.0.0\n\n- breaking', true],
    ['## 2.0.0\n\n## 1.0.0\n\n- renamed', false],
    ['## 2.0.01\n\n- breaking', false],
    ['## Unreleased\n\n- breaking', false],
  ])('%j describes 2.0.0: %s', (changelog, want) => {
    expect(describesRelease(changelog, '2.0.0')).toBe(want);
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

  /** A copy of what spec:diff reads (spec/, redocly.yaml, the changelog), for --root. */
  async function copyOfSpec(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'cn-spec-diff-'));
    dirs.push(dir);
    await cp(join(root, 'spec'), join(dir, 'spec'), { recursive: true });
    await cp(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));
    await mkdir(join(dir, 'packages/spec'), { recursive: true });
    await cp(join(root, 'packages/spec/CHANGELOG.md'), join(dir, 'packages/spec/CHANGELOG.md'));
    return dir;
  }

  const specDiff = (args: string[]) =>
    run(join(root, 'node_modules/.bin/tsx'), ['--conditions=clubnotify-source', join(root, 'scripts/spec-diff.ts'), ...args], {
      cwd: root,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  const edit = async (file: string, from: string, to: string) => {
    const text = await readFile(file, 'utf8');
    expect(text).toContain(from);
    await writeFile(file, text.replace(from, to));
  };

  it('says a YAML typo and a bad $ref once each, where they are, without a stack', async () => {
    const dir = await copyOfSpec();
    // Problem.yaml is referenced from many responses: its parse error was printed once per $ref, twice each.
    await edit(join(dir, 'spec/components/schemas/Problem.yaml'), 'required: [type, title, status]', 'required: [type, title, status');
    await edit(join(dir, 'spec/components/responses/NotFound.yaml'), '../schemas/Problem.yaml', '../schemas/Problme.yaml');
    const result = await specDiff(['--root', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'spec:diff: spec/openapi.yaml does not bundle:',
      expect.stringMatching(/^- YAML error: .* in "spec\/components\/schemas\/Problem\.yaml" \(4:\d+\)$/),
      '- bad $ref in spec/components/responses/NotFound.yaml#/content/application~1problem+json/schema: there is no file spec/components/schemas/Problme.yaml',
    ]);
  });

  it('--since <ref> lists only what changed since that commit; --breaking-only only breaking changes', async () => {
    const dir = await copyOfSpec();
    const git = (...args: string[]) => run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], { cwd: dir });
    await git('init', '-q');
    await git('add', '.');
    await git('commit', '-qm', 'base');
    await edit(
      join(dir, 'spec/components/schemas/Problem.yaml'),
      'properties:\n',
      'properties:\n  hint:\n    type: string\n    description: A hint.\n',
    );
    const since = await specDiff(['--root', dir, '--since', 'HEAD']);
    expect(since.code, since.stderr).toBe(0);
    const lines = since.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^spec:diff: released \S+ -> current \S+ \(changes since HEAD\)$/);
    expect(lines.filter((l) => /^(non-breaking|BREAKING|POLICY) /.test(l))).not.toHaveLength(0);
    expect(lines.filter((l) => /^(non-breaking|BREAKING|POLICY) /.test(l)).every((l) => l.includes('/hint'))).toBe(true);
    expect(lines.at(-2)).toMatch(/^\(\d+ more change\(s\) not shown: already there at HEAD; the verdict counts them all\)$/);

    const breakingOnly = await specDiff(['--root', dir, '--breaking-only']);
    expect(breakingOnly.code).toBe(0);
    expect(breakingOnly.stdout.trim().split('\n').slice(1, 3)).toEqual([
      'no changes to show',
      expect.stringMatching(/^\(\d+ more change\(s\) not shown: non-breaking; the verdict counts them all\)$/),
    ]);

    const unknown = await specDiff(['--root', dir, '--since', 'no-such-ref']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toMatch(/^spec:diff: --since no-such-ref: no contract at that commit/);
  });
});
