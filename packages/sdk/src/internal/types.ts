import type { paths } from '../generated/openapi.js';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the 200 response of `GET path`. */
export type ListBody<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never;

/** Every path whose GET answers a JSON object with a `data` array: the paginated collections. */
export type CollectionPath = {
  [P in keyof paths]: [ListBody<P>] extends [never] ? never : ListBody<P> extends { data: readonly unknown[] } ? P : never;
}[keyof paths];

/** The item type of a collection, from the `data` array of its 200 response. */
export type ItemOf<P extends CollectionPath> = ListBody<P> extends { data: ReadonlyArray<infer I> } ? I : never;

/** The query parameters of `GET path`. */
export type QueryOf<P extends CollectionPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
