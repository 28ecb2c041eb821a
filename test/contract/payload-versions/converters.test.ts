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
