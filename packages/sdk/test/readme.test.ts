import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url);

describe('README', () => {
  it.each(['first-call', 'pagination', 'errors', 'retries'])(
    'shows the %s example exactly as readme-first-call.ts and readme-examples.ts compile it',
    async (region) => {
      const files = ['readme-first-call.ts', 'readme-examples.ts'];
      const examples = (await Promise.all(files.map((f) => readFile(new URL(f, here), 'utf8')))).join('\n');
      const readme = await readFile(new URL('../README.md', here), 'utf8');
      const match = new RegExp(`// #region ${region}\\n([\\s\\S]*?)\\n\\s*// #endregion ${region}`).exec(examples);
      expect(match).not.toBeNull();
      const lines = match![1]!.split('\n');
      const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
      const code = lines.map((l) => l.slice(indent)).join('\n');
      expect(readme).toContain('```ts\n' + code + '\n```');
    },
  );
});
