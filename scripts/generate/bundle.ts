import { bundle, loadConfig } from '@redocly/openapi-core';
import { resolve } from 'node:path';

export type OpenAPIDocument = Record<string, any>;

/** Bundles spec/openapi.yaml (or `spec`, another document) into one document whose refs all point at its components. */
export async function bundleSpec(root: string, spec = resolve(root, 'spec/openapi.yaml')): Promise<OpenAPIDocument> {
  const config = await loadConfig({ configPath: resolve(root, 'redocly.yaml') });
  const result = await bundle({ ref: spec, config });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`${spec} does not bundle:\n${errors.map((p) => `- ${p.message}`).join('\n')}`);
  }
  return result.bundle.parsed as OpenAPIDocument;
}
