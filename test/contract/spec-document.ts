import { document } from '@clubnotify/spec';

/** The bundled document, loosely typed for walking in tests. */
export const doc = document as Record<string, any>;

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export function deref(node: any): any {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/')], doc);
  }
  return current;
}

export function operations(): Array<{ path: string; method: string; op: any }> {
  return Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] })),
  );
}

export function eventOperations(): Array<{ kind: 'webhook' | 'callback'; name: string; op: any }> {
  const webhooks = Object.entries<any>(doc.webhooks).map(([name, item]) => ({ kind: 'webhook' as const, name, op: item.post }));
  const callbacks = operations().flatMap(({ op }) =>
    Object.entries<any>(op.callbacks ?? {}).flatMap(([name, cb]) =>
      Object.values<any>(cb).map((item) => ({ kind: 'callback' as const, name, op: item.post })),
    ),
  );
  return [...webhooks, ...callbacks];
}

export const schema = (name: string) => doc.components.schemas[name];
export const jsonBody = (op: any) => deref(op.requestBody).content['application/json'].schema;
export const okSchema = (op: any, status = '200') => deref(deref(op.responses[status]).content['application/json'].schema);
