// npm run bench keeps what it printed: each bench's tables with the command, date, Node.js and machine.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entry, keep, RUNS_HEADING, tables, thisMachine } from './bench/results.js';

const run = { bench: 'peers', command: 'npm run bench -- peers', date: '2026-12-06T09:30Z', node: 'v24.1.0', machine: '2 × CPU' };
const printed = [
  '## peers',
  'warming up…',
  '### burst',
  '',
  '| measure | value |',
  '|---|---:|',
  '| delivered/s | 6000 |',
  '',
  'done',
].join('\n');

describe('bench results', () => {
  it('keep the tables a bench printed, and nothing else', () => {
    expect(tables(printed)).toBe('#### burst\n\n| measure | value |\n|---|---:|\n| delivered/s | 6000 |');
  });

  it('name the command, the date, Node.js and the machine of each run', () => {
    const text = entry(run, printed);
    expect(text).toContain('### peers, 2026-12-06T09:30Z');
    expect(text).toContain('- command: `npm run bench -- peers`');
    expect(text).toContain('- Node.js: v24.1.0');
    expect(text).toContain('- machine: 2 × CPU');
    expect(text).toContain('| delivered/s | 6000 |');
    expect(entry(run, 'no table here')).toContain('(no table printed)');
  });

  it('describe this machine by cores, model, memory and load', () => {
    expect(thisMachine()).toMatch(/^\d+ × .+, \d+ GiB, .+, load \d+\.\d$/);
  });

  it('append runs under one heading, after what the file already holds', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'bench-results-')), 'results.md');
    await writeFile(file, '# Measured figures\n');
    await keep(file, entry(run, printed));
    await keep(file, entry({ ...run, date: '2026-12-07T10:00Z' }, printed));
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('# Measured figures\n')).toBe(true);
    expect(text.split(RUNS_HEADING)).toHaveLength(2);
    expect(text.indexOf('2026-12-06T09:30Z')).toBeLessThan(text.indexOf('2026-12-07T10:00Z'));
  });
});
