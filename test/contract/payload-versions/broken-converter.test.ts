/**
 * A converter that breaks its promise in the fixture 2.0.0 (one makes an invalid version 1
 * payload, one throws): the converter check fails naming it, and removing one fails spec:diff
 * naming the event and the missing step.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConverters, type SpecModule } from './check-converters.js';
import { evolvingBlocks, fixtureCopy, script } from './fixture-copy.js';

describe('a converter that breaks its promise (fixture 2.0.0)', () => {
  const broken = `import type { Converter } from '@clubnotify/spec';

const convert: Converter<'webhook', 'stockUpdate', 2, 1> = ({ drink: { measure, ...drink }, ingredient }) =>
  ({ drink: measure.quantity > 100 ? drink : { ...drink, unit: measure.unit }, ingredient }) as never;

export default convert;
`;
  const throwing = `import type { Converter } from '@clubnotify/spec';

const convert: Converter<'callback', 'concertAlert', 2, 1> = (update) => {
  if (update.change === 'cancelled') throw new Error('cancellations are not written yet');
  return update.text;
};

export default convert;
`;
  let copy = '';
  let spec: SpecModule;
  beforeAll(async () => {
    ({ copy, spec } = await fixtureCopy('2.0.0', async (at) => {
      await writeFile(join(at, 'spec/converters/webhook.stockUpdate/2-to-1.ts'), broken);
      await writeFile(join(at, 'spec/converters/callback.concertAlert/2-to-1.ts'), throwing);
    }));
  }, 240_000);
  afterAll(() => (copy ? rm(copy, { recursive: true, force: true }) : undefined));

  it('fails the converter check, which names the converter and the payload it failed on', () => {
    const failures = checkConverters(spec, 200);
    expect(failures).toEqual([
      {
        step: 'webhook.stockUpdate 2-to-1',
        input: expect.objectContaining({ drink: expect.objectContaining({ measure: expect.any(Object) }) }),
        error:
          'spec/converters/webhook.stockUpdate/2-to-1.ts made a stockUpdate webhook payload invalid for version 1: /body/drink/unit is required.',
      },
      {
        step: 'callback.concertAlert 2-to-1',
        input: expect.objectContaining({ change: 'cancelled' }),
        error:
          'spec/converters/callback.concertAlert/2-to-1.ts threw on a concertAlert callback payload: cancellations are not written yet',
      },
    ]);
    expect((failures[0]!.input as any).drink.measure.quantity).toBeGreaterThan(100);
  });

  it('refuses, in spec:diff, the converter removed: the event and the missing step are named', async () => {
    await rm(join(copy, 'spec/converters/webhook.stockUpdate/2-to-1.ts'));
    const diff = await script(copy, 'spec-diff.ts');
    expect(diff.code).toBe(1);
    expect(diff.out).toContain(
      'stockUpdate: breaking payload change 2.0.0 → 1 has no converter spec/converters/webhook.stockUpdate/2-to-1.ts (payload-property-removed body application/json /drink/unit)',
    );
    expect(diff.out).toMatch(/a new major does not allow them:\n {2}- webhook stockUpdate \(POST\): stockUpdate: breaking payload change/);
    // The README's "Evolving a webhook" quotes that line as spec:diff prints it.
    const quoted = evolvingBlocks().filter((b) => b.lang === '' && b.code.includes('has no converter'));
    expect(quoted).toHaveLength(1);
    expect(diff.out.split('\n').map((line) => line.trim())).toContain(quoted[0]!.code.trim());
    const check = await script(copy, 'generate.ts', '--check');
    expect(check.code).toBe(1);
    expect(check.out).toContain('stale: packages/spec/src/generated/converters.ts');
    expect(check.out).toContain('not generated, remove: packages/spec/src/generated/converters/webhook.stockUpdate/2-to-1.ts');
  });
});
