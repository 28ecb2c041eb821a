/**
 * The Ajv runtime helpers the per-event validators call, as ES imports: Ajv's standalone code
 * reaches them with require(), which edge runtimes do not have.
 */
export { fullFormats } from 'ajv-formats/dist/formats.js';

/** String length in code points, as Ajv counts it for minLength and maxLength (its runtime's ucs2length). */
export function ucs2length(text: string): number {
  let length = 0;
  for (let pos = 0; pos < text.length; length++) {
    const code = text.charCodeAt(pos++);
    if (code >= 0xd800 && code <= 0xdbff && pos < text.length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}
