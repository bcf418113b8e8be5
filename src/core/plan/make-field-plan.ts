/**
 * Planning one field: its checked definition becomes its {@link FieldPlan}, with the default judged by the field's
 * own value rule, so a default the rule refuses is known when the record is checked, not when values come.
 */
import { targetOf } from '../definition/names.js';
import { RULE_KEYS, type Definition, type FieldPlan } from './field-plan.js';
import { isNotEntered, isRefusal, type ValueReason } from './value-judge.js';
import { makeValueJudge, refusalCode, writtenOf } from './value-kinds.js';
import { patternRefusal } from './pattern-safety.js';
import { PatternRefusal } from './pattern-syntax.js';

/** The issue code of a default its own rule refuses: `invalid_default`, or `unsafe_name` for a prototype key in a JSON default. */
export const defaultCode = (reason: ValueReason): 'invalid_default' | 'unsafe_name' =>
  refusalCode(reason) === 'unsafe_name' ? 'unsafe_name' : 'invalid_default';

/** A planned field: its plan, and the rule that refuses its default when its own rule does. */
export type PlannedField = [plan: FieldPlan, defaultRefused?: ValueReason];

/**
 * The plan of a definition whose name and shape (see {@link shapeProblem}) were checked, its bidder params
 * below `extBase`; its default is judged by the field's own rule.
 * @throws SyntaxError (or the error of a hostile pattern's `toString`) when the pattern does not compile;
 * {@link PatternRefusal} when it compiles but could take more than linear time (pattern-safety.ts).
 * @example planField({ name: 'prd.impTagId', param: 'placementId', type: 'text' }) // [{ name: 'prd.impTagId', key: 'placementId', to: [0, 'tagid'], type: 'text' }]
 */
export function planField(definition: Definition, extBase: readonly string[] = []): PlannedField {
  const { name, type, options, param, alsoTo } = definition;
  const plan: FieldPlan = { name, to: targetOf(name, extBase), type };
  if (param !== undefined && param !== name) plan.key = param;
  if (alsoTo !== undefined) plan.also = alsoTo.map((other: string) => targetOf(other, extBase));
  if (definition.required === true) plan.required = true;
  if (definition.when === 'absent') plan.absent = true;
  // A boolean and a JSON field have no rule keys: a text key on one (refused by validateAdapter's schema, not by the
  // page's compact check) must not reach a judge that would compile its pattern.
  if (type !== 'boolean' && type !== 'json')
    for (const key of RULE_KEYS) if (definition[key] !== undefined && definition[key] !== false) (plan as Definition)[key] = definition[key];
  if (type === 'select') plan.options = options.map((option: Definition) => option.value);
  // Made first, default or not: it compiles the pattern, so a pattern that does not compile throws here.
  const judge = makeValueJudge(plan);
  // Before the default is judged: an unsafe pattern would hang right here on a hostile default.
  const unsafe = plan.pattern ? patternRefusal(plan.pattern) : undefined;
  if (unsafe) throw new PatternRefusal(unsafe);
  if (!isNotEntered(definition.default)) {
    const verdict = judge(definition.default);
    if (isRefusal(verdict)) return [plan, verdict[0]];
    plan.default = writtenOf(verdict);
  }
  return [plan];
}
