// Query parameters whose name says they carry a credential (matched case-insensitively).
const CREDENTIAL_NAME =
  /^(?:key|api[-_]?key|token|access[-_]?token|refresh[-_]?token|id[-_]?token|secret|client[-_]?secret|password|passwd|pwd|auth.*|session.*|signature|sig)$/i;
const QUERY_PARAM = /([?&;])([^=&;#\s"\\]+)=([^&;#\s"\\]*)/g;
// API keys (cn_) and signing secrets (whsec_, also percent-encoded), wherever they appear.
const SECRET_VALUE = /(?<![A-Za-z0-9])(cn_[A-Za-z0-9_-]{8,}|whsec_(?:[A-Za-z0-9+/=]|%[0-9A-Fa-f]{2})+)/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** `text` with credential-like query parameter values and every `cn_…`/`whsec_…` value replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text
    .replace(QUERY_PARAM, (all, sep: string, name: string) => (CREDENTIAL_NAME.test(decodedName(name)) ? `${sep}${name}=[redacted]` : all))
    .replace(SECRET_VALUE, (value: string) => `${value.startsWith('cn_') ? 'cn_' : 'whsec_'}[redacted]`);
}
