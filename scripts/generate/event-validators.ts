import { ORDERING_EXTENSION, orderingKeyOf } from './ordering.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { HEADER } from './header.js';
import type { OpenAPIDocument } from './bundle.js';
import { deref, events } from './walk.js';

const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;

const EVENT_RUNTIME = '@clubnotify/spec/event-runtime';

/** Ajv's runtime requires, and the ES imports that replace them. */
const RUNTIME: Array<[string, string, string]> = [
  ['require("ajv-formats/dist/formats").fullFormats', 'fullFormats', 'ajv-formats/dist/formats.js'],
  ['require("ajv/dist/runtime/ucs2length").default', 'ucs2length', EVENT_RUNTIME],
];

/** The validator as a plain ES module: no require(), no export besides the event. */
function esModule(code: string, event: string): { code: string; imports: Array<[string, string]> } {
  let out = code.replace(/^"use strict";/, '').replace(/export const (v_\w+) = (validate\d+);/g, 'const $1 = $2;');
  const imports: Array<[string, string]> = [];
  for (const [call, name, from] of RUNTIME) {
    if (!out.includes(call)) continue;
    out = out.split(call).join(name);
    imports.push([name, from]);
  }
  const left = /require\("[^"]+"\)/.exec(out);
  if (left)
    throw new Error(`the ${event} validator needs ${left[0]}: add its ES import to RUNTIME in scripts/generate/event-validators.ts`);
  return { code: out, imports };
}

/** A package import, not a relative one: the modules work where another spec's output is written too. */
function importLines(imports: Array<[string, string]>): string {
  const own = imports.filter(([, from]) => from === EVENT_RUNTIME).map(([name]) => name);
  const other = imports.filter(([, from]) => from !== EVENT_RUNTIME).map(([name, from]) => `import { ${name} } from '${from}';\n`);
  return `${other.join('')}import { ${['eventModule', ...own, 'type EventModule'].join(', ')} } from '${EVENT_RUNTIME}';`;
}

const fileName = (kind: string, name: string) => `${kind}.${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

/** Which payload version the modules are for: the current one (`events/` and re-exports in `events/v<n>/`) or an older one (`events/v<n>/`). */
export interface ModuleVersion {
  version: number;
  current: boolean;
}

/**
 * One module per event under `events/`, holding only that event's body validator and what a
 * receiver checks (content type, declared responses): `@clubnotify/spec/events/webhook.stockUpdate`.
 * Every payload version has them under `events/v<n>/`: the current one's re-export those of `events/`.
 */
export function renderEventModules(
  document: OpenAPIDocument,
  ajv: Ajv2020,
  bodyIds: Record<string, string>,
  dir: string,
  { version, current }: ModuleVersion,
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const event of events(document)) {
    const body = deref(document, event.operation.requestBody ?? {});
    const contentType = Object.keys(body.content ?? {})[0];
    const id = contentType && bodyIds[`${event.kind}.${event.name}.body.${contentType}`];
    if (!contentType || !id) continue;
    const file = `${fileName(event.kind, event.name)}.ts`;
    const { code, imports } = esModule(standaloneCode(ajv, { v_body: id }), `${event.kind} ${event.name}`);
    const payloads = event.kind === 'webhook' ? 'WebhookPayloads' : 'CallbackPayloads';
    const types = current ? '../events.js' : `../../v${version}/payload-types.js`;
    const contract = {
      kind: event.kind,
      name: event.name,
      payloadVersion: version,
      contentType,
      responses: Object.keys(event.operation.responses ?? {}),
      ...(event.operation[ORDERING_EXTENSION] ? { orderingKey: orderingKeyOf(document, event, body.content[contentType].schema) } : {}),
    };
    files[`${dir}/events/${current ? '' : `v${version}/`}${file}`] = `${HEADER}// @ts-nocheck
/* eslint-disable */
${importLines(imports)}
import type { ${payloads} } from '${types}';
${code}

/** The ${event.name} ${event.kind} of payload version ${version}: its content type, declared responses and payload validator, and nothing else of the spec. */
export const event: EventModule<${payloads}[${JSON.stringify(event.name)}], ${JSON.stringify(event.kind)}, ${JSON.stringify(event.name)}> = eventModule(${JSON.stringify(contract)}, v_body);
`;
    if (current) files[`${dir}/events/v${version}/${file}`] = `${HEADER}export { event } from '../${file.replace(/\.ts$/, '.js')}';\n`;
  }
  return files;
}
