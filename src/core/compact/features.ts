/**
 * The engine features of lists, JSON values and ids (docs/spec.md#lists-json-ids), and every feature together: apart from
 * values-engine.ts, so that a page whose record has none of these types ships none of their code.
 */
import type { Feature } from './values-engine.js';
import { alsoTo, booleans, constants, oneOf } from './values-engine.js';
import { isRefusal, valueCode } from '../plan/value-judge.js';
import { idJudge, jsonJudge, listJudge, refusalCode } from '../plan/value-kinds.js';

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

/** Every feature, for engines that take any record (the compact engine, the record-taking bidder). */
export const ALL_FEATURES: Feature[] = [booleans, lists, oneOf, alsoTo, constants];
