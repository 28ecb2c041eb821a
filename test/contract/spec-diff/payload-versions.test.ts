import { describe, expect, it } from 'vitest';
import { runGate } from '../../../scripts/spec-diff/gate.js';

type Json = Record<string, any>;

const CHANGELOG = '## 3.0.0\n\n- breaking\n\n## 2.0.0\n\n- breaking\n';
const header = { in: 'header', name: 'webhook-id', required: true, schema: { type: 'string' } };

/** A contract at `version` whose `thing` webhook carries `payload`, listing `versions` (undefined: no declaration). */
function contract(version: string, payload: Json, versions?: Json, headers: Json[] = [header]): Json {
  return {
    openapi: '3.1.0',
    info: { title: 't', version, ...(versions ? { 'x-clubnotify-payload-versions': versions } : {}) },
    paths: {},
    webhooks: {
      thing: {
        post: {
          parameters: headers,
          requestBody: { content: { 'application/json': { schema: payload } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };
}

const v1 = { type: 'object', required: ['unit'], properties: { unit: { type: 'string' } } };
const v2 = { type: 'object', required: ['measure'], properties: { measure: { type: 'number' } } };
const CONVERTER = 'spec/converters/webhook.thing/2-to-1.ts';

function gate(released: Json[], current: Json, converters: string[] = [], now = new Date('2026-12-06')) {
  return runGate({ released: released.at(-1)!, releasedContracts: released, current, changelog: CHANGELOG, converters, now });
}

const rules = (result: ReturnType<typeof gate>) =>
  result.changes
    .filter(
      (c) => c.rule.startsWith('payload-version') || c.rule.startsWith('payload-converter') || c.rule.startsWith('payload-header-change'),
    )
    .map((c) => `${c.rule} ${c.level}`);

describe('spec:diff on payload versions', () => {
  const released = [contract('1.0.0', v1)];

  it('refuses a breaking payload change while the older version is sent, naming the event and the missing converter', () => {
    const result = gate(released, contract('2.0.0', v2, { '1': {}, '2': {} }));
    expect(result.ok).toBe(false);
    expect(result.text).toContain(
      'POLICY  payload-converter-missing  webhook thing (POST)\n    thing: breaking payload change 2.0.0 → 1 has no converter spec/converters/webhook.thing/2-to-1.ts (payload-property-removed body application/json /unit)',
    );
    expect(result.text).toContain(
      'a new major does not allow them:\n  - webhook thing (POST): thing: breaking payload change 2.0.0 → 1 has no converter',
    );
  });

  it('passes it with the converter, as a new major', () => {
    const result = gate(released, contract('2.0.0', v2, { '1': {}, '2': {} }), [CONVERTER]);
    expect(rules(result)).toEqual(['payload-version-added non-breaking']);
    expect(result.ok).toBe(true);
  });

  it('needs no converter for a change receivers of the older version can ignore', () => {
    const added = { ...v1, properties: { ...v1.properties, extra: { type: 'string' } } };
    expect(gate(released, contract('1.1.0', added, { '1': {} })).ok).toBe(true);
  });

  it('checks every adjacent pair of versions, not only the newest release: a converter removed later is missed', () => {
    const two = contract('2.0.0', v2, { '1': {}, '2': {} });
    const result = gate([...released, two], contract('3.0.0', v2, { '1': {}, '2': {}, '3': {} }));
    expect(rules(result)).toEqual(['payload-version-added non-breaking', 'payload-converter-missing breaking']);
  });

  it.each([
    ['without a sunset', {}, 'payload-version-removed-without-deprecation breaking', false],
    [
      'before its sunset',
      { 'x-deprecated-at': '2026-06-01', 'x-sunset': '2026-12-07' },
      'payload-version-removed-before-sunset breaking',
      false,
    ],
    [
      'after its sunset',
      { 'x-deprecated-at': '2026-06-01', 'x-sunset': '2026-12-06' },
      'payload-version-removed-after-sunset non-breaking',
      true,
    ],
  ])('judges a version dropped %s', (_, dates, rule, ok) => {
    const two = contract('2.0.0', v2, { '1': dates, '2': {} });
    const result = gate([...released, two], contract('2.1.0', v2, { '2': {} }));
    expect(rules(result)).toEqual([rule]);
    expect(result.ok).toBe(ok);
  });

  it('treats a contract without the declaration as sending its own major: 2.0.0 may not drop version 1 silently', () => {
    const result = gate(released, contract('2.0.0', v2));
    expect(rules(result)).toContain('payload-version-removed-without-deprecation breaking');
  });

  it.each([
    [{ 'x-sunset': '2027-06-06' }, 'payload-version-sunset-missing'],
    [{ 'x-deprecated-at': '2026-12-06', 'x-sunset': '2027-06-05' }, 'payload-version-sunset-date-too-small'],
  ])('holds a deprecated version to six months of notice: %j', (dates, rule) => {
    const result = gate(released, contract('2.0.0', v2, { '1': dates, '2': {} }), [CONVERTER]);
    expect(rules(result)).toContain(`${rule} breaking`);
    expect(result.ok).toBe(false);
  });

  it('reports a version newly deprecated', () => {
    const two = contract('2.0.0', v2, { '1': {}, '2': {} });
    const result = gate(
      [...released, two],
      contract('2.1.0', v2, { '1': { 'x-deprecated-at': '2026-12-06', 'x-sunset': '2027-06-06' }, '2': {} }),
      [CONVERTER],
    );
    expect(rules(result)).toEqual(['payload-version-deprecated non-breaking']);
    expect(result.text).toContain('deprecated, sunset 2027-06-06');
  });

  it.each([
    [{ '2': {} }, 'info.x-clubnotify-payload-versions must list the current major 3'],
    [{ '1': {}, '3': {} }, 'must list every major from 1 to 3: add 2'],
    [{ '1': {}, '2': {}, '3': { 'x-sunset': '2027-06-06' } }, 'the current major cannot be deprecated or have a sunset'],
    [{ '1': {}, '2': { 'x-sunset': '6 June' }, '3': {} }, 'x-sunset must be a date (YYYY-MM-DD)'],
  ])('refuses a malformed declaration %j', (versions, message) => {
    const result = gate(released, contract('3.0.0', v2, versions));
    expect(rules(result)).toEqual(['payload-versions-invalid breaking']);
    expect(result.text).toContain(message);
  });

  it('refuses a version with no released contract to send it from', () => {
    const result = gate(released, contract('3.0.0', v2, { '1': {}, '2': {}, '3': {} }));
    expect(result.text).toContain('lists 2, but spec/released/ has no 2.x.y.json to send it from');
  });

  it('refuses a breaking change to delivery headers while an older version is sent: no converter carries headers', () => {
    const result = gate(released, contract('2.0.0', v1, { '1': {}, '2': {} }, []));
    expect(rules(result)).toContain('payload-header-change-unconvertible breaking');
    expect(result.ok).toBe(false);
  });
});
