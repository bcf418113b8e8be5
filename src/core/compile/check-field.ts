/**
 * `validateAdapter`'s rules for one definition, layered on the field plan's own checks (plan/field-plan.ts, which the
 * compact engine runs too): how a definition is written (keys of its type, no key set to `undefined`, unique option
 * values, ordered bounds) and a sentence for every issue. Safe on any input; a field that passes becomes a `FieldPlan`.
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { Protocol } from '../types.js';
import { isFieldName, nameRefusal } from '../definition/names.js';
import { isPlainObject } from '../definition/plain-object.js';
import { shapeProblem, type FieldPlan } from '../plan/field-plan.js';
import { defaultCode, planField, type PlannedField } from '../plan/make-field-plan.js';
import { PatternRefusal } from '../plan/pattern-syntax.js';
import { nameMessage, patternMessage, SHAPE_MESSAGES, valueMessage } from '../plan/messages.js';

type Definition = Record<string, any>;

const TYPE_KEYS: Record<string, string[]> = {
  number: ['min', 'max', 'integer'],
  text: ['minLength', 'maxLength', 'pattern'],
  select: ['options'],
  boolean: [],
  // docs/spec.md#lists-json-ids: a list's items take the bounds of their kind; an id's text its length and pattern.
  list: ['items', 'minItems', 'maxItems', 'min', 'max', 'integer', 'minLength', 'maxLength', 'pattern'],
  json: [],
  id: ['maxLength', 'pattern'],
};
const TYPED_KEYS = ['min', 'max', 'integer', 'minLength', 'maxLength', 'pattern', 'options', 'items', 'minItems', 'maxItems'];
/** Keys that must have a value when given: JSON has no `undefined`, so a key set to it is a mistake in code. */
const VALUED_KEYS = ['min', 'max', 'minLength', 'maxLength', 'minItems', 'maxItems', 'required', 'integer', 'pattern', 'default', 'param', 'alsoTo'];

/**
 * The key that breaks the definition's shape, with what it must be: as it is written (keys of its type, no key
 * set to `undefined`, a display text), then as the plan reads it. The JSON Schema has checked the rest.
 */
function shapeIssue(field: Definition): [string, string] | undefined {
  if (!isFieldName(field.name)) return ['name', SHAPE_MESSAGES.name!];
  const own = Object.hasOwn(TYPE_KEYS, field.type) ? TYPE_KEYS[field.type] : undefined;
  const foreign = own && TYPED_KEYS.find((key) => Object.hasOwn(field, key) && !own.includes(key));
  if (foreign) return [foreign, `not allowed for a ${field.type} field`];
  const key =
    VALUED_KEYS.find((key) => Object.hasOwn(field, key) && field[key] === undefined) ??
    shapeProblem(field) ??
    (typeof field.display !== 'string' ? 'display' : undefined);
  return key === undefined ? undefined : [key, SHAPE_MESSAGES[key]!];
}

/** The rules of how a field is written that do not change what it accepts: unique options, ordered bounds. */
function authoringIssues(field: Definition, fail: (code: Issue['code'], key: (string | number)[], message: string) => void): void {
  if (field.type === 'select') {
    const seen = new Set<number>();
    field.options.forEach((option: { value: number }, j: number) => {
      if (seen.has(option.value)) fail('duplicate_option', ['options', j, 'value'], `option value ${option.value} appears twice`);
      seen.add(option.value);
    });
  } else if (field.type === 'number') {
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) fail('schema', ['max'], 'max is less than min');
  } else if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
    fail('schema', ['maxLength'], 'maxLength is less than minLength');
  }
  if (field.type === 'list') {
    if (field.items === 'number' && field.min !== undefined && field.max !== undefined && field.min > field.max)
      fail('schema', ['max'], 'max is less than min');
    if (field.minItems !== undefined && field.maxItems !== undefined && field.minItems > field.maxItems)
      fail('schema', ['maxItems'], 'maxItems is less than minItems');
  }
}

export function checkField(
  input: unknown,
  index: number,
  fieldsPath: string,
  protocol: Protocol | undefined,
  extBase: readonly string[],
): { plan?: FieldPlan; issues: Issue[] } {
  const at = (...keys: (string | number)[]) => fieldsPath + pointer(index, ...keys);
  if (!isPlainObject(input)) return { issues: [issue('schema', at(), 'a field definition must be an object')] };
  const shape = shapeIssue(input);
  if (shape) return { issues: [issue('schema', at(shape[0]), shape[1], typeof input.name === 'string' ? input.name : undefined)] };
  const name = input.name as string;
  const issues: Issue[] = [];
  const fail = (code: Issue['code'], key: (string | number)[], message: string) => issues.push(issue(code, at(...key), message, name));

  const refusal = nameRefusal(name, protocol);
  if (refusal) fail(refusal, ['name'], nameMessage(refusal, name));
  authoringIssues(input, fail);
  let planned: PlannedField | undefined;
  try {
    planned = planField(input, extBase);
  } catch (error) {
    if (error instanceof PatternRefusal) fail('unsafe_pattern', ['pattern'], patternMessage(error.reason));
    else fail('schema', ['pattern'], 'not a valid regular expression (unicode mode)');
  }
  if (issues.length > 0 || !planned) return { issues };
  const [plan, defaultRefused] = planned;
  if (defaultRefused) return { issues: [issue(defaultCode(defaultRefused), at('default'), `default ${valueMessage(defaultRefused, plan)}`, name)] };
  return { plan, issues };
}
