import { document } from '@clubnotify/spec';

/** What the mock needs to know about one operation of the contract. */
export interface MockOperation {
  id: string;
  template: string;
  secured: boolean;
  bodyTypes: string[];
  bodyRequired: boolean;
  /** The status a successful call answers: `201` where declared, else the first `2xx`. */
  successStatus: string | undefined;
  /** The `callbacks` of the operation, by name (from the full document; Prism gets none). */
  callbacks: string[];
}

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Route {
  pattern: RegExp;
  names: string[];
  methods: Map<string, MockOperation>;
}

function build(): Route[] {
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    const names: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const methods = new Map<string, MockOperation>();
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      const success = Object.keys(op.responses ?? {}).filter((s) => /^2\d\d$/.test(s)).sort();
      methods.set(method.toUpperCase(), {
        id: op.operationId as string,
        template,
        secured: ((op.security ?? document.security ?? []) as unknown[]).length > 0,
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        bodyRequired: op.requestBody?.required === true,
        successStatus: success.includes('201') ? '201' : success[0],
        callbacks: Object.keys(op.callbacks ?? {}),
      });
    }
    routes.push({ pattern: new RegExp(`^${source}$`), names, methods });
  }
  // Literal paths win over templated ones, as in the server.
  return routes.sort((a, b) => a.names.length - b.names.length);
}

const routes = build();

/** The operation of a request; `allowed` lists the methods of a known path, `undefined` means no such path. */
export function matchOperation(method: string, path: string): { operation?: MockOperation; rawPath: Record<string, string>; allowed: string[] } | undefined {
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const rawPath: Record<string, string> = {};
    route.names.forEach((name, i) => (rawPath[name] = m[i + 1]!));
    const lookup = method === 'HEAD' && !route.methods.has('HEAD') ? 'GET' : method;
    return { operation: route.methods.get(lookup), rawPath, allowed: [...route.methods.keys()] };
  }
  return undefined;
}
