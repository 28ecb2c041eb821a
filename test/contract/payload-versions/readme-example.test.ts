/**
 * The README's "Evolving a webhook without breaking receivers" takes its example from the fixture
 * 2.0.0 that `npm test` applies (test/fixtures/payload-versions/): what it shows is what the
 * fixture does. The spec:diff line it quotes is checked against spec:diff's own output in
 * broken-converter.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { VERSIONS } from '../../fixtures/payload-versions/contracts.js';
import { evolvingBlocks, repoRoot } from './fixture-copy.js';

const converters = join(repoRoot, 'test/fixtures/payload-versions/2.0.0/converters');
/** Code as the README may show it: without doc comments and blank lines. */
const bare = (code: string) => code.replace(/^\/\*\*.*\*\/\n/gm, '').replace(/\n{2,}/g, '\n');
const converter = (file: string) => bare(readFileSync(join(converters, file), 'utf8'));

describe("the README's example of a breaking payload change", () => {
  const blocks = evolvingBlocks();

  it("declares the versions as the fixture's 2.0.0 does: version 1 deprecated with its sunset, 2 current", () => {
    const yaml = blocks.filter((b) => b.lang === 'yaml');
    expect(yaml).toHaveLength(1);
    const { info } = parse(yaml[0]!.code) as { info: Record<string, unknown> };
    expect(info.version).toBe('2.0.0');
    expect({ 'x-clubnotify-payload-versions': info['x-clubnotify-payload-versions'] }).toEqual(parse(VERSIONS['2.0.0'][1]));
  });

  it("shows the fixture's stockUpdate converter as its file has it, and its concertAlert one", () => {
    const ts = blocks.filter((b) => b.lang === 'ts');
    expect(ts).toHaveLength(1);
    const [path, ...code] = ts[0]!.code.split('\n');
    expect(path).toBe('// spec/converters/webhook.stockUpdate/2-to-1.ts');
    expect(bare(code.join('\n'))).toBe(converter('webhook.stockUpdate/2-to-1.ts'));
    expect(converter('callback.concertAlert/2-to-1.ts')).toContain('(update) => update.text;');
  });
});
