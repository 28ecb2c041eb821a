// The maintainer docs stay true by construction: the layers and stages ENGINE.md draws are dependency-cruiser rules,
// every file they name exists, they link the measured figures instead of carrying them, and they stay short.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const server = join(root, 'packages/server');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const engine = read('packages/server/ENGINE.md');
const design = read('packages/server/DESIGN.md');
const readme = read('packages/server/README.md');

type Paths = string | string[] | undefined;
interface Rule {
  name: string;
  from: { path?: Paths; pathNot?: Paths };
  to: { path?: Paths; pathNot?: Paths };
}
const rules = (createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as { forbidden: Rule[] }).forbidden;

const list = (paths: Paths) => (paths === undefined ? [] : Array.isArray(paths) ? paths : [paths]);
/** dependency-cruiser's `$1`: the from path's first group, put into the `to` patterns. */
const fill = (pattern: string, groups: string[]) => pattern.replace(/\$(\d)/g, (_, n: string) => groups[Number(n)] ?? '');

/** The rule that forbids `from` importing `to`, if any. */
export function forbiddenBy(from: string, to: string): string | undefined {
  for (const rule of rules) {
    const matched = list(rule.from.path)
      .map((p) => new RegExp(p).exec(from))
      .find(Boolean);
    if (!matched || list(rule.from.pathNot).some((p) => new RegExp(p).test(from))) continue;
    const groups = [...matched];
    const hits = list(rule.to.path).some((p) => new RegExp(fill(p, groups)).test(to));
    if (hits && !list(rule.to.pathNot).some((p) => new RegExp(fill(p, groups)).test(to))) return rule.name;
  }
  return undefined;
}

/** The rows of the Markdown table under `heading`: the backticked names in its second column. */
export function tableRows(markdown: string, heading: string): string[][] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(heading));
  if (!section) throw new Error(`no section "${heading}"`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .slice(1)
    .map((line) => [...line.split('|')[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

/** A file in a folder the table names (`db/`), or the file it names (`app.ts`), under the server's src/. */
const sample = (name: string) => `packages/server/src/${name.endsWith('/') ? `${name}part.ts` : name}`;

/** Every pair (lower, upper) of the table: what a rule must forbid, lower importing upper. */
function unforbidden(rows: string[][]): string[] {
  const missing: string[] = [];
  rows.forEach((lower, i) =>
    rows.slice(i + 1).forEach((upper) => {
      for (const from of lower) for (const to of upper) if (!forbiddenBy(sample(from), sample(to))) missing.push(`${from} → ${to}`);
    }),
  );
  return missing;
}

describe('the maintainer docs', () => {
  it('draw only layers a dependency-cruiser rule keeps: no row may import a row below it in the table', () => {
    const layers = tableRows(engine, 'Layers');
    expect(layers.length).toBeGreaterThanOrEqual(5);
    expect(unforbidden(layers)).toEqual([]);
  });

  it('draw only stages a dependency-cruiser rule keeps', () => {
    const stages = tableRows(engine, 'Stages');
    expect(stages.map((s) => s[0])).toContain('delivery/claim/');
    expect(unforbidden(stages)).toEqual([]);
  });

  it('name every part of delivery/ in the stage table, so a new folder or file finds its place in the map', () => {
    const named = tableRows(engine, 'Stages').flat();
    const entries = readdirSync(join(server, 'src/delivery'), { withFileTypes: true }).map((e) =>
      e.isDirectory() ? `delivery/${e.name}/` : `delivery/${e.name}`,
    );
    expect(entries.filter((entry) => !named.includes(entry))).toEqual([]);
  });

  it('name parts where they are: each part of the Parts table is declared in its file, which calls what it asks', () => {
    const section = engine.split(/^## /m).find((s) => s.startsWith('Parts'))!;
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| part '));
    const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const wrong = rows.flatMap((row) => {
      const [part, file, , asks] = row
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      const files = ticked(file!).filter((f) => f.endsWith('.ts'));
      const text = files.map((f) => readFileSync(join(server, 'src', f), 'utf8')).join('\n');
      const declared = ticked(part!).filter((name) => new RegExp(`(class|function|const|interface|type) ${name}\\b`).test(text));
      const missing = ticked(asks!).filter((name) => /^\w+$/.test(name) && !new RegExp(`\\b${name}\\b`).test(text));
      return [
        ...(declared.length === 0 && ticked(part!).length > 0 ? [`${part} is declared in none of ${files.join(', ')}`] : []),
        ...missing.map((name) => `${part} asks ${name}, which ${files.join(', ')} never names`),
      ];
    });
    expect(rows.length).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });

  it('the check sees a missing rule: an upward import the rules allow is reported', () => {
    expect(forbiddenBy(sample('db/'), sample('routes/'))).toBeDefined();
    expect(forbiddenBy(sample('routes/'), sample('db/'))).toBeUndefined();
    expect(unforbidden([['routes/'], ['db/']])).toEqual(['routes/ → db/']);
  });

  it('name only files that exist', () => {
    const named = (markdown: string) =>
      [...markdown.matchAll(/`([\w./-]+\/[\w.-]+\.(?:ts|js|cjs|json|md))`/g)].map((m) => m[1]!).filter((p) => !p.includes('<'));
    const places = [join(server, 'src'), server, root];
    const files = [engine, design, readme, read('docs/bench-results.md')].flatMap(named);
    expect(files.length).toBeGreaterThan(40);
    const missing = files.filter((file) => !places.some((place) => existsSync(join(place, file))));
    expect(missing).toEqual([]);
  });

  it('link the measured figures instead of carrying them', () => {
    for (const doc of [engine, design, readme]) expect(doc).toContain('docs/bench-results.md');
    expect(read('docs/bench-results.md')).toContain('## Figures moved from the docs');
  });

  it('carry no measured figure in prose: no range of times or sizes, no microseconds, no percentages', () => {
    const section = readme.split(/^## /m).find((s) => s.startsWith('The delivery engine'))!;
    const measured = /\d[\d.,]*\s?[–-]\s?\d[\d.,]*\s?(ms|µs|s|%|MB|KB)\b|\d\s?(µs|%)/;
    const lines = [design, engine, section].flatMap((doc) => doc.split('\n')).filter((line) => measured.test(line));
    expect(lines).toEqual([]);
    expect(measured.test('the claim took 16–26 ms')).toBe(true);
    expect(measured.test('database CPU fell by 4.4 %')).toBe(true);
  });

  it('total under 600 lines: DESIGN.md, ENGINE.md and the README engine section', () => {
    const section = readme.split(/^## /m).find((s) => s.startsWith('The delivery engine'))!;
    const lines = (text: string) => text.trimEnd().split('\n').length;
    expect(lines(design) + lines(engine) + lines(section)).toBeLessThan(600);
  });
});
