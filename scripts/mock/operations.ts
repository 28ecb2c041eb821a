import { document, routeTable, type RouteMatch } from '@clubnotify/spec';

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

const table = routeTable<MockOperation>(({ template, operation: op }) => {
  const success = Object.keys(op.responses ?? {})
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  return {
    id: op.operationId as string,
    template,
    secured: ((op.security ?? document.security ?? []) as unknown[]).length > 0,
    bodyTypes: Object.keys(op.requestBody?.content ?? {}),
    bodyRequired: op.requestBody?.required === true,
    successStatus: success.includes('201') ? '201' : success[0],
    callbacks: Object.keys(op.callbacks ?? {}),
  };
});

/** The operation of a request; `allowed` lists the methods of a known path, `undefined` means no such path. */
export function matchOperation(method: string, path: string): RouteMatch<MockOperation> | undefined {
  return table.match(method, path);
}
