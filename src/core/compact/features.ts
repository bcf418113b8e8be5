/**
 * The engine features of lists, JSON values and ids (docs/spec.md#lists-json-ids), and every feature together: apart from
 * values-engine.ts, so that a page whose record has none of these types ships none of their code.
 */
import type { Bound, Feature, ValuesEngine } from './values-engine.js';
import { alsoTo, booleans, codeIssue, constants, oneOf } from './values-engine.js';
import { groupFaults } from '../plan/groups.js';
import { tokenPointer } from '../rules/json-pointer.js';
import { isRefusal, valueCode } from '../plan/value-judge.js';
import { idJudge, jsonJudge, listJudge, makeValueJudge, refusalCode } from '../plan/value-kinds.js';
import { applyTyped, type TypedWrite } from '../apply/typed-writes.js';
import { placeOf, typedKind } from '../definition/names.js';
import { decimalString, finite } from '../rules/decimal.js';
import type { Issue } from '../issues.js';

/**
 * Lists, JSON values and ids (docs/spec.md#lists-json-ids): their judges. A list's or JSON value comes from its judge as a function
 * that gives it (plan/value-judge.ts), and so does its default here, a copy per bind: bound as the value, after the
 * fields, so each bind (each bid) writes an array or object of its own.
 */
export const lists: Feature = (_plan, judges) => {
  // The JSON fields that refused a value for a prototype key in this bind: the base engine says invalid_value
  // (valueCode), the hook says unsafe_name (refusalCode), so the base ships none of it.
  const unsafe = new Set<string>();
  for (const entry of judges.values()) {
    const field = entry[0];
    const { type } = field;
    if (type === 'id') entry[1] = idJudge(field);
    if (type === 'json')
      entry[1] = (raw) => {
        const verdict = jsonJudge(raw);
        if (isRefusal(verdict) && refusalCode(verdict[0]) !== valueCode(verdict[0])) unsafe.add(field.name);
        return verdict;
      };
    if (type === 'list') entry[1] = listJudge(field);
    if ((type === 'list' || type === 'json') && field.default !== undefined)
      entry[0] = { ...field, default: (() => JSON.parse(JSON.stringify(field.default))) as never };
  }
  return (bound, issues) => {
    for (const [source, value] of bound) if (typeof value === 'function') bound.set(source, value());
    for (const found of issues) if (unsafe.has(found.field!) && found.code === 'invalid_value') found.code = found.message = 'unsafe_name';
    unsafe.clear();
  };
};

/**
 * Typed targets (docs/spec.md#more-openrtb-targets): the judge of a field with one takes what its targets take (`makeValueJudge`).
 * They are written by {@link typedEngine}'s apply, which the page's request builders run through `withTargets`.
 */
export const targets: Feature = (_plan, judges) => {
  // A JSON field keeps the judge `lists` gave it (which tells unsafe_name apart): it may only write ext targets, which
  // take any value, so the judge of what its targets take adds nothing to it.
  for (const entry of judges.values())
    if (entry[0].type !== 'json' && [entry[0].to, ...(entry[0].also ?? [])].some((to) => to[0] > 3)) entry[1] = makeValueJudge(entry[0]);
};

/** The typed writes of bound values: those of each enriched imp (roots 4 and 7), and the request's (5 and 6). */
export function typedOfBound(bound: Bound): [imp: TypedWrite[], request: TypedWrite[]] {
  const imp: TypedWrite[] = [];
  const request: TypedWrite[] = [];
  for (const [{ name, to }, value] of bound) {
    const [root, ...path] = to;
    if (root < 4) continue;
    const written = typedKind(to) === 'text' && finite(value) ? decimalString(value) : value;
    (placeOf(root) === 'imp' ? imp : request).push({ root, path, value: written, field: name });
  }
  return [imp, request];
}

/**
 * The engine that also writes typed targets: the values engine's apply, then the typed writes (apply/typed-writes.ts)
 * into its result, copy-on-write against the request as it was given (every object the apply copied is left as it is).
 */
export const typedEngine = (engine: ValuesEngine): ValuesEngine => ({
  bind: engine.bind,
  apply(bound, request, imps, issues) {
    const given = { ...request, imp: request.imp.slice() };
    // The values engine gives no request once there is an issue (an imp refused before it ran, a conflict of its own);
    // the typed writes are still judged on what it wrote (`request`, written into), so their issues are reported too,
    // as the full engine reports them.
    const out = engine.apply(bound, request, imps, issues) ?? request;
    const [imp, requestLevel] = typedOfBound(bound);
    if (imp.length || requestLevel.length) {
      const each: (TypedWrite[] | undefined)[] = [];
      for (const index of imps) each[index] = imp;
      const report: { issues?: Issue[] } = { issues };
      applyTyped(given, out, each, requestLevel, false, report);
    }
    return issues.length ? undefined : out;
  },
});

/**
 * Conditions (docs/spec.md#conditions): each field's `with` constants bound after the record's constants, only when the field
 * has a value (each object value a copy of its own, as for constants); and exactly-one-of groups judged by the one rule
 * of every engine (plan/groups.ts): none entered `missing_one_of`, each further one `conflicting_values` at its key.
 */
export const conditions: Feature = (plan, judges) => (bound, issues) => {
  for (const constant of plan.with ?? []) if (bound.has(judges.get(constant.if!)![0])) bound.set(constant, JSON.parse(JSON.stringify(constant.value)));
  for (const group of plan.exactlyOneOf ?? []) {
    const faults = groupFaults(
      group.map((key) => bound.has(judges.get(key)![0])),
      true,
    );
    if (faults?.length === 0) issues.push(codeIssue('missing_one_of', ''));
    for (const i of faults ?? []) issues.push(codeIssue('conflicting_values', tokenPointer(group[i]!), judges.get(group[i]!)![0].name));
  }
};

/** Every feature, for engines that take any record (the compact engine, the record-taking bidder). */
export const ALL_FEATURES: Feature[] = [booleans, lists, targets, oneOf, alsoTo, constants, conditions];
