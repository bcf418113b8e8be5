/**
 * The one plan of a field: plain JSON, decided once where the record is checked, and read by everything that
 * applies values: `compile` (which builds its fast apply from it), the compact engine, the page runtime and the
 * adapters `generatePrebidAdapter` writes (as JSON literals). Both record checks make it here, the same way.
 */
import { isPlainObject } from '../apply/plain-object.js';
import { finite } from './decimal.js';

/** A value as it is written into the request: text, or a number. */
export type WrittenValue = string | number;

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

export type Definition = Record<string, any>;

/** The keys of a definition a plan carries as they are (when set). */
export const RULE_KEYS = ['min', 'max', 'integer', 'minLength', 'maxLength', 'pattern'] as const;

/**
 * The first key whose value the plan cannot read safely (a string or an object where a number is compared could
 * not be), or `undefined`: the type, select options with number values, numeric bounds, boolean flags. A key set
 * to `undefined` counts as absent, as in JSON.
 * @example shapeProblem({ name: 'zone', type: 'number', min: '1' }) // 'min'
 */
export function shapeProblem(definition: Definition): string | undefined {
  const { type, options } = definition;
  if (!(['text', 'number', 'select'] as unknown[]).includes(type)) return 'type';
  if (type === 'select' && !(Array.isArray(options) && options.length && options.every((option) => isPlainObject(option) && finite(option.value)))) return 'options';
  return ['min', 'max', 'minLength', 'maxLength'].find((key) => definition[key] !== undefined && !finite(definition[key])) ?? ['required', 'integer'].find((key) => definition[key] !== undefined && typeof definition[key] !== 'boolean');
}
