import { HEADER } from './header.js';
import type { OpenAPIDocument } from './bundle.js';

export function renderDocument(document: OpenAPIDocument): string {
  return `${HEADER}
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The bundled OpenAPI 3.1 document of clubnotify. */
export const document: { readonly [key: string]: Json } = ${JSON.stringify(document, null, 2)};
`;
}
