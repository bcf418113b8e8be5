/**
 * Per-field rules of SPEC §1–2 for one definition: unsafe and unknown predefined names, the RTB prefix rule,
 * unique option values, coherent bounds, a pattern that compiles, a default that passes the field's own rule.
 * It first guards the shape it reads (types of name, options, bounds), so it is safe on any input on its own, not
 * only after the JSON Schema check. A field that passes becomes a `FieldPlan`.
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { FieldDefinition, Protocol } from '../types.js';
import type { FieldPlan } from '../plan/plan.js';
import { EXT_PREFIX, extPath, hasUnsafeSegment, isFieldName, MAX_NAME_LENGTH, predefinedTarget } from '../definition/names.js';
import { isPlainObject } from '../apply/plain-object.js';
import { isNotEntered, valueRule } from './value-rule.js';

const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isLength = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const TYPE_KEYS: Record<string, string[]> = { number: ['min', 'max', 'integer'], text: ['minLength', 'maxLength', 'pattern'], select: ['options'] };

/** The key that breaks the field's shape, if any: what the planner relies on, not every schema nicety. */
function shapeProblem(field: Record<string, unknown>): [string, string] | undefined {
  const { name, type } = field;
  if (!isFieldName(name)) return ['name', `must be a dot path of [A-Za-z0-9_$-] segments, at most ${MAX_NAME_LENGTH} characters`];
  if (typeof type !== 'string' || !Object.hasOwn(TYPE_KEYS, type)) return ['type', 'must be text, number or select'];
  if (typeof field.display !== 'string') return ['display', 'must be a string'];
  for (const key of ['min', 'max', 'integer', 'minLength', 'maxLength', 'pattern', 'options']) {
    if (Object.hasOwn(field, key) && !TYPE_KEYS[type]!.includes(key)) return [key, `not allowed for a ${type} field`];
  }
  for (const key of ['min', 'max']) if (Object.hasOwn(field, key) && !finite(field[key])) return [key, 'must be a number'];
  for (const key of ['minLength', 'maxLength']) if (Object.hasOwn(field, key) && !isLength(field[key])) return [key, 'must be a non-negative integer'];
  for (const key of ['required', 'integer']) if (Object.hasOwn(field, key) && typeof field[key] !== 'boolean') return [key, 'must be a boolean'];
  if (Object.hasOwn(field, 'pattern') && typeof field.pattern !== 'string') return ['pattern', 'must be a string'];
  if (Object.hasOwn(field, 'default') && typeof field.default !== 'string' && !finite(field.default)) return ['default', 'must be a string or a number'];
  const options = field.options;
  if (type === 'select' && (!Array.isArray(options) || options.length === 0 || !options.every((o) => isPlainObject(o) && typeof o.name === 'string' && finite(o.value)))) {
    return ['options', 'must be a non-empty array of {name, value: number}'];
  }
  return undefined;
}

export function planField(input: unknown, index: number, fieldsPath: string, protocol: Protocol | undefined, extBase: readonly string[]): { plan?: FieldPlan; issues: Issue[] } {
  const at = (...keys: (string | number)[]) => fieldsPath + pointer(index, ...keys);
  if (!isPlainObject(input)) return { issues: [issue('schema', at(), 'a field definition must be an object')] };
  const shape = shapeProblem(input);
  const name = typeof input.name === 'string' ? input.name : undefined;
  if (shape) return { issues: [issue('schema', at(shape[0]), shape[1], name)] };
  const field = input as unknown as FieldDefinition;
  const { name: fieldName } = field;
  const issues: Issue[] = [];
  const target = predefinedTarget(fieldName);
  const fail = (code: Issue['code'], key: (string | number)[], message: string) => issues.push(issue(code, at(...key), message, fieldName));

  if (hasUnsafeSegment(fieldName)) fail('unsafe_name', ['name'], 'a segment is __proto__, prototype or constructor');
  else if (target === undefined && fieldName.startsWith('prd.')) fail('unknown_predefined', ['name'], 'not a predefined name (prd.impTagId, prd.appPublisherId, prd.appSiteId)');
  else if (target === undefined && protocol === 'rtb' && !fieldName.startsWith(EXT_PREFIX)) fail('rtb_field_without_prefix', ['name'], `an RTB ext param must be named '${EXT_PREFIX}${fieldName}'`);

  let pattern: RegExp | undefined;
  if (field.type === 'select') {
    const seen = new Set<number>();
    field.options.forEach((option, j) => {
      if (seen.has(option.value)) fail('duplicate_option', ['options', j, 'value'], `option value ${option.value} appears twice`);
      seen.add(option.value);
    });
  } else if (field.type === 'number') {
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) fail('schema', ['max'], 'max is less than min');
  } else {
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) fail('schema', ['maxLength'], 'maxLength is less than minLength');
    if (field.pattern !== undefined) {
      try {
        pattern = new RegExp(field.pattern, 'u');
      } catch {
        fail('schema', ['pattern'], 'not a valid regular expression (unicode mode)');
      }
    }
  }
  if (issues.length > 0) return { issues };

  const rule = valueRule(field, pattern, target !== undefined);
  let defaultValue: FieldPlan['defaultValue'];
  if (!isNotEntered(field.default)) {
    const result = rule(field.default);
    if (!result.ok) return { issues: [issue('invalid_default', at('default'), `default ${result.message}`, fieldName)] };
    defaultValue = result.value;
  }
  const plan: FieldPlan = {
    name: fieldName,
    index,
    target: target ?? 'ext',
    extPath: target === undefined ? extPath(fieldName, extBase) : [],
    rule,
    required: field.required === true,
    defaultValue,
    valuePath: pointer(fieldName),
  };
  return { plan, issues };
}
