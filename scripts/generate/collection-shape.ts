import type { OpenAPIDocument } from './bundle.js';
import { deref, operationKey, type OperationEntry } from './walk.js';

type Node = Record<string, any>;
/** An `x-pagination` object: strategy, `*Param` query parameter names, dot paths into the body. */
export type Contract = Record<string, string>;

/** What a collection operation offers: its query parameters, response headers and the 200 JSON schema. */
export interface CollectionShape {
  where: string;
  query: string[];
  headers: string[];
  schema: Node | undefined;
  document: OpenAPIDocument;
}

export function shapeOf(document: OpenAPIDocument, entry: OperationEntry): CollectionShape {
  const parameters = [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])].map((p: Node) => deref(document, p));
  const ok = deref(document, entry.operation.responses?.['200'] ?? {});
  const media = ok?.content?.['application/json'];
  return {
    where: `GET ${entry.path} (${operationKey(entry)})`,
    query: parameters.filter((p) => p.in === 'query').map((p) => String(p.name)),
    headers: Object.keys(ok?.headers ?? {}),
    schema: media?.schema ? deref(document, media.schema) : undefined,
    document,
  };
}

/** The schema at a dot path of the body schema (following refs and `allOf`), or undefined. */
export function schemaAt(shape: CollectionShape, path: string): Node | undefined {
  let at = shape.schema;
  for (const key of path.split('.')) {
    const props = at && propertiesOf(shape.document, at);
    at = props?.[key] === undefined ? undefined : deref(shape.document, props[key]);
  }
  return at;
}

/** Whether every step of a dot path is a required property, so a page can never leave it out. */
export function isRequired(shape: CollectionShape, path: string): boolean {
  let at = shape.schema;
  for (const key of path.split('.')) {
    if (!at) return false;
    const parts = [at, ...(at.allOf ?? []).map((s: Node) => deref(shape.document, s))];
    if (!parts.some((s: Node) => (s.required ?? []).includes(key))) return false;
    const props = propertiesOf(shape.document, at);
    at = props[key] === undefined ? undefined : deref(shape.document, props[key]);
  }
  return true;
}

export function propertiesOf(document: OpenAPIDocument, schema: Node): Node {
  const parts = [schema, ...(schema.allOf ?? []).map((s: Node) => deref(document, s))];
  return Object.assign({}, ...parts.map((s: Node) => s.properties ?? {}));
}

export function typeOf(schema: Node): string[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}
