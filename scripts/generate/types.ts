import openapiTS, { astToString } from 'openapi-typescript';
import { HEADER } from './header.js';
import type { OpenAPIDocument } from './bundle.js';

export async function renderTypes(document: OpenAPIDocument): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as never, { alphabetize: false, exportType: false, defaultNonNullable: false });
  return `${HEADER}${astToString(ast)}`;
}
