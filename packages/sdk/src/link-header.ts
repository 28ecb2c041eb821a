/** One link-value of an RFC 8288 `Link` header. */
export interface WebLink {
  /** The target as written (absolute or relative); resolve it against the response URL. */
  uri: string;
  /** Relation types, lower-cased; `rel="next last"` gives two. */
  rels: string[];
  /** Every other parameter, names lower-cased; the first occurrence of a name wins. */
  params: Record<string, string>;
}

/**
 * Parses a `Link` header following the algorithm of RFC 8288 appendix B.2: quoted strings
 * may hold commas and semicolons, one `rel` may name several relation types, and parsing
 * stops at the first link-value that does not start with `<` (what was parsed before it
 * is kept).
 */
export function parseLinkHeader(header: string): WebLink[] {
  const links: WebLink[] = [];
  let i = 0;
  const n = header.length;
  const skipSpace = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  while (i < n) {
    skipSpace();
    if (header[i] === ',') {
      i++;
      continue;
    }
    if (header[i] !== '<') break;
    const end = header.indexOf('>', i + 1);
    if (end === -1) break;
    const uri = header.slice(i + 1, end).trim();
    i = end + 1;
    const params: Record<string, string> = {};
    let rel: string | undefined;
    for (;;) {
      skipSpace();
      if (header[i] !== ';') break;
      i++;
      skipSpace();
      const nameStart = i;
      while (i < n && !'=;, \t'.includes(header[i]!)) i++;
      const name = header.slice(nameStart, i).toLowerCase();
      skipSpace();
      let value = '';
      if (header[i] === '=') {
        i++;
        skipSpace();
        if (header[i] === '"') {
          i++;
          while (i < n && header[i] !== '"') {
            if (header[i] === '\\' && i + 1 < n) i++;
            value += header[i];
            i++;
          }
          i++;
        } else {
          const valueStart = i;
          while (i < n && !';, \t'.includes(header[i]!)) i++;
          value = header.slice(valueStart, i);
        }
      }
      if (name === '') continue;
      if (name === 'rel') rel ??= value;
      else if (!(name in params)) params[name] = value;
    }
    // Skip anything unexpected up to the next link-value separator.
    while (i < n && header[i] !== ',') i++;
    const rels = (rel ?? '')
      .toLowerCase()
      .split(/[ \t]+/)
      .filter(Boolean);
    links.push({ uri, rels, params });
  }
  return links;
}

/** The target of the first link with relation `rel`, or undefined. */
export function findLink(header: string | null, rel: string): string | undefined {
  if (header === null) return undefined;
  return parseLinkHeader(header).find((link) => link.rels.includes(rel))?.uri;
}
