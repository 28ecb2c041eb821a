import { bundle, loadConfig } from '@redocly/openapi-core';
import { relative, resolve } from 'node:path';

export type OpenAPIDocument = Record<string, any>;

/** The spec does not parse or bundle: the message says where, once per distinct problem. */
export class SpecBundleError extends Error {
  override name = 'SpecBundleError';
}

interface Problem {
  severity: string;
  message: string;
  location: { source: { absoluteRef: string }; pointer?: string }[];
}

/**
 * One line per distinct problem, where it is: a file that does not parse is reported by every
 * $ref to it, once as "Failed to parse" and once as "Can't resolve $ref", and is said once here.
 */
function bundleErrors(problems: readonly Problem[], root: string): string[] {
  const lines = new Map<string, string>();
  for (const problem of problems) {
    if (problem.severity !== 'error') continue;
    const cause = problem.message
      .replace(/^(Failed to parse|Can't resolve \$ref): /, '')
      .replace(/^ENOENT: no such file or directory '([^']+)'$/, (_, file: string) => `there is no file ${relative(root, file)}`)
      .replaceAll(`"${root}/`, '"');
    if (lines.has(cause)) continue;
    const at = problem.location[0];
    const where = at ? `${relative(root, at.source.absoluteRef)}${at.pointer ?? ''}` : '';
    lines.set(
      cause,
      problem.message.startsWith('Failed to parse')
        ? `YAML error: ${cause}`
        : problem.message.startsWith("Can't resolve")
          ? `bad $ref in ${where}: ${cause}`
          : `${cause}${where ? ` (${where})` : ''}`,
    );
  }
  return [...lines.values()];
}

/** Bundles spec/openapi.yaml (or `spec`, another document) into one document whose refs all point at its components. */
export async function bundleSpec(root: string, spec = resolve(root, 'spec/openapi.yaml')): Promise<OpenAPIDocument> {
  const config = await loadConfig({ configPath: resolve(root, 'redocly.yaml') });
  const result = await bundle({ ref: spec, config });
  const errors = bundleErrors(result.problems, root);
  if (errors.length === 1) throw new SpecBundleError(`${relative(root, spec)} does not bundle: ${errors[0]}`);
  if (errors.length > 1) throw new SpecBundleError(`${relative(root, spec)} does not bundle:\n${errors.map((e) => `- ${e}`).join('\n')}`);
  return result.bundle.parsed as OpenAPIDocument;
}
