// Generated from spec/ by scripts/generate.ts. Do not edit.
export { event } from '../webhook.signingKeyRotated.js';
