import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HEADER } from './header.js';
import type { PayloadVersion } from './payload-versions.js';
import { events } from './walk.js';

/** One down-converter: `<folder>/<kind>.<event>/<from>-to-<to>.ts`. */
export interface ConverterFile {
  kind: 'webhook' | 'callback';
  event: string;
  from: number;
  to: number;
  /** Its path as people see it: `spec/converters/webhook.stockUpdate/2-to-1.ts`. */
  source: string;
  code: string;
}

/** Where the converter of one event and step lives, under `folder` (`spec/converters`). */
export const converterPath = (folder: string, kind: string, event: string, from: number) =>
  `${folder}/${kind}.${event}/${from}-to-${from - 1}.ts`;

const STEP = /^([1-9]\d*)-to-([1-9]\d*)\.ts$/;
const ALLOWED_IMPORT = /^import type \{[^}]*\} from '@clubnotify\/spec';$/;

/** Every converter under `dir` (labelled `folder` in messages), checked for its name and imports. */
export async function readConverters(dir: string, folder: string): Promise<ConverterFile[]> {
  const out: ConverterFile[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => a.name.localeCompare(b.name))) {
    const where = `${folder}/${entry.name}`;
    const [, kind, event] = /^(webhook|callback)\.(.+)$/.exec(entry.name) ?? [];
    if (!entry.isDirectory() || !kind || !event)
      throw new Error(`${where}: converters live in folders named <kind>.<event> (webhook.stockUpdate, callback.concertAlert)`);
    for (const file of (await readdir(join(dir, entry.name))).sort()) {
      const step = STEP.exec(file);
      if (!step) throw new Error(`${where}/${file}: a converter is named <from>-to-<to>.ts (2-to-1.ts)`);
      const [from, to] = [Number(step[1]), Number(step[2])];
      if (to !== from - 1) throw new Error(`${where}/${file}: a converter takes one step down (${from}-to-${from - 1}.ts); steps chain`);
      const code = await readFile(join(dir, entry.name, file), 'utf8');
      const imports = code.split('\n').filter((line) => /^\s*(import|export .* from)\b/.test(line) || /\brequire\(|\bimport\(/.test(line));
      const other = imports.find((line) => !ALLOWED_IMPORT.test(line));
      if (other !== undefined)
        throw new Error(
          `${where}/${file}: a converter is a pure function and imports only types from '@clubnotify/spec', not: ${other.trim()}`,
        );
      if (!/^export default /m.test(code)) throw new Error(`${where}/${file}: export the converter as the module's default export`);
      out.push({ kind: kind as ConverterFile['kind'], event, from, to, source: `${where}/${file}`, code });
    }
  }
  return out;
}

/** Each converter must convert between two listed versions that both have its event. */
export function checkConverters(converters: ConverterFile[], versions: PayloadVersion[]): void {
  for (const c of converters) {
    for (const version of [c.from, c.to]) {
      const listed = versions.find((v) => v.version === version);
      if (!listed)
        throw new Error(`${c.source}: payload version ${version} is not listed in info.x-clubnotify-payload-versions (drop the converter)`);
      if (!events(listed.document).some((e) => e.kind === c.kind && e.name === c.event))
        throw new Error(`${c.source}: version ${version} (contract ${listed.contract}) has no ${c.kind} named ${c.event}`);
    }
  }
}

const local = (c: ConverterFile) => `${c.kind}_${c.event.replace(/[^A-Za-z0-9_]/g, '_')}_${c.from}`;
const copyPath = (c: ConverterFile) => `converters/${c.kind}.${c.event}/${c.from}-to-${c.to}`;

/**
 * Each converter copied under `<dir>/converters/` (so that the package ships it; its type import
 * now points at the package's own index), and `<dir>/converters.ts`, the registry of them all.
 */
export function renderConverters(converters: ConverterFile[], dir: string, folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const c of converters) {
    files[`${dir}/${copyPath(c)}.ts`] = `${HEADER}// Copied from ${c.source}.\n${c.code.replace(
      /from '@clubnotify\/spec';$/gm,
      "from '../../../index.js';",
    )}`;
  }
  const entries = converters.map(
    (c) =>
      `  { kind: '${c.kind}', event: ${JSON.stringify(c.event)}, from: ${c.from}, to: ${c.to}, source: ${JSON.stringify(c.source)}, convert: ${local(c)} },`,
  );
  files[`${dir}/converters.ts`] = `${HEADER}import type { ConverterEntry } from '../conversion.js';
${converters.map((c) => `import ${local(c)} from './${copyPath(c)}.js';\n`).join('')}
/** Where converters live, relative to the repository: \`<folder>/<kind>.<event>/<from>-to-<to>.ts\`. */
export const convertersFolder = ${JSON.stringify(folder)};

/** Every down-converter of the contract, one per event and step. */
export const converters: readonly ConverterEntry[] = [
${entries.join('\n')}
];
`;
  return files;
}
