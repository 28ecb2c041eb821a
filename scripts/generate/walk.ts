import type { OpenAPIDocument } from './bundle.js';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface OperationEntry {
  path: string;
  method: string;
  operation: Record<string, any>;
  pathItem: Record<string, any>;
}

export interface EventEntry {
  kind: 'webhook' | 'callback';
  name: string;
  operation: Record<string, any>;
  expression?: string;
  parentOperationId?: string;
}

export function operations(document: OpenAPIDocument): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries<Record<string, any>>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) out.push({ path, method, operation, pathItem });
    }
  }
  return out;
}

/**
 * The operation's name in generated keys: its `operationId`, or for specs that leave it out,
 * the method and path in camel case (`GET /v1/orders/{id}` -> `getV1OrdersId`).
 */
export function operationKey(entry: Pick<OperationEntry, 'path' | 'method' | 'operation'>): string {
  if (typeof entry.operation.operationId === 'string') return entry.operation.operationId;
  const words = entry.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return entry.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export function events(document: OpenAPIDocument): EventEntry[] {
  const out: EventEntry[] = [];
  for (const [name, pathItem] of Object.entries<Record<string, any>>(document.webhooks ?? {})) {
    for (const method of METHODS) {
      if (pathItem[method]) out.push({ kind: 'webhook', name, operation: pathItem[method] });
    }
  }
  for (const entry of operations(document)) {
    const parent = entry.operation;
    for (const [name, callback] of Object.entries<Record<string, any>>(parent.callbacks ?? {})) {
      for (const [expression, pathItem] of Object.entries<Record<string, any>>(callback)) {
        for (const method of METHODS) {
          if (pathItem[method]) {
            out.push({ kind: 'callback', name, operation: pathItem[method], expression, parentOperationId: operationKey(entry) });
          }
        }
      }
    }
  }
  return out;
}

/** Follows a local `#/components/...` ref. */
export function deref(document: OpenAPIDocument, node: Record<string, any>): Record<string, any> {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

export function firstExample(document: OpenAPIDocument, media: Record<string, any>): unknown {
  const examples = Object.values<Record<string, any>>(media.examples ?? {});
  if (examples.length > 0) return deref(document, examples[0]!).value;
  return media.example;
}
