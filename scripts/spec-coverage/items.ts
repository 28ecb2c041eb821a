type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** One operation as coverage sees it: its declared parameters, statuses and response headers. */
export interface CoveredOperation {
  id: string;
  method: string;
  template: string;
  /** `query:limit`, `path:concertId`, `header:Idempotency-Key`. */
  params: string[];
  /** Declared status key (`200`, `5XX`, `default`) -> declared response header names. */
  responses: Map<string, string[]>;
}

function deref(doc: Json, node: any): any {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/')], doc);
  }
  return current;
}

/** Every operation of a bundled document with what coverage counts of it. */
export function coveredOperations(doc: Json): CoveredOperation[] {
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([template, item]) =>
    METHODS.filter((m) => item[m]?.operationId).map((m) => {
      const op = item[m] as Json;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p: unknown) => deref(doc, p) as Json)
        .map((p) => `${p.in}:${p.name}`);
      const responses = new Map(
        Object.entries<Json>(op.responses ?? {}).map(
          ([status, r]) => [status, Object.keys((deref(doc, r) as Json).headers ?? {})] as const,
        ),
      );
      return { id: op.operationId as string, method: m.toUpperCase(), template, params: [...new Set(params)], responses };
    }),
  );
}

/** `webhook concertAlert`, `callback concertAlert`, … */
export function eventItems(doc: Json): string[] {
  const webhooks = Object.keys(doc.webhooks ?? {}).map((name) => `webhook ${name}`);
  const callbacks = coveredOperations(doc).flatMap((o) =>
    Object.keys(deref(doc, doc.paths[o.template][o.method.toLowerCase()]).callbacks ?? {}).map((name) => `callback ${name}`),
  );
  return [...new Set([...webhooks, ...callbacks])];
}

/** Every item coverage counts: operation × declared status, parameters, response headers per status, webhooks and callbacks. */
export function allItems(doc: Json): string[] {
  const items = coveredOperations(doc).flatMap((op) => [
    ...[...op.responses.keys()].map((status) => `${op.id} ${status}`),
    ...op.params.map((p) => `${op.id} param ${p}`),
    ...[...op.responses].flatMap(([status, headers]) => headers.map((h) => `${op.id} ${status} header ${h}`)),
  ]);
  return [...items, ...eventItems(doc)];
}

/** The declared status key an actual status falls under: exact, then `4XX`-style range, then `default`. */
export function statusKey(op: CoveredOperation, status: number): string | undefined {
  const exact = String(status);
  if (op.responses.has(exact)) return exact;
  const range = `${exact[0]}XX`;
  if (op.responses.has(range)) return range;
  return op.responses.has('default') ? 'default' : undefined;
}

/** One answered request: what the operation was sent and what it answered. */
export interface Exchange {
  /** Names of the query parameters sent. */
  query: string[];
  /** Lower-case names of the request headers sent. */
  requestHeaders: string[];
  status: number;
  /** Lower-case names of the response headers. */
  responseHeaders: string[];
}

/**
 * The items one exchange covers: its status, its response headers, and (when it was answered
 * below 400, so the server accepted them) the parameters it was sent.
 */
export function itemsOf(op: CoveredOperation, exchange: Exchange): string[] {
  const key = statusKey(op, exchange.status);
  if (key === undefined) return [];
  const items = [`${op.id} ${key}`];
  const sent = new Set(exchange.responseHeaders.map((h) => h.toLowerCase()));
  for (const header of op.responses.get(key) ?? []) if (sent.has(header.toLowerCase())) items.push(`${op.id} ${key} header ${header}`);
  if (exchange.status < 400) {
    const query = new Set(exchange.query);
    const headers = new Set(exchange.requestHeaders.map((h) => h.toLowerCase()));
    for (const param of op.params) {
      const [where, name] = param.split(/:(.*)/s) as [string, string];
      if (where === 'path' || (where === 'query' && query.has(name)) || (where === 'header' && headers.has(name.toLowerCase())))
        items.push(`${op.id} param ${param}`);
    }
  }
  return items;
}
