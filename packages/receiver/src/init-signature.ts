/** How a scaffolded receiver verifies: `v1` with the registration's secret, or `v1a` with the server's key set and no secret. */
export const SIGNATURES = ['v1', 'v1a'] as const;
export type ScaffoldSignature = (typeof SIGNATURES)[number];

export const isScaffoldSignature = (value: string): value is ScaffoldSignature => (SIGNATURES as readonly string[]).includes(value);

/** The `{{verify...}}` placeholders of `createReceiverServer` in every framework's template. */
export function signaturePlaceholders(signature: ScaffoldSignature): Record<string, string> {
  if (signature === 'v1a')
    return {
      '{{verifyDoc}}':
        "`jwksUrl`: the server's key set (`<server>/.well-known/jwks.json`); a message signed (v1a, ed25519) by a key it lists is accepted.",
      '{{verifyOptions}}': 'jwksUrl: string;',
      '{{verifyFields}}': 'jwksUrl: options.jwksUrl,',
    };
  return {
    '{{verifyDoc}}': "`secrets`: every registration's secret this receiver serves (a message signed with any of them is accepted).",
    '{{verifyOptions}}': 'secret?: string; secrets?: string[];',
    '{{verifyFields}}': 'secret: options.secret,\n    secrets: options.secrets,',
  };
}
