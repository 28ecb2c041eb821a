export interface Row {
  name: string;
  ours: number;
  baseline: number;
  unit: string;
  /** `higher` when a larger figure is better (requests/s), `lower` for times. */
  better: 'higher' | 'lower';
  goal?: string;
}

/** Prints a Markdown table of ours vs baseline, with the ratio ours / baseline. */
export function printRatios(title: string, rows: Row[]): void {
  console.log(`### ${title}\n`);
  console.log('| measure | ours | baseline | ratio (ours / baseline) | goal |');
  console.log('|---|---:|---:|---:|---|');
  for (const row of rows) {
    const ratio = row.baseline === 0 ? NaN : row.ours / row.baseline;
    console.log(
      `| ${row.name} | ${fmt(row.ours)} ${row.unit} | ${fmt(row.baseline)} ${row.unit} | ${ratio.toFixed(3)} | ${row.goal ?? ''} |`,
    );
  }
  console.log('');
}

/** Prints a plain table of named figures. */
export function printFigures(title: string, rows: Array<[string, number | string, string?]>): void {
  console.log(`### ${title}\n`);
  console.log('| measure | value |');
  console.log('|---|---:|');
  for (const [name, value, unit] of rows)
    console.log(`| ${name} | ${typeof value === 'number' ? fmt(value) : value}${unit ? ` ${unit}` : ''} |`);
  console.log('');
}

function fmt(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
