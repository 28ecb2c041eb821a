export type Json = Record<string, any>;

/** Who consumes a part of the contract: integrators call operations, subscribers receive webhooks and callbacks. */
export type Side = 'client' | 'receiver';

/** One operation of a document: a path operation, a webhook or a callback, keyed the same way in both documents. */
export interface WalkedOperation {
  key: string;
  side: Side;
  operation: Json;
  /** The operation's own and its path item's parameters, refs resolved. */
  parameters: Json[];
  /** The webhook or callback it is, for receivers' operations. */
  event?: { kind: 'webhook' | 'callback'; name: string };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follows local `$ref`s (the bundled document has no other kind) until a non-reference object. */
export function deref(document: Json, node: unknown): any {
  let current = node as Json | undefined;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) return current;
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((at, part) => (at === undefined ? undefined : at[part]), document);
  }
  return current;
}

type Label = (method: string) => string;
type EventOf = WalkedOperation['event'];

function operationsOf(document: Json, pathItem: Json, label: Label, side: Side, out: WalkedOperation[], event?: EventOf): void {
  const item = deref(document, pathItem) as Json;
  const shared = ((item.parameters ?? []) as Json[]).map((p) => deref(document, p) as Json);
  for (const method of METHODS) {
    const operation = item[method] as Json | undefined;
    if (!operation) continue;
    const own = ((operation.parameters ?? []) as Json[]).map((p) => deref(document, p) as Json);
    const byKey = new Map([...shared, ...own].map((p) => [`${p.in}:${p.name}`, p]));
    const key = label(method.toUpperCase());
    out.push({ key, side, operation, parameters: [...byKey.values()], ...(event ? { event } : {}) });
    for (const [name, callback] of Object.entries((operation.callbacks ?? {}) as Json)) {
      for (const [expression, callbackItem] of Object.entries(deref(document, callback) as Json)) {
        const label: Label = (m) => `callback ${name} (${m} ${expression}) of ${key}`;
        operationsOf(document, callbackItem as Json, label, 'receiver', out, { kind: 'callback', name });
      }
    }
  }
}

/** Every operation of an OpenAPI 3.1 document: `paths` for clients, `webhooks` and `callbacks` for receivers. */
export function walkOperations(document: Json): Map<string, WalkedOperation> {
  const out: WalkedOperation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json))
    operationsOf(document, item as Json, (m) => `${m} ${path}`, 'client', out);
  for (const [name, item] of Object.entries((document.webhooks ?? {}) as Json))
    operationsOf(document, item as Json, (m) => `webhook ${name} (${m})`, 'receiver', out, { kind: 'webhook', name });
  return new Map(out.map((op) => [op.key, op]));
}
