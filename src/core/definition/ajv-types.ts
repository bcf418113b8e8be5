/** The shape of an ajv standalone validator and its errors, without importing ajv at run time. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}
