/** One error as a compiled Ajv validator reports it (the fields we read). */
export interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/**
 * The typed surface of a generated validator. The generated modules are untyped Ajv
 * standalone code; this type is what their declarations expose, so none of it leaks into .d.ts.
 */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
