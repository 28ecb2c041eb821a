import { coveredOperations } from '../../scripts/spec-coverage/items.js';

type Json = Record<string, any>;

/** One GET answer, as far as a parameter can change it. */
export interface Answer {
  status: number;
  /** What the parameters may select: the records returned. */
  text: string;
}

export type Get = (pathAndQuery: string) => Promise<Answer>;

/** A value to send for a query parameter of an operation, or undefined when none is known. */
export type ValueOf = (operationId: string, name: string, declared: Json) => Promise<string | undefined> | string | undefined;

/** The `example` (or first enum value) the spec gives a parameter. */
export function declaredExample(param: Json): string | undefined {
  const value = param.example ?? Object.values<Json>(param.examples ?? {})[0]?.value ?? param.schema?.example ?? param.schema?.enum?.[0];
  return value === undefined ? undefined : String(value);
}

function deref(doc: Json, node: any): any {
  return node?.$ref
    ? (node.$ref as string)
        .slice(2)
        .split('/')
        .reduce((at: any, key: string) => at?.[key], doc)
    : node;
}

/**
 * Every query parameter of every GET operation that does not change the answer: each is sent
 * alone with a value on a seeded server and the answer compared with the one without it.
 * Returns `operationId query:name: why` for each that is inert, has no value, or is refused.
 */
export async function inertParameters(doc: Json, get: Get, valueOf: ValueOf, excluded: Record<string, string> = {}): Promise<string[]> {
  const found: string[] = [];
  for (const op of coveredOperations(doc).filter((o) => o.method === 'GET' && !o.template.includes('{'))) {
    const declared = [...(doc.paths[op.template].parameters ?? []), ...(doc.paths[op.template].get.parameters ?? [])].map(
      (p: unknown) => deref(doc, p) as Json,
    );
    const query = declared.filter((p) => p.in === 'query');
    if (query.length === 0) continue;
    const [plain, again] = [await get(op.template), await get(op.template)];
    if (plain.status !== 200 || plain.text !== again.text) {
      found.push(`${op.id}: the answer without parameters is not a stable 200 (${plain.status})`);
      continue;
    }
    for (const param of query) {
      const item = `${op.id} query:${param.name as string}`;
      if (item in excluded) continue;
      const value = await valueOf(op.id, param.name as string, param);
      if (value === undefined) {
        found.push(`${item}: no value to try (add one to the test's table, or an exclusion with a reason)`);
        continue;
      }
      const answer = await get(`${op.template}?${new URLSearchParams({ [param.name as string]: value }).toString()}`);
      if (answer.status !== 200) found.push(`${item}: ${param.name as string}=${value} was answered ${answer.status}`);
      else if (answer.text === plain.text) found.push(`${item}: ${param.name as string}=${value} does not change the answer`);
    }
  }
  return found;
}

/** The next page's cursor an answer names: in a `Link` header, a link URL or a `…cursor` field. */
export function nextCursor(body: unknown, link: string | null): string | undefined {
  const fromUrl = (url: string) => new URL(url, 'http://x').searchParams.get('cursor') ?? undefined;
  const next = link
    ?.split(',')
    .find((l) => /rel="?next"?/.test(l))
    ?.match(/<([^>]+)>/)?.[1];
  if (next && fromUrl(next)) return fromUrl(next);
  const walk = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && /cursor$/i.test(key) && value) return value;
      if (typeof value === 'string' && key === 'next' && value.includes('cursor=')) return fromUrl(value);
      const inner = walk(value);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(body);
}
