import { deref, type Json } from './walk.js';

/**
 * `x-clubnotify-opt-in` on an `anyOf` branch: the branch is a form of the value that only targets
 * whose `setting` (a pointer to the setting's schema) holds one of `values` receive. Adding one
 * widens what a receiver may read without breaking anyone: a receiver that never opted in keeps
 * getting the other branches, as long as the setting's default is not one of `values`.
 */
export const OPT_IN = 'x-clubnotify-opt-in';

export interface OptIn {
  setting: string;
  values: unknown[];
}

function optInOf(branch: Json): OptIn | undefined {
  const optIn = branch?.[OPT_IN] as OptIn | undefined;
  return optIn && typeof optIn === 'object' ? optIn : undefined;
}

export function hasOptIns(schema: Json): boolean {
  return Array.isArray(schema.anyOf) && (schema.anyOf as Json[]).some((branch) => optInOf(branch) !== undefined);
}

/** What every receiver gets (the schema without its opt-in branches), and each opt-in branch with the schema around it. */
export function splitOptIns(document: Json, schema: Json): { base: Json; variants: Map<string, { optIn: OptIn; schema: Json }> } {
  const { anyOf, ...outer } = schema as { anyOf: unknown[] } & Json;
  const branches = anyOf.map((branch) => (deref(document, branch) ?? {}) as Json);
  const shared = branches.filter((branch) => !optInOf(branch));
  const base = shared.length === 1 ? { ...outer, ...shared[0] } : shared.length === 0 ? outer : { ...outer, anyOf: shared };
  const variants = new Map<string, { optIn: OptIn; schema: Json }>();
  for (const branch of branches) {
    const optIn = optInOf(branch);
    if (!optIn) continue;
    const { [OPT_IN]: _optIn, ...rest } = branch;
    variants.set(JSON.stringify([optIn.setting, optIn.values]), { optIn, schema: { ...outer, ...rest } });
  }
  return { base, variants };
}

/** Why an opt-in could reach a receiver that did not ask for it, or undefined when it cannot. */
export function optInFault(document: Json, optIn: OptIn): string | undefined {
  const setting = typeof optIn.setting === 'string' ? (deref(document, { $ref: optIn.setting }) as Json | undefined) : undefined;
  if (!setting || setting.$ref) return `its setting \`${String(optIn.setting)}\` is not a schema of this document`;
  if (!Array.isArray(optIn.values) || optIn.values.length === 0) return 'it names no setting values that opt in';
  const choices = (setting.enum ?? []) as unknown[];
  const unknown = optIn.values.filter((value) => !choices.includes(value));
  if (unknown.length > 0) return `the setting \`${optIn.setting}\` has no value ${unknown.map((v) => JSON.stringify(v)).join(', ')}`;
  if (!('default' in setting)) return `the setting \`${optIn.setting}\` has no default, so a target may be in it without asking`;
  if (optIn.values.includes(setting.default))
    return `the setting \`${optIn.setting}\`'s default ${JSON.stringify(setting.default)} opts in, so receivers that never asked get it`;
  return undefined;
}
