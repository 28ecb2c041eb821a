import { document, routeTable, type RouteMatch } from '@clubnotify/spec';

/** What the spec says about one operation, read once from `document.paths`. */
export interface Operation {
  id: string;
  method: string;
  path: string;
  /** `null` when the operation needs no key; otherwise the scope it needs. */
  scope: 'subscriber' | 'admin' | null;
  /** Media types of the request body, empty when it takes none. */
  bodyTypes: string[];
  bodyRequired: boolean;
  /** `status -> media types` of the documented responses. */
  responses: Map<string, string[]>;
  /** A keyed `GET`: it runs on the reads' budget and connections, apart from publishing and delivery. */
  read: boolean;
}

/** Path params of a matched request, still URI-encoded: decoding can fail and is validated. */
export type Match = RouteMatch<Operation>;

type Json = Record<string, any>;

function scopeOf(security: Json[] | undefined): Operation['scope'] {
  const requirements = security ?? (document.security as Json[] | undefined) ?? [];
  if (requirements.length === 0) return null;
  const scopes = requirements.flatMap((r) => (r.apiKey as string[] | undefined) ?? []);
  return scopes.includes('subscriber') ? 'subscriber' : 'admin';
}

const table = routeTable<Operation>(({ method, template, operation: op }) => ({
  id: op.operationId as string,
  method,
  path: template,
  scope: scopeOf(op.security as Json[] | undefined),
  bodyTypes: Object.keys((op.requestBody?.content ?? {}) as Json),
  bodyRequired: op.requestBody?.required === true,
  responses: new Map(Object.entries((op.responses ?? {}) as Json).map(([status, r]) => [status, Object.keys((r as Json).content ?? {})])),
  // healthz and readyz take no key: probes answer from the process or the write path, never wait behind reads.
  read: method === 'GET' && scopeOf(op.security as Json[] | undefined) !== null,
}));

/** Every operation of the spec, by operationId. */
export const operations: ReadonlyMap<string, Operation> = new Map(table.operations.map((op) => [op.id, op] as const));

/** Finds the operation for a method and path; `allowed` lists the methods of a matched path. */
export function matchOperation(method: string, path: string): Match | undefined {
  return table.match(method, path);
}
