import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { HEADER } from './header.js';
import { renderEventModules } from './event-validators.js';
import type { OpenAPIDocument } from './bundle.js';
import { deref, events, operationKey, operations } from './walk.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;
const SCHEMA_BASE = 'https://clubnotify.dev/schemas/';
const JSON_TYPES = ['application/json', 'application/problem+json', 'text/plain'];

type Schema = Record<string, any>;

const BODY_KEY_DOC =
  'Keys such as `registerForAlert.body.application/json`, `schema.Problem`, `webhook.stockUpdate.body.application/json`.';
const PARAM_KEY_DOC = 'Keys such as `listItems.query`, `deleteRegistration.path`, `scheduleConcert.header`.';

/** Points component refs at the ids the schemas are registered under. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') continue;
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? SCHEMA_BASE + value.slice('#/components/schemas/'.length)
        : rewriteRefs(value);
  }
  return out;
}

function createAjv(coerce: boolean) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    inlineRefs: false,
    coerceTypes: coerce,
    useDefaults: coerce,
    code: { source: true, esm: true, lines: false },
  });
  addFormats(ajv);
  return ajv;
}

const ident = (key: string) => key.replace(/[^A-Za-z0-9]/g, '_');

/**
 * Ajv's ESM output still calls require() for its runtime helpers (formats, ucs2length);
 * a module-local require keeps CommonJS interop identical under Node and Vitest.
 */
function toModule(code: string): string {
  const body = code.replace(/^"use strict";/, '');
  return body.includes('require(')
    ? `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${body}`
    : body;
}

/** Validators stay module-local: only the typed map is exported, so the .d.ts holds no Ajv internals. */
function unexport(code: string): string {
  return code.replace(/export const (v_\w+) = (validate\d+);/g, 'const $1 = $2;');
}

function render(
  ajv: ReturnType<typeof createAjv>,
  ids: Record<string, string>,
  exportName: string,
  keyType: string,
  keyDoc: string,
): string {
  const unique = [...new Set(Object.values(ids))].sort();
  const local = (id: string) => `v_${ident(id.replace(SCHEMA_BASE, 'schema.').replace('urn:clubnotify:', ''))}`;
  const exports = Object.fromEntries(unique.map((id) => [local(id), id]));
  const keys = Object.keys(ids);
  const map = Object.entries(ids)
    .map(([key, id]) => `  ${JSON.stringify(key)}: ${local(id)},`)
    .join('\n');
  return `${HEADER}// @ts-nocheck
/* eslint-disable */
import type { CompiledValidator } from '../compiled-validator.js';
${toModule(unexport(standaloneCode(ajv, exports)))}

/** ${keyDoc} */
export type ${keyType} =
${keys.map((key) => `  | ${JSON.stringify(key)}`).join('\n')};

export const ${exportName}: Readonly<Record<${keyType}, CompiledValidator>> = {
${map}
};
`;
}

function mediaSchemas(document: OpenAPIDocument, content: Schema | undefined): Array<[string, Schema]> {
  return Object.entries<Schema>(content ?? {})
    .filter(([type, media]) => JSON_TYPES.includes(type) && media.schema)
    .map(([type, media]) => [type, deref(document, media).schema]);
}

/** An Ajv holding every component schema of `document`, and `add(key, schema)` for the bodies that are not a plain component ref. */
function bodyCompiler(document: OpenAPIDocument) {
  const ajv = createAjv(false);
  for (const [name, schema] of Object.entries<Schema>(document.components?.schemas ?? {}))
    ajv.addSchema({ ...(rewriteRefs(schema) as Schema), $id: SCHEMA_BASE + name });
  const ids: Record<string, string> = {};
  const add = (key: string, schema: Schema) => {
    if (Object.keys(schema).length === 1 && typeof schema.$ref === 'string') {
      ids[key] = (rewriteRefs(schema) as Schema).$ref;
      return;
    }
    ajv.addSchema({ ...(rewriteRefs(schema) as Schema), $id: `urn:clubnotify:${key}` });
    ids[key] = `urn:clubnotify:${key}`;
  };
  return { ajv, ids, add };
}

/** Each event's body, and after it `then` (its responses), in the document's order. */
function addEventBodies(
  document: OpenAPIDocument,
  add: (key: string, schema: Schema) => void,
  then?: (prefix: string, responses: Schema) => void,
): void {
  for (const event of events(document)) {
    const prefix = `${event.kind}.${event.name}`;
    for (const [type, schema] of mediaSchemas(document, deref(document, event.operation.requestBody ?? {}).content)) {
      add(`${prefix}.body.${type}`, schema);
    }
    then?.(prefix, event.operation.responses);
  }
}

/** The event modules of an older payload version's contract (`events/v<version>/`): its payload validators only. */
export function renderVersionEventModules(document: OpenAPIDocument, dir: string, version: number): Record<string, string> {
  const { ajv, ids, add } = bodyCompiler(document);
  addEventBodies(document, add);
  return renderEventModules(document, ajv, ids, dir, { version, current: false });
}

export async function renderValidators(document: OpenAPIDocument, dir: string, version: number): Promise<Record<string, string>> {
  const { ajv: bodies, ids: bodyIds, add: addBody } = bodyCompiler(document);
  const params = createAjv(true);
  for (const [name, schema] of Object.entries<Schema>(document.components?.schemas ?? {})) {
    params.addSchema({ ...(rewriteRefs(schema) as Schema), $id: SCHEMA_BASE + name });
  }
  const paramIds: Record<string, string> = {};
  for (const name of Object.keys(document.components?.schemas ?? {})) bodyIds[`schema.${name}`] = SCHEMA_BASE + name;

  const addResponses = (prefix: string, responses: Schema) => {
    for (const [status, response] of Object.entries<Schema>(responses ?? {})) {
      for (const [type, schema] of mediaSchemas(document, deref(document, response).content)) {
        addBody(`${prefix}.response.${status}.${type}`, schema);
      }
    }
  };

  for (const entry of operations(document)) {
    const { operation, pathItem } = entry;
    const id = operationKey(entry);
    for (const [type, schema] of mediaSchemas(document, deref(document, operation.requestBody ?? {}).content)) {
      addBody(`${id}.body.${type}`, schema);
    }
    addResponses(id, operation.responses);
    const all = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Schema) => deref(document, p));
    for (const location of ['query', 'path', 'header'] as const) {
      const list = all.filter((p) => p.in === location);
      const name = (p: Schema) => (location === 'header' ? String(p.name).toLowerCase() : p.name);
      const schema = {
        type: 'object',
        properties: Object.fromEntries(list.map((p) => [name(p), rewriteRefs(p.schema)])),
        required: list.filter((p) => p.required).map(name),
        additionalProperties: location === 'header',
      };
      params.addSchema({ ...schema, $id: `urn:clubnotify:${id}.${location}` });
      paramIds[`${id}.${location}`] = `urn:clubnotify:${id}.${location}`;
    }
  }
  addEventBodies(document, addBody, addResponses);

  return {
    [`${dir}/body-validators.ts`]: render(bodies, bodyIds, 'bodyValidators', 'BodyValidatorKey', BODY_KEY_DOC),
    [`${dir}/param-validators.ts`]: render(params, paramIds, 'paramValidators', 'ParamValidatorKey', PARAM_KEY_DOC),
    ...renderEventModules(document, bodies, bodyIds, dir, { version, current: true }),
  };
}
