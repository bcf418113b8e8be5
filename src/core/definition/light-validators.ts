/**
 * Structural validators for builds that must stay tiny (the Prebid.js bidder module): they check exactly what
 * the field and record rules read (types of every key, options, bounds) with the same issue paths as the JSON
 * Schema, but do not report unknown keys or empty displays. The full schema check belongs where adapter records
 * are authored (`bidfields validate`, `validateAdapter`); this keeps hostile or malformed records from reaching
 * the planner in the browser without shipping ajv's generated code.
 */
import type { AjvError, StandaloneValidator } from './ajv-types.js';

const NAME = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;
const TYPE_KEYS: Record<string, string[]> = { number: ['min', 'max', 'integer'], text: ['minLength', 'maxLength', 'pattern'], select: ['options'] };
const KEY_TYPES: Record<string, string> = {
  name: 'string', type: 'string', display: 'string', description: 'string', required: 'boolean', min: 'number', max: 'number',
  integer: 'boolean', minLength: 'number', maxLength: 'number', pattern: 'string',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

function fieldErrors(field: unknown, at: string, errors: AjvError[]): void {
  const fail = (path: string, message: string): void => void errors.push({ keyword: 'type', instancePath: path, schemaPath: '', params: {}, message });
  if (!isObject(field)) return fail(at, 'must be object');
  for (const key of ['name', 'type', 'display']) if (!Object.hasOwn(field, key)) fail(`${at}/${key}`, `missing required key '${key}'`);
  for (const key of Object.keys(KEY_TYPES)) {
    if (Object.hasOwn(field, key) && typeof field[key] !== KEY_TYPES[key]) fail(`${at}/${key}`, `must be ${KEY_TYPES[key]}`);
  }
  if (typeof field.name === 'string' && !NAME.test(field.name)) fail(`${at}/name`, 'must be a dot path of [A-Za-z0-9_$-] segments');
  const own = typeof field.type === 'string' && Object.hasOwn(TYPE_KEYS, field.type) ? TYPE_KEYS[field.type] : undefined;
  if (own === undefined) return fail(`${at}/type`, 'must be text, number or select');
  for (const key of 'min max integer minLength maxLength pattern options'.split(' ')) {
    if (Object.hasOwn(field, key) && !own.includes(key)) fail(`${at}/${key}`, `'${key}' is not allowed for this field type`);
  }
  for (const key of ['min', 'max']) if (Object.hasOwn(field, key) && !finite(field[key])) fail(`${at}/${key}`, 'must be a finite number');
  for (const key of ['minLength', 'maxLength']) {
    const length = field[key];
    if (Object.hasOwn(field, key) && !(Number.isInteger(length) && (length as number) >= 0)) fail(`${at}/${key}`, 'must be a non-negative integer');
  }
  if (Object.hasOwn(field, 'default') && typeof field.default !== 'string' && !finite(field.default)) fail(`${at}/default`, 'must be string or number');
  if (field.type === 'select') {
    const options = field.options;
    if (!Array.isArray(options) || options.length === 0) return fail(`${at}/options`, 'must be a non-empty array');
    options.forEach((option, j) => {
      if (!isObject(option) || typeof option.name !== 'string' || !finite(option.value)) fail(`${at}/options/${j}`, 'must be {name: string, value: number}');
    });
  }
}

function validator(check: (data: unknown, errors: AjvError[]) => void): StandaloneValidator {
  const validate: StandaloneValidator = (data) => {
    const errors: AjvError[] = [];
    check(data, errors);
    validate.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return validate;
}

function fieldsErrors(fields: unknown, at: string, errors: AjvError[]): void {
  if (!Array.isArray(fields)) errors.push({ keyword: 'type', instancePath: at, schemaPath: '', params: {}, message: 'must be array' });
  else fields.forEach((field, i) => fieldErrors(field, `${at}/${i}`, errors));
}

export const lightValidators = {
  fields: validator((data, errors) => fieldsErrors(data, '', errors)),
  record: validator((data, errors) => {
    if (!isObject(data)) return void errors.push({ keyword: 'type', instancePath: '', schemaPath: '', params: {}, message: 'must be object' });
    if (!['rtb', 'prebid-server', 'prebid-js'].includes(data.protocol as string)) {
      errors.push({ keyword: 'enum', instancePath: '/protocol', schemaPath: '', params: {}, message: 'must be rtb, prebid-server or prebid-js' });
    }
    for (const key of ['endpoint', 'cpmField', 'bidderCode']) {
      if (Object.hasOwn(data, key) && typeof data[key] !== 'string') errors.push({ keyword: 'type', instancePath: `/${key}`, schemaPath: '', params: {}, message: 'must be string' });
    }
    fieldsErrors(data.fields, '/fields', errors);
  }),
};
