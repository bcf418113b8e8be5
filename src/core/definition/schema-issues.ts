/**
 * Runs the precompiled JSON Schema validators and turns ajv's errors into bidfields issues. ajv reports the
 * failing `if` of an if/then alongside the real error; those carry no information and are dropped. Unknown keys
 * are the one schema failure that lenient mode downgrades to a warning, so they are returned separately.
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { AjvError, StandaloneValidator } from './ajv-types.js';
import { schemaMessage } from './schema-words.js';

export interface SchemaResult {
  errors: Issue[];
  /** Unknown keys (additional/unevaluated properties): errors in strict mode, warnings in lenient mode. */
  unknownKeys: Issue[];
}

const UNKNOWN_KEY_KEYWORDS = new Set(['additionalProperties']);

/** Validates `data` and maps every ajv error to an issue whose path points into `data`. */
export function schemaIssues(validate: StandaloneValidator, data: unknown, fieldNameAt: (path: string) => string | undefined): SchemaResult {
  const result: SchemaResult = { errors: [], unknownKeys: [] };
  if (validate(data)) return result;
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'if') continue;
    const { path, message } = describe(error);
    // One issue per place: an empty name fails both minLength and pattern, which says the same thing twice.
    if (seen.has(path)) continue;
    seen.add(path);
    const found = issue('schema', path, message, fieldNameAt(path));
    (UNKNOWN_KEY_KEYWORDS.has(error.keyword) ? result.unknownKeys : result.errors).push(found);
  }
  return result;
}

function describe(error: AjvError): { path: string; message: string } {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return { path: error.instancePath + pointer(String(params.missingProperty)), message: `missing required key '${String(params.missingProperty)}'` };
    case 'additionalProperties':
      return { path: error.instancePath + pointer(String(params.additionalProperty)), message: `unknown key '${String(params.additionalProperty)}'` };
    case 'false schema':
      // Our schemas use `false` only to forbid a key that belongs to another field type.
      return { path: error.instancePath, message: `'${error.instancePath.split('/').pop()}' is not allowed for this field type` };
    case 'not':
      // Our schemas use `not` only to refuse a constant's null value.
      return { path: error.instancePath, message: 'must not be null' };
    default:
      // Worded for a person in the message table; ajv's own words ("must NOT have fewer than 1 characters") last.
      return { path: error.instancePath, message: schemaMessage(error.keyword, params) ?? error.message ?? `fails ${error.keyword}` };
  }
}

/** The schema stage of the full definition check: a record or a field array against its precompiled validator. */
export function schemaCheck(fields: StandaloneValidator, record: StandaloneValidator) {
  return (input: unknown, isArray: boolean, fieldNameAt: (path: string) => string | undefined): SchemaResult =>
    schemaIssues(isArray ? fields : record, input, fieldNameAt);
}
