// What `npm run bench` measured, kept: each bench's tables go into docs/bench-results.md with the command, the date,
// the Node.js version and the machine, so the docs name a figure's entry instead of carrying it in prose.
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';

/** Where a run happened: what a figure means depends on it. */
export interface Run {
  bench: string;
  command: string;
  /** ISO date and time (UTC) the bench ended. */
  date: string;
  node: string;
  machine: string;
}

/** This machine: cores, CPU model, memory, and how busy it was (the 1-minute load average) when the bench ended. */
export function thisMachine(): string {
  const cpus = os.cpus();
  const gib = Math.round(os.totalmem() / 2 ** 30);
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${gib} GiB, ${os.platform()} ${os.release()}, load ${os.loadavg()[0]!.toFixed(1)}`;
}

/** The tables in what a bench printed: its `###` headings and the Markdown table lines under them, nothing else. */
export function tables(printed: string): string {
  const kept: string[] = [];
  for (const line of printed.split('\n')) {
    if (line.startsWith('###')) kept.push('', `#${line}`, '');
    else if (line.startsWith('|')) kept.push(line);
  }
  return kept.join('\n').trim();
}

/** One entry of the results file: a heading naming the bench and date, the run's facts, then its tables. */
export function entry(run: Run, printed: string): string {
  const facts = [
    `### ${run.bench}, ${run.date}`,
    '',
    `- command: \`${run.command}\``,
    `- Node.js: ${run.node}`,
    `- machine: ${run.machine}`,
  ];
  const found = tables(printed);
  return [...facts, '', found || '(no table printed)', '', ''].join('\n');
}

/** The heading under which runs are appended, newest last. */
export const RUNS_HEADING = '## Runs written by `npm run bench`';

/** Appends an entry to the results file, starting the runs section when the file has none. */
export async function keep(file: string, text: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => '');
  if (!current.includes(RUNS_HEADING)) await writeFile(file, `${current}${current ? '\n' : ''}${RUNS_HEADING}\n\n`);
  await appendFile(file, text);
}
