import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { HEADER } from './header.js';
import type { OpenAPIDocument } from './bundle.js';
import { deref, events } from './walk.js';

const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;

/** Ajv's runtime requires, and what src/ajv-runtime.ts offers in their place. */
const RUNTIME: Array<[string, string]> = [
  ['require("ajv-formats/dist/formats").fullFormats', 'fullFormats'],
  ['require("ajv/dist/runtime/ucs2length").default', 'ucs2length'],
];

/** The validator as a plain ES module: no require(), no export besides the event. */
function esModule(code: string, event: string): { code: string; imports: string[] } {
  let out = code.replace(/^"use strict";/, '').replace(/export const (v_\w+) = (validate\d+);/g, 'const $1 = $2;');
  const imports: string[] = [];
  for (const [call, name] of RUNTIME) {
    if (!out.includes(call)) continue;
    out = out.split(call).join(name);
    imports.push(name);
  }
  const left = /require\("[^"]+"\)/.exec(out);
  if (left) throw new Error(`the ${event} validator needs ${left[0]}: add it to scripts/generate/event-validators.ts and packages/spec/src/ajv-runtime.ts`);
  return { code: out, imports };
}

const fileName = (kind: string, name: string) => `${kind}.${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * One module per event under `events/`, holding only that event's body validator and what a
 * receiver checks (content type, declared responses): `@clubnotify/spec/events/webhook.stockUpdate`.
 */
export function renderEventModules(document: OpenAPIDocument, ajv: Ajv2020, bodyIds: Record<string, string>, dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const event of events(document)) {
    const body = deref(document, event.operation.requestBody ?? {});
    const contentType = Object.keys(body.content ?? {})[0];
    const id = contentType && bodyIds[`${event.kind}.${event.name}.body.${contentType}`];
    if (!contentType || !id) continue;
    const { code, imports } = esModule(standaloneCode(ajv, { v_body: id }), `${event.kind} ${event.name}`);
    const payloads = event.kind === 'webhook' ? 'WebhookPayloads' : 'CallbackPayloads';
    const contract = { kind: event.kind, name: event.name, contentType, responses: Object.keys(event.operation.responses ?? {}) };
    files[`${dir}/events/${fileName(event.kind, event.name)}.ts`] = `${HEADER}// @ts-nocheck
/* eslint-disable */
${imports.length > 0 ? `import { ${imports.join(', ')} } from '../../ajv-runtime.js';\n` : ''}import { eventModule, type EventModule } from '../../event-module.js';
import type { ${payloads} } from '../events.js';
${code}

/** The ${event.name} ${event.kind}: its content type, declared responses and payload validator, and nothing else of the spec. */
export const event: EventModule<${payloads}[${JSON.stringify(event.name)}], ${JSON.stringify(event.kind)}, ${JSON.stringify(event.name)}> = eventModule(${JSON.stringify(contract)}, v_body);
`;
  }
  return files;
}
