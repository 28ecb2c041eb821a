/**
 * The converters of spec/converters/ on this repository's contract: every step of every event,
 * with or without a converter, on every example and on payloads generated from the schemas.
 * A converter that makes an invalid payload of the older version fails here (the fixture
 * contract's test shows one doing so).
 */
import * as spec from '@clubnotify/spec';
import { describe, expect, it } from 'vitest';
import { checkConverters } from './check-converters.js';

describe('the payload versions of spec/', () => {
  it('end with the current major, the version the server makes payloads in', () => {
    expect(spec.payloadVersions.at(-1)).toEqual({
      version: spec.currentPayloadVersion,
      contract: (spec.document.info as { version: string }).version,
    });
    expect(spec.payloadVersionState(spec.currentPayloadVersion)).toBe('current');
    expect(spec.supportedPayloadVersions()).toContain(spec.currentPayloadVersion);
  });

  it("accept each version's own examples", () => {
    for (const { version } of spec.payloadVersions) {
      for (const event of spec.versionContracts[version].events) {
        expect([
          version,
          event.kind,
          event.name,
          spec.validatePayload({ kind: event.kind, event: event.name }, version, event.example),
        ]).toEqual([version, event.kind, event.name, { ok: true }]);
      }
    }
  });

  it('convert every example and 200 generated payloads of each version into valid payloads of the version before', () => {
    expect(checkConverters(spec, 200)).toEqual([]);
  });
});

describe("a converter's output", () => {
  // Version 1's schemas under two versions: only the converter between them is under test.
  const v1 = spec.versionContracts[1];
  const ref = { kind: 'webhook', event: 'stockUpdate' } as const;
  const example = v1.events.find((e) => e.kind === ref.kind && e.name === ref.event)!.example as { drink: object };
  const source = 'spec/converters/webhook.stockUpdate/2-to-1.ts';
  const withConverter = (convert: (payload: { drink: object }) => unknown) =>
    spec.payloadConversion({ current: 2, versions: { 1: v1, 2: v1 }, converters: [{ ...ref, from: 2, to: 1, source, convert }] });

  /** Valid as an object, but its JSON has no `unit`: what the receiver would get. */
  class DrinkWithoutUnitInJson {
    constructor(fields: object) {
      Object.assign(this, fields);
    }
    toJSON() {
      const { unit: _unit, ...sent } = this as unknown as Record<string, unknown>;
      return sent;
    }
  }

  it('is validated as it is sent (serialised): a toJSON that drops a required field fails, naming the converter', () => {
    const conversion = withConverter((p) => ({ ...p, drink: new DrinkWithoutUnitInJson(p.drink) }));
    let error: unknown;
    try {
      conversion.convertBody(ref, JSON.stringify(example), 1);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(spec.PayloadConversionError);
    expect(error).toMatchObject({ failure: 'invalid', converter: source, step: { from: 2, to: 1 } });
    expect((error as Error).message).toMatch(/unit/);
  });

  it('that JSON cannot carry (a BigInt) is a converter that threw, named', () => {
    const conversion = withConverter((p) => ({ ...p, drink: { ...p.drink, stock: 10n } }));
    expect(() => conversion.convertBody(ref, JSON.stringify(example), 1)).toThrow(
      expect.objectContaining({ failure: 'threw', converter: source }) as Error,
    );
  });
});
