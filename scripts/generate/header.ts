export const HEADER = '// Generated from spec/ by scripts/generate.ts. Do not edit.\n';
