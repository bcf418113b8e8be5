/**
 * The words of the field and value rules: the rules themselves (plan/, definition/names.ts) return codes and
 * reasons only, so the page carries none of this; `compile`, `validateAdapter` and every issue they return word
 * them here, one sentence per reason.
 */
import type { FieldPlan } from '../plan/field-plan.js';
import { ValueReason } from '../plan/value-judge.js';
import { EXT_PREFIX, MAX_NAME_LENGTH, PREDEFINED, type NameRefusal } from '../definition/names.js';

/** Why a number or select value spelt as a string that the double it parses to would not write back is refused. */
const INEXACT = 'has more digits than a number keeps (about 17 significant): it would be written back as a different decimal; use a text field for long ids';

const VALUE_MESSAGES: Record<ValueReason, (field: FieldPlan) => string> = {
  [ValueReason.BelowMin]: (field) => `must be at least ${field.min}`,
  [ValueReason.AboveMax]: (field) => `must be at most ${field.max}`,
  [ValueReason.NotAnOption]: (field) => `must be one of the option values: ${field.options!.join(', ')}`,
  [ValueReason.Unreadable]: (field) => (field.type === 'text' ? 'must be a string or a finite number' : 'must be a finite number'),
  [ValueReason.Inexact]: () => INEXACT,
  [ValueReason.NotInteger]: () => 'must be an integer',
  [ValueReason.TooShort]: (field) => `must be at least ${field.minLength} characters long`,
  [ValueReason.TooLong]: (field) => `must be at most ${field.maxLength} characters long`,
  [ValueReason.NoMatch]: (field) => `must match the pattern ${new RegExp(field.pattern!, 'u').source}`,
};

/**
 * Why a field refuses an entered value, in words.
 * @example valueMessage(ValueReason.AboveMax, { name: 'zone', to: [0, 'ext', 'zone'], type: 'number', max: 9 }) // 'must be at most 9'
 */
export const valueMessage = (reason: ValueReason, field: FieldPlan): string => VALUE_MESSAGES[reason](field);

/** Why a name is refused on its own (see `nameRefusal`), in words. */
export function nameMessage(code: NameRefusal, name: string): string {
  if (code === 'unsafe_name') return 'a segment is __proto__, prototype or constructor';
  if (code === 'unknown_predefined') return `not a predefined name (${Object.keys(PREDEFINED).join(', ')})`;
  return `an RTB ext param must be named '${EXT_PREFIX}${name}'`;
}

/** What each key of a definition must be, for a `schema` issue at that key. */
export const SHAPE_MESSAGES: Readonly<Record<string, string>> = {
  name: `must be a dot path of [A-Za-z0-9_$-] segments, at most ${MAX_NAME_LENGTH} characters`,
  type: 'must be text, number or select',
  display: 'must be a string',
  options: 'must be a non-empty array of {name, value: number}',
  min: 'must be a number',
  max: 'must be a number',
  minLength: 'must be a non-negative integer',
  maxLength: 'must be a non-negative integer',
  required: 'must be a boolean',
  integer: 'must be a boolean',
  pattern: 'must be a string',
  default: 'must be a string or a number',
};
