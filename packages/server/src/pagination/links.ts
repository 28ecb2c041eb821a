/** A relative link: the collection path and the query parameters in the given order; `undefined` values are left out. */
export function relativeLink(path: string, params: Array<[string, string | number | undefined]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of params) if (value !== undefined) search.append(name, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The `links` of a page-number collection; `last` is `total_pages`, or page 1 when empty. */
export function pageLinks(path: string, page: number, size: number, totalPages: number) {
  const at = (p: number) =>
    relativeLink(path, [
      ['page', p],
      ['size', size],
    ]);
  return {
    self: at(page),
    next: page < totalPages ? at(page + 1) : null,
    prev: page > 1 ? at(Math.min(page - 1, Math.max(totalPages, 1))) : null,
    first: at(1),
    last: at(Math.max(totalPages, 1)),
  };
}

/** The `links` of an offset collection; `last` is the offset of the final chunk, or 0 when empty. */
export function offsetLinks(path: string, offset: number, limit: number, total: number) {
  const at = (o: number) =>
    relativeLink(path, [
      ['offset', o],
      ['limit', limit],
    ]);
  return {
    self: at(offset),
    next: offset + limit < total ? at(offset + limit) : null,
    prev: offset > 0 ? at(Math.max(0, Math.min(offset - limit, lastOffset(total, limit)))) : null,
    first: at(0),
    last: at(lastOffset(total, limit)),
  };
}

export function lastOffset(total: number, limit: number): number {
  return total > 0 ? Math.floor((total - 1) / limit) * limit : 0;
}

/** An RFC 8288 `Link` header from relation names and URLs (absolute, or relative to the request). */
export function linkHeader(links: Record<string, string | null>): string {
  return Object.entries(links)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([rel, url]) => `<${url}>; rel="${rel}"`)
    .join(', ');
}
