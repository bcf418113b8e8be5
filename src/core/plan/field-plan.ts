/**
 * The one plan of a field: plain JSON, decided once where the record is checked, and read by everything that
 * applies values: `compile` (which builds its fast apply from it), the compact engine, the page runtime and the
 * adapters `generatePrebidAdapter` writes (as JSON literals). Both record checks make it here, the same way.
 */
import { isPlainObject } from '../apply/plain-object.js';
import { extPath, predefinedPath } from '../definition/names.js';
import { isNotEntered, isRefusal, valueJudge, type ValueReason, type WrittenValue } from './value-judge.js';

/** One checked field, as JSON: where its value goes and the parameters of its value rule. */
export interface FieldPlan {
  name: string;
  /** Where the value goes: `[root, ...keys]`; root 0 is the imp, 1 the inventory object (app, site or dooh). */
  to: (string | number)[];
  type: 'text' | 'number' | 'select';
  required?: true;
  /** The default, already coerced by the field's rule. */
  default?: WrittenValue;
  /** Numbers are written as decimal strings (the predefined targets, SPEC §2). */
  string?: true;
  min?: number;
  max?: number;
  integer?: true;
  minLength?: number;
  maxLength?: number;
  /** A pattern that compiles with the `u` flag. */
  pattern?: string;
  /** A select field's option values. */
  options?: number[];
}

type Definition = Record<string, any>;

const TYPES: readonly unknown[] = ['text', 'number', 'select'];
/** The keys of a definition a plan carries as they are (when set). */
const RULE_KEYS = ['min', 'max', 'integer', 'minLength', 'maxLength', 'pattern'] as const;
const finite = (value: unknown): value is number => typeof value === 'number' && isFinite(value);

/**
 * The first key whose value the plan cannot read safely (a string or an object where a number is compared could
 * not be), or `undefined`: the type, select options with number values, numeric bounds, boolean flags. A key set
 * to `undefined` counts as absent, as in JSON.
 * @example shapeProblem({ name: 'zone', type: 'number', min: '1' }) // 'min'
 */
export function shapeProblem(definition: Definition): string | undefined {
  const { type, options } = definition;
  if (!TYPES.includes(type)) return 'type';
  if (type === 'select' && !(Array.isArray(options) && options.length && options.every((option) => isPlainObject(option) && finite(option.value)))) return 'options';
  return ['min', 'max', 'minLength', 'maxLength'].find((key) => definition[key] !== undefined && !finite(definition[key])) ?? ['required', 'integer'].find((key) => definition[key] !== undefined && typeof definition[key] !== 'boolean');
}

/** A planned field: its plan, and the rule that refuses its default when its own rule does. */
export type PlannedField = [plan: FieldPlan, defaultRefused?: ValueReason];

/**
 * The plan of a definition whose name and shape (see {@link shapeProblem}) were checked, its bidder params
 * below `extBase`; its default is judged by the field's own rule.
 * @throws SyntaxError (or the error of a hostile pattern's `toString`) when the pattern does not compile.
 * @example planField({ name: 'prd.impTagId', type: 'text' }) // [{ name: 'prd.impTagId', to: [0, 'tagid'], type: 'text', string: true }]
 */
export function planField(definition: Definition, extBase: readonly string[] = []): PlannedField {
  const { name, type, options } = definition;
  const predefined = predefinedPath(name);
  const plan: FieldPlan = { name, to: predefined ? [...predefined] : [0, 'ext', ...extPath(name, extBase)], type };
  if (definition.required === true) plan.required = true;
  if (predefined) plan.string = true;
  for (const key of RULE_KEYS) if (definition[key] !== undefined && definition[key] !== false) (plan as Definition)[key] = definition[key];
  if (type === 'select') plan.options = options.map((option: Definition) => option.value);
  const judge = valueJudge(plan);
  const verdict = isNotEntered(definition.default) ? undefined : judge(definition.default);
  if (verdict !== undefined && isRefusal(verdict)) return [plan, verdict[0]];
  if (verdict !== undefined) plan.default = verdict;
  return [plan];
}
