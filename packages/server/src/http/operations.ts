import { document } from '@clubnotify/spec';

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
}

interface Route {
  pattern: RegExp;
  names: string[];
  methods: Map<string, Operation>;
}

/** Path params of a matched request, still URI-encoded: decoding can fail and is validated. */
export interface Match {
  operation?: Operation;
  params: Record<string, string>;
  allowed: string[];
}

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

function scopeOf(security: Json[] | undefined): Operation['scope'] {
  const requirements = security ?? (document.security as Json[] | undefined) ?? [];
  if (requirements.length === 0) return null;
  const scopes = requirements.flatMap((r) => (r.apiKey as string[] | undefined) ?? []);
  return scopes.includes('subscriber') ? 'subscriber' : 'admin';
}

function buildRoutes(): Route[] {
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    const names: string[] = [];
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const methods = new Map<string, Operation>();
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      const content = (op.requestBody?.content ?? {}) as Json;
      methods.set(method.toUpperCase(), {
        id: op.operationId as string,
        method: method.toUpperCase(),
        path,
        scope: scopeOf(op.security as Json[] | undefined),
        bodyTypes: Object.keys(content),
        bodyRequired: op.requestBody?.required === true,
        responses: new Map(Object.entries((op.responses ?? {}) as Json).map(([status, r]) => [status, Object.keys((r as Json).content ?? {})])),
      });
    }
    routes.push({ pattern: new RegExp(`^${source}$`), names, methods });
  }
  // Literal paths win over templated ones (`/deliveries/recover` before `/deliveries/{id}/...`).
  return routes.sort((a, b) => a.names.length - b.names.length);
}

const routes = buildRoutes();

/** Every operation of the spec, by operationId. */
export const operations: ReadonlyMap<string, Operation> = new Map(
  routes.flatMap((r) => [...r.methods.values()].map((op) => [op.id, op] as const)),
);

/** Finds the operation for a method and path; `allowed` lists the methods of a matched path. */
export function matchOperation(method: string, path: string): Match | undefined {
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => (params[name] = m[i + 1]!));
    const lookup = method === 'HEAD' && !route.methods.has('HEAD') ? 'GET' : method;
    return { operation: route.methods.get(lookup), params, allowed: [...route.methods.keys()] };
  }
  return undefined;
}
