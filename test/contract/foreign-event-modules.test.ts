/**
 * The per-event modules the generator writes for another team's spec (parcel-tracking: a
 * date-time format, a dotted event name) validate as its catalogue does and run on an edge
 * runtime, where Ajv's require() of its format helpers would fail.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { EdgeRuntime, runServer } from 'edge-runtime';
import { signedHeaders, type EventContract } from '@clubnotify/receiver';
import { validateBodyWith, type EventModule } from '@clubnotify/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGenerated, repoRoot, runGenerator, type GeneratorRun } from '../run-generator.js';

const SECRET = `whsec_${Buffer.from('foreign-spec-test-secret-32bytes').toString('base64')}`;
const MODULE = 'packages/spec/src/generated/events/webhook.shipment.delivered.ts';
const valid = { shipmentId: 'shp_1', deliveredAt: '2026-03-01T10:00:00Z', signedBy: null };
const invalid = { shipmentId: 'shp_2', deliveredAt: 'yesterday', signedBy: 'x', extra: 1 };

let run: GeneratorRun;
beforeAll(async () => {
  run = await runGenerator((dir) => ['--spec', join(repoRoot, 'test/fixtures/foreign-specs/parcel-tracking.yaml'), '--out', dir]);
  expect(run.code, run.output).toBe(0);
}, 120_000);
afterAll(() => (run ? rm(run.dir, { recursive: true, force: true }) : undefined));

describe('a foreign spec event module (webhook shipment.delivered)', () => {
  it('imports the date-time format as an ES module, not with require()', async () => {
    const source = await readFile(join(run.dir, MODULE), 'utf8');
    expect(source).toContain("import { fullFormats } from 'ajv-formats/dist/formats.js';");
    expect(source).not.toMatch(/require\(|createRequire/);
  });

  it('finds the same field errors as the generated bodyValidators', async () => {
    const [{ event }, { bodyValidators }] = await Promise.all([
      importGenerated<{ event: EventModule }>(run, MODULE),
      importGenerated<{ bodyValidators: EventContract['bodyValidators'] }>(run, 'packages/spec/src/generated/body-validators.ts'),
    ]);
    const key = 'webhook.shipment.delivered.body.application/json';
    expect(event.validate(valid)).toEqual({ ok: true });
    expect(event.validate(invalid)).toEqual(validateBodyWith(bodyValidators, key, invalid));
    expect(event.validate(invalid)).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([{ pointer: '/body/deliveredAt', detail: expect.stringContaining('date-time') }]),
    });
  });

  it('bundles for the edge and, inside edge-runtime, accepts a valid delivery and refuses a bad date-time', async () => {
    const entry = `import { event } from './${MODULE}';
import { createEventReceiver } from '@clubnotify/receiver/edge';
const receive = createEventReceiver({ event, secret: ${JSON.stringify(SECRET)}, handler: () => {} });
addEventListener('fetch', (e) => e.respondWith(receive(e.request)));`;
    const result = await build({
      stdin: { contents: entry, resolveDir: run.dir, loader: 'ts' },
      bundle: true,
      minify: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      conditions: ['clubnotify-source'],
      logLevel: 'silent',
    });
    const edge = await runServer({ runtime: new EdgeRuntime({ initialCode: result.outputFiles[0]!.text }), port: 0, host: '127.0.0.1' });
    try {
      const deliver = async (payload: unknown) => {
        const body = JSON.stringify(payload);
        const headers = {
          'content-type': 'application/json',
          ...signedHeaders(SECRET, { id: `msg_${Math.random().toString(36).slice(2)}`, timestamp: new Date(), body }),
        };
        const response = await fetch(edge.url, { method: 'POST', headers, body });
        return { status: response.status, body: await response.text() };
      };
      expect(await deliver(valid)).toEqual({ status: 200, body: '' });
      const refused = await deliver(invalid);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).errors).toEqual(
        expect.arrayContaining([{ pointer: '/body/deliveredAt', detail: expect.stringContaining('date-time') }]),
      );
    } finally {
      await edge.close();
    }
  });
});
