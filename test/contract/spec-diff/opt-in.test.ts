import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGate } from '../../../scripts/spec-diff/gate.js';
import { doc } from '../spec-document.js';

type Json = Record<string, any>;
const root = resolve(import.meta.dirname, '../../..');
const released = JSON.parse(await readFile(join(root, 'spec/released/1.0.0.json'), 'utf8')) as Json;
const changelog = await readFile(join(root, 'packages/spec/CHANGELOG.md'), 'utf8');
const gate = (current: Json) => runGate({ released, current, changelog, now: new Date('2026-11-25') });
const signatureForms = (document: Json) => document.components.parameters.WebhookSignature.schema.anyOf as Json[];
const current = (edit: (document: Json) => void = () => {}) => {
  const copy = structuredClone(doc);
  edit(copy);
  return copy;
};
const signatureChanges = (document: Json) =>
  gate(document).changes.filter((c) => c.location.includes('webhook-signature') && c.operation.includes('stockUpdate'));

describe('webhook-signature: v1a is an opt-in form of a delivery header', () => {
  it('declares v1 for every target and v1a only for targets whose signature opts in', () => {
    const [everyone, optedIn] = signatureForms(doc).map((form) => new RegExp(form.pattern));
    const v1 = 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=';
    const v1a = `v1a,${'A'.repeat(86)}==`;
    expect([everyone!.test(v1), everyone!.test(`${v1} ${v1}`), everyone!.test(v1a), everyone!.test(`${v1} ${v1a}`)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([optedIn!.test(v1a), optedIn!.test(`${v1} ${v1a}`), optedIn!.test('v1b,AAAA')]).toEqual([true, true, false]);
    expect(signatureForms(doc)[1]!['x-clubnotify-opt-in']).toEqual({
      setting: '#/components/schemas/SignatureScheme',
      values: ['v1a', 'v1,v1a'],
    });
  });

  it('lets the gate pass the widening as an opt-in: the released v1 form is what every receiver still gets', () => {
    const result = gate(current());
    expect(result.ok).toBe(true);
    expect(signatureChanges(current()).map((c) => [c.rule, c.level])).toEqual([['payload-header-opt-in-variant-added', 'non-breaking']]);
  });

  it('refuses it once the default signature would send v1a to receivers that never asked', () => {
    const defaulted = current((d) => (d.components.schemas.SignatureScheme.default = 'v1,v1a'));
    const result = gate(defaulted);
    expect(result.ok).toBe(false);
    expect(signatureChanges(defaulted).map((c) => [c.rule, c.level])).toEqual([
      ['payload-header-opt-in-unsafe', 'breaking'],
      ['payload-header-opt-in-variant-added', 'non-breaking'],
    ]);
    expect(result.text).toContain('default "v1,v1a" opts in, so receivers that never asked get it');
  });

  it('refuses the same widening without the opt-in mark, and an opt-in by a value the setting does not have', () => {
    const unmarked = current((d) => delete signatureForms(d)[1]!['x-clubnotify-opt-in']);
    expect(gate(unmarked).ok).toBe(false);
    expect(signatureChanges(unmarked).map((c) => c.rule)).toContain('payload-header-pattern-changed');
    const unknownValue = current((d) => (signatureForms(d)[1]!['x-clubnotify-opt-in'].values = ['v1a', 'v2']));
    expect(gate(unknownValue).ok).toBe(false);
    expect(gate(unknownValue).text).toContain('has no value "v2"');
  });

  it('refuses narrowing the form every receiver gets, even with the opt-in form left as it was', () => {
    const narrowed = current((d) => (signatureForms(d)[0]!.pattern = '^v1,[A-Za-z0-9+/=]+$'));
    expect(signatureChanges(narrowed).map((c) => [c.rule, c.level])).toContainEqual(['payload-header-pattern-changed', 'breaking']);
  });
});
