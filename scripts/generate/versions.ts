import type { OpenAPIDocument } from './bundle.js';
import { eventBody, payloadType } from './catalogue.js';
import { HEADER } from './header.js';
import { hoistEventPayloads } from './hoist.js';
import type { PayloadVersion } from './payload-versions.js';
import { renderTypes } from './types.js';
import { renderVersionEventModules } from './validators.js';
import { events, firstExample } from './walk.js';

const SCHEMA_REF = '#/components/schemas/';

/** The component schemas that `roots` reach through `$ref`s. */
function reachable(document: OpenAPIDocument, roots: unknown[]): Record<string, unknown> {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const found: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const name = value.slice(SCHEMA_REF.length);
        if (name in found || !(name in schemas)) continue;
        found[name] = schemas[name];
        visit(schemas[name]);
      } else visit(value);
    }
  };
  visit(roots);
  return Object.fromEntries(
    Object.keys(found)
      .sort()
      .map((name) => [name, found[name]]),
  );
}

/** Each event of a version as a converter or a receiver needs it: content type, schema, example. */
function payloadEvents(document: OpenAPIDocument) {
  return events(document).map((event) => {
    const { contentType, media } = eventBody(document, event);
    return { kind: event.kind, name: event.name, contentType, payloadSchema: media.schema, example: firstExample(document, media) };
  });
}

function payloadInterfaces(document: OpenAPIDocument): string {
  const all = events(document);
  const block = (kind: string) =>
    all
      .filter((e) => e.kind === kind)
      .map((e) => `  ${JSON.stringify(e.name)}: ${payloadType(eventBody(document, e).media.schema)};`)
      .join('\n');
  return `
/** The payload each webhook of this version carries. */
export interface WebhookPayloads {
${block('webhook')}
}

/** The payload each callback of this version carries. */
export interface CallbackPayloads {
${block('callback')}
}
`;
}

/**
 * An older version's files under `<dir>/v<n>/`: `payloads.ts` (its payload schemas as a small
 * document, and its events' content types, schemas and examples) and `payload-types.ts`
 * (their types), and its event modules under `<dir>/events/v<n>/`. Nothing else of that
 * contract is generated again.
 */
async function renderOlderVersion(version: PayloadVersion, dir: string): Promise<Record<string, string>> {
  const document = hoistEventPayloads(structuredClone(version.document));
  const list = payloadEvents(document);
  const schemas = reachable(
    document,
    list.map((e) => e.payloadSchema),
  );
  const small = {
    openapi: document.openapi,
    info: { title: document.info.title, version: version.contract },
    paths: {},
    components: { schemas },
  };
  const types = await renderTypes(small);
  return {
    [`${dir}/v${version.version}/payload-types.ts`]: `${types}${payloadInterfaces(document)}`,
    [`${dir}/v${version.version}/payloads.ts`]: `${HEADER}import type { VersionEvent } from '../../payload-versions.js';

/** The contract payload version ${version.version} is sent from. */
export const contract = ${JSON.stringify(version.contract)};

/** Its payload schemas (with what they reference), as an OpenAPI document. */
export const document: { readonly [key: string]: unknown } = ${JSON.stringify(small, null, 2)};

/** Its webhooks and callbacks: content type, payload schema (a ref into \`document\`) and example. */
export const events: readonly VersionEvent[] = ${JSON.stringify(list, null, 2)};
`,
    ...renderVersionEventModules(document, dir, version.version),
  };
}

const fileName = (kind: string, name: string) => `${kind}.${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

function renderIndex(versions: PayloadVersion[], current: OpenAPIDocument): string {
  const latest = versions.at(-1)!;
  const older = versions.slice(0, -1);
  const lines = [HEADER.trimEnd()];
  lines.push(`import type { PayloadVersionContract, PayloadVersionInfo } from '../payload-versions.js';`);
  lines.push(`import type { CallbackPayloads, WebhookPayloads } from './events.js';`);
  for (const v of older)
    lines.push(
      `import type { CallbackPayloads as CallbackPayloads${v.version}, WebhookPayloads as WebhookPayloads${v.version} } from './v${v.version}/payload-types.js';`,
    );
  lines.push(`import { document } from './document.js';`, `import { events } from './events.js';`);
  for (const v of older) lines.push(`import * as v${v.version} from './v${v.version}/payloads.js';`);
  const modules = (v: PayloadVersion, document: OpenAPIDocument) =>
    events(document).map((e) => ({
      key: `${e.kind}.${e.name}`,
      local: `m${v.version}_${fileName(e.kind, e.name).replace(/\W/g, '_')}`,
      file: fileName(e.kind, e.name),
    }));
  const all = versions.map((v) => ({ v, modules: modules(v, v === latest ? current : v.document) }));
  for (const { v, modules: list } of all)
    for (const m of list) lines.push(`import { event as ${m.local} } from './events/v${v.version}/${m.file}.js';`);
  const info = versions.map(({ version, contract, deprecatedAt, sunset }) => ({ version, contract, deprecatedAt, sunset }));
  const byVersion = (name: string) => versions.map((v) => `  ${v.version}: ${name}${v === latest ? '' : v.version};`).join('\n');
  const contracts = all.map(({ v, modules: list }) => {
    const source = v === latest ? 'document,\n    events,' : `document: v${v.version}.document,\n    events: v${v.version}.events,`;
    const entries = list.map((m) => `      ${JSON.stringify(m.key)}: ${m.local},`).join('\n');
    return `  ${v.version}: {\n    ${source}\n    modules: {\n${entries}\n    },\n  },`;
  });
  return `${lines.join('\n')}

/**
 * Every payload version (a major of the contract) that webhooks and callbacks are still sent in,
 * oldest first, with its contract and its deprecation and sunset dates (\`YYYY-MM-DD\`) when set.
 */
export const payloadVersions: readonly PayloadVersionInfo[] = ${JSON.stringify(info, null, 2)};

/** The version the server makes its payloads in: the major of \`info.version\`. */
export const currentPayloadVersion = ${latest.version};

export type PayloadVersion = ${versions.map((v) => v.version).join(' | ')};

/** The payload each webhook carries, per payload version. */
export interface WebhookPayloadsByVersion {
${byVersion('WebhookPayloads')}
}

/** The payload each callback carries, per payload version. */
export interface CallbackPayloadsByVersion {
${byVersion('CallbackPayloads')}
}

/** What each version sends: its payload schemas, and per event the content type, schema, example and validator. */
export const versionContracts: { readonly [V in PayloadVersion]: PayloadVersionContract } = {
${contracts.join('\n')}
};
`;
}

/** Everything generated for the payload versions: older versions' files and `<dir>/versions.ts`. */
export async function renderPayloadVersions(
  versions: PayloadVersion[],
  current: OpenAPIDocument,
  dir: string,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const version of versions.slice(0, -1)) Object.assign(files, await renderOlderVersion(version, dir));
  files[`${dir}/versions.ts`] = renderIndex(versions, current);
  return files;
}
