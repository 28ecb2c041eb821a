import { HEADER } from './header.js';
import type { OpenAPIDocument } from './bundle.js';
import { operationKey, operations } from './walk.js';
import { inferPagination } from './pagination-inference.js';
import { isRequired, propertiesOf, schemaAt, shapeOf, typeOf, type CollectionShape, type Contract } from './collection-shape.js';

const STRATEGIES = ['cursor', 'page', 'offset', 'link-header'];
const PARAMS = ['cursorParam', 'limitParam', 'pageParam', 'sizeParam', 'offsetParam'];
const FIELDS = ['items', 'nextLink', 'nextCursor', 'page', 'size', 'totalPages', 'offset', 'limit', 'total'];
const REQUIRED: Record<string, string[][]> = {
  cursor: [['cursorParam'], ['nextCursor', 'nextLink']],
  page: [['pageParam'], ['totalPages', 'nextLink']],
  offset: [['offsetParam'], ['limitParam'], ['total', 'nextLink']],
  'link-header': [],
};

/** Every reason the declared contract does not fit the operation; empty when it fits. */
export function contractProblems(shape: CollectionShape, contract: Contract): string[] {
  const problems: string[] = [];
  const known = new Set(['strategy', 'totalHeader', ...PARAMS, ...FIELDS]);
  for (const key of Object.keys(contract)) if (!known.has(key)) problems.push(`unknown key "${key}"`);
  if (!STRATEGIES.includes(contract.strategy!))
    return [...problems, `strategy must be one of ${STRATEGIES.join(', ')}, not "${contract.strategy}"`];
  if (contract.items === undefined) problems.push('"items" (the array of records) is missing');
  for (const group of REQUIRED[contract.strategy!]!) {
    if (!group.some((key) => contract[key] !== undefined)) problems.push(`${contract.strategy} pagination needs ${group.join(' or ')}`);
  }
  for (const key of PARAMS) {
    const name = contract[key];
    if (name !== undefined && !shape.query.includes(name))
      problems.push(`${key} names "${name}", which is not a query parameter (it has ${shape.query.join(', ') || 'none'})`);
  }
  for (const key of FIELDS) {
    const path = contract[key];
    if (path === undefined) continue;
    const schema = schemaAt(shape, path);
    const top = shape.schema ? Object.keys(propertiesOf(shape.document, shape.schema)).join(', ') : 'no JSON schema';
    if (!schema) problems.push(`${key} names "${path}", which the 200 response does not have (it has ${top})`);
    else if (key === 'items' && !typeOf(schema).includes('array')) problems.push(`items names "${path}", which is not an array`);
  }
  const header = contract.totalHeader;
  if (header !== undefined && !shape.headers.some((h) => h.toLowerCase() === header.toLowerCase()))
    problems.push(`totalHeader names "${header}", which the 200 response does not declare`);
  if (contract.strategy === 'link-header' && !shape.headers.some((h) => h.toLowerCase() === 'link'))
    problems.push('link-header pagination needs a declared Link response header');
  return problems;
}

/**
 * Every collection's pagination: declared by `x-pagination` on its GET operation (checked
 * against its parameters and response, so a renamed field fails here) or, for specs without
 * the extension, inferred from the envelope. Fields the schema does not require are listed
 * as `optional`: a page may leave them out (a last page without `nextPageToken`).
 */
export function collectPagination(document: OpenAPIDocument): Record<string, Record<string, unknown>> {
  const table: Record<string, Record<string, unknown>> = {};
  const errors: string[] = [];
  for (const entry of operations(document).filter((e) => e.method === 'get')) {
    const shape = shapeOf(document, entry);
    const declared = entry.operation['x-pagination'] as Contract | undefined;
    const contract = declared ?? inferPagination(shape);
    if (contract === undefined) continue;
    const problems = contractProblems(shape, contract);
    if (problems.length > 0) errors.push(...problems.map((p) => `${shape.where}: x-pagination ${p}`));
    const optional = FIELDS.map((key) => contract[key]).filter((path): path is string => path !== undefined && !isRequired(shape, path));
    table[entry.path] = { operation: operationKey(entry), ...contract, ...(optional.length > 0 && { optional }) };
  }
  if (errors.length > 0) throw new Error(`pagination does not match the spec:\n${errors.map((e) => `- ${e}`).join('\n')}`);
  return table;
}

export function renderPagination(document: OpenAPIDocument): string {
  return `${HEADER}
import type { PaginationTable } from '../pagination-contract.js';

/** How each collection of the spec pages, keyed by its GET path: from \`x-pagination\`, or inferred. */
export const pagination = ${JSON.stringify(collectPagination(document), null, 2)} as const satisfies PaginationTable;
`;
}
