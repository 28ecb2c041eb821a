/**
 * The fixture majors of test/fixtures/payload-versions (2.0.0: stockUpdate's `Drink.unit`
 * becomes `measure`, the concertAlert callback becomes JSON; 3.0.0: `ingredient` becomes
 * `ingredients`) applied to a copy of this repository, generated and judged as the real spec
 * is: spec:diff, the per-version types and validators, the converters and their chain.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeChecker } from '../../type-checker.js';
import { checkConverters, payloadsOf, type SpecModule } from './check-converters.js';
import { fixtureCopy, repoRoot, script } from './fixture-copy.js';

const exec = promisify(execFile);

const stockUpdate = { kind: 'webhook', event: 'stockUpdate' } as const;
const alertCallback = { kind: 'callback', event: 'concertAlert' } as const;

describe('the fixture 3.0.0 (payload versions 1, 2 and 3)', () => {
  let copy = '';
  let spec: SpecModule;
  beforeAll(async () => {
    ({ copy, spec } = await fixtureCopy('3.0.0'));
  }, 240_000);
  afterAll(() => (copy ? rm(copy, { recursive: true, force: true }) : undefined));

  it('passes spec:diff: each breaking payload change ships with its converter', async () => {
    const diff = await script(copy, 'spec-diff.ts');
    expect(diff.out).toContain('BREAKING  payload-property-removed  webhook stockUpdate (POST)  body application/json /ingredient');
    expect(diff.out).toContain('non-breaking  payload-version-added  payload version 3\n    added (contract 3.0.0)');
    expect(diff.code, diff.out).toBe(0);
  });

  it('lists versions 1 to 3, each from its newest released contract, with version 1 deprecated until its sunset', () => {
    expect(spec.payloadVersions).toEqual([
      { version: 1, contract: '1.1.0', deprecatedAt: '2026-12-06', sunset: '2027-06-06' },
      { version: 2, contract: '2.0.0' },
      { version: 3, contract: '3.0.0' },
    ]);
    expect(spec.currentPayloadVersion).toBe(3);
    const at = (date: string) => [1, 2, 3, 4].map((v) => spec.payloadVersionState(v, new Date(date)));
    expect(at('2026-12-05T23:59:59Z')).toEqual(['supported', 'supported', 'current', undefined]);
    expect(at('2027-06-05T23:59:59Z')).toEqual(['deprecated', 'supported', 'current', undefined]);
    expect(at('2027-06-06T00:00:00Z')).toEqual(['sunset', 'supported', 'current', undefined]);
    expect(spec.supportedPayloadVersions(new Date('2027-06-06T00:00:00Z'))).toEqual([2, 3]);
  });

  it('types each version (the concertAlert callback of version 1 is text, of 2 JSON) and type-checks the converters', async () => {
    await mkdir(join(copy, 'probe'));
    await copyFile(join(repoRoot, 'test/fixtures/payload-versions/probe/types.ts'), join(copy, 'probe/types.ts'));
    const tsconfig = { extends: '../tsconfig.base.json', compilerOptions: { noEmit: true }, include: ['types.ts', '../packages/spec/src'] };
    await writeFile(join(copy, 'probe/tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = await exec(process.execPath, [typeChecker, '-p', join(copy, 'probe')]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(tsc).toBe('');
  });

  it('validates a payload against its own version: version 1 wants `unit`, version 2 `measure`', () => {
    const v1 = spec.versionContracts[1]!.events.find((e) => e.name === 'stockUpdate')!.example;
    expect(spec.validatePayload(stockUpdate, 1, v1)).toEqual({ ok: true });
    expect(spec.validatePayload(stockUpdate, 2, v1)).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([{ pointer: '/body/drink/measure', detail: 'is required' }]),
    });
    expect(spec.versionContracts[2]!.modules['callback.concertAlert']).toMatchObject({
      payloadVersion: 2,
      contentType: 'application/json',
    });
    expect(spec.versionContracts[1]!.modules['callback.concertAlert']).toMatchObject({ payloadVersion: 1, contentType: 'text/plain' });
  });

  it('turns every example and 200 generated payloads of each version into valid payloads of the version before, step by step', () => {
    expect(checkConverters(spec, 200)).toEqual([]);
  });

  it('chains 3 to 2 to 1, each step validated: the first ingredient, and `measure` as one `unit`', () => {
    const example = spec.versionContracts[3]!.events.find((e) => e.name === 'stockUpdate')!.example;
    expect(spec.convertPayload(stockUpdate, example, 1)).toEqual({
      drink: { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: '30 cl' },
      ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 3, unit: 'bunch' },
    });
    fc.assert(
      fc.property(payloadsOf(spec, stockUpdate, 3), (payload) => {
        const before = structuredClone(payload);
        expect(spec.validatePayload(stockUpdate, 1, spec.convertPayload(stockUpdate, payload, 1))).toEqual({ ok: true });
        expect(payload).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it('passes a payload unchanged through a step without a converter, and sends each version in its own media type', () => {
    const update = { concertId: 'con_jazznight2026', change: 'cancelled', text: 'Jazz Night is cancelled.' };
    const body = JSON.stringify(update);
    expect(spec.convertBody(alertCallback, body, 3)).toEqual({ contentType: 'application/json', body });
    expect(spec.convertBody(alertCallback, body, 2)).toEqual({ contentType: 'application/json', body });
    expect(spec.convertBody(alertCallback, body, 1)).toEqual({
      contentType: 'text/plain; charset=utf-8',
      body: 'Jazz Night is cancelled.',
    });
  });

  it('refuses a payload that is not valid for its own version before any converter runs', () => {
    const notV3 = {
      drink: { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: 'glass' },
      ingredient: { id: 'i', name: 'n', stock: 1, unit: 'u' },
    };
    const error = (() => {
      try {
        spec.convertPayload(stockUpdate, notV3, 1);
      } catch (e) {
        return e as InstanceType<SpecModule['PayloadConversionError']>;
      }
    })();
    expect(error).toBeInstanceOf(spec.PayloadConversionError);
    expect(error).toMatchObject({ failure: 'input', step: { from: 3, to: 2 }, converter: 'spec/converters/webhook.stockUpdate/3-to-2.ts' });
    expect(error!.message).toMatch(
      /^The stockUpdate webhook payload is not valid for version 3, so it was not converted: .*\/body\/ingredients is required/,
    );
  });

  it('converts down only, between versions it lists', () => {
    expect(() => spec.convertPayload(stockUpdate, {}, 3, 1)).toThrow(
      new RangeError('payloads convert down only, not from version 1 up to 3'),
    );
    expect(() => spec.convertPayload(stockUpdate, {}, 0)).toThrow(new RangeError('version 0 is not a payload version of this contract'));
  });
});
