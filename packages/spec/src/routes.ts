import { document } from './generated/document.js';

type Json = Record<string, any>;

/** The HTTP methods an OpenAPI path item can hold, as its keys spell them. */
const pathItemMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** One operation of the document, as `describe` in {@link routeTable} receives it. */
export interface OperationEntry {
  /** Upper case, e.g. `POST`. */
  method: string;
  /** The path template, e.g. `/deliveries/{deliveryId}/replay`. */
  template: string;
  /** The operation object of the document. */
  operation: Json;
}

/** The operation a request names, with its path parameters still URI-encoded (decoding can fail). */
export interface RouteMatch<T> {
  /** Undefined when the path is known but not for this method. */
  operation?: T;
  params: Record<string, string>;
  /** The methods of the matched path. */
  allowed: string[];
}

interface Route<T> {
  pattern: RegExp;
  names: string[];
  methods: Map<string, T>;
}

/**
 * The document's paths as a routing table: `describe` turns each operation into what the
 * caller keeps of it, and `match` finds the one a request names. Literal paths win over
 * templated ones (`/deliveries/recover` before `/deliveries/{deliveryId}`); HEAD falls back
 * to GET where a path has no HEAD of its own.
 */
export function routeTable<T>(describe: (entry: OperationEntry) => T) {
  const routes: Route<T>[] = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    const names: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const methods = new Map<string, T>();
    for (const key of pathItemMethods) {
      const operation = (item as Json)[key] as Json | undefined;
      const method = key.toUpperCase();
      if (operation) methods.set(method, describe({ method, template, operation }));
    }
    routes.push({ pattern: new RegExp(`^${source}$`), names, methods });
  }
  routes.sort((a, b) => a.names.length - b.names.length);
  return {
    /** Every described operation, in the table's order. */
    operations: routes.flatMap((r) => [...r.methods.values()]),
    /** The operation for a method and path; undefined when no path matches. */
    match(method: string, path: string): RouteMatch<T> | undefined {
      for (const route of routes) {
        const m = route.pattern.exec(path);
        if (!m) continue;
        const params: Record<string, string> = {};
        route.names.forEach((name, i) => (params[name] = m[i + 1]!));
        const lookup = method === 'HEAD' && !route.methods.has('HEAD') ? 'GET' : method;
        return { operation: route.methods.get(lookup), params, allowed: [...route.methods.keys()] };
      }
      return undefined;
    },
  };
}
