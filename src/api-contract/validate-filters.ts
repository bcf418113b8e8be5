/**
 * Checks the `filters` array of a report request. Each filter names a dimension, an operator and either one
 * `value` (`=`, `!=`) or a non-empty `values` list (`IN`, `NOT IN`); operators are taken in any case, since the
 * seed shows them upper-case but says nothing against lower. Filters on `date` must carry real calendar dates, so a
 * typo is a 400 rather than a silently empty report. Browser-safe.
 */
import { issue, pointer, type Issue } from '../core/issues.js';
import { isPlainObject } from '../core/definition/plain-object.js';
import { ucs2length } from '../core/definition/ucs2length.js';
import { isDimension } from './columns.js';
import { isCalendarDate } from './dates.js';
import { REPORT_LIMITS } from './report-limits.js';
import type { CheckedFilter, FilterOperator } from './checked-report.js';

const FILTER_KEYS = new Set(['key', 'operator', 'value', 'values']);
/** A Map, not an object: an operator named `constructor` or `__proto__` must find nothing. */
const OPERATORS = new Map<string, FilterOperator>([
  ['=', '='],
  ['!=', '!='],
  ['in', 'IN'],
  ['not in', 'NOT IN'],
]);

/** Checks `filters` (already known to be present); returns the checked filters, or pushes issues. */
export function checkFilters(filters: unknown, issues: Issue[]): CheckedFilter[] {
  if (!Array.isArray(filters)) {
    issues.push(issue('schema', '/filters', 'filters must be an array'));
    return [];
  }
  if (filters.length > REPORT_LIMITS.filters) {
    issues.push(issue('limit_exceeded', '/filters', `at most ${REPORT_LIMITS.filters} filters are allowed`));
    return [];
  }
  const checked: CheckedFilter[] = [];
  filters.forEach((f, i) => {
    const c = checkFilter(f, i, issues);
    if (c) checked.push(c);
  });
  return checked;
}

function checkFilter(filter: unknown, i: number, issues: Issue[]): CheckedFilter | undefined {
  const at = (...tokens: (string | number)[]) => pointer('filters', i, ...tokens);
  if (!isPlainObject(filter)) {
    issues.push(issue('schema', at(), 'a filter must be an object'));
    return undefined;
  }
  const f = filter;
  const before = issues.length;
  for (const k of Object.keys(f)) {
    if (!FILTER_KEYS.has(k)) issues.push(issue('unknown_field', at(k), `unknown filter property '${k}'`));
  }
  if (!('key' in f)) issues.push(issue('missing_required', at('key'), 'key is required'));
  else if (!isDimension(f.key)) {
    // Only a string is quoted back: any other JSON value (nested 100,000 levels, or a BigInt from a JS caller) would
    // make JSON.stringify throw, a 500 instead of this 400.
    issues.push(
      issue('unknown_dimension', at('key'), typeof f.key === 'string' ? `unknown dimension ${JSON.stringify(f.key)}` : 'a filter key must be a dimension name'),
    );
  }
  const operator = typeof f.operator === 'string' ? OPERATORS.get(f.operator.toLowerCase()) : undefined;
  if (!('operator' in f)) issues.push(issue('missing_required', at('operator'), 'operator is required'));
  else if (!operator) {
    issues.push(issue('invalid_operator', at('operator'), 'operator must be one of =, !=, IN, NOT IN'));
  }
  if (!operator) return undefined;
  const single = operator === '=' || operator === '!=';
  const values = single ? checkSingle(f, at, issues) : checkList(f, at, issues);
  if (issues.length > before || !values || !isDimension(f.key)) return undefined;
  if (f.key === 'date') {
    values.forEach((v, j) => {
      const path = single ? at('value') : at('values', j);
      if (!isCalendarDate(v)) issues.push(issue('invalid_date', path, `${JSON.stringify(v)} is not a date YYYY-MM-DD`));
    });
    if (issues.length > before) return undefined;
  }
  return { key: f.key, operator, values };
}

type At = (...tokens: (string | number)[]) => string;

function checkSingle(f: Record<string, unknown>, at: At, issues: Issue[]): string[] | undefined {
  if ('values' in f) issues.push(issue('invalid_value', at('values'), `${String(f.operator)} takes 'value', not 'values'`));
  if (!('value' in f)) {
    issues.push(issue('missing_required', at('value'), `${String(f.operator)} needs a 'value'`));
    return undefined;
  }
  return checkValue(f.value, at('value'), issues) ? [f.value as string] : undefined;
}

function checkList(f: Record<string, unknown>, at: At, issues: Issue[]): string[] | undefined {
  if ('value' in f) issues.push(issue('invalid_value', at('value'), `${String(f.operator)} takes 'values', not 'value'`));
  if (!('values' in f)) {
    issues.push(issue('missing_required', at('values'), `${String(f.operator)} needs a 'values' list`));
    return undefined;
  }
  const list = f.values;
  if (!Array.isArray(list)) {
    issues.push(issue('schema', at('values'), 'values must be an array of strings'));
    return undefined;
  }
  if (list.length === 0) {
    issues.push(issue('invalid_value', at('values'), 'values must not be empty'));
    return undefined;
  }
  if (list.length > REPORT_LIMITS.filterValues) {
    issues.push(issue('limit_exceeded', at('values'), `at most ${REPORT_LIMITS.filterValues} values are allowed`));
    return undefined;
  }
  let ok = true;
  list.forEach((v, j) => (ok = checkValue(v, at('values', j), issues) && ok));
  return ok ? (list as string[]) : undefined;
}

function checkValue(value: unknown, path: string, issues: Issue[]): boolean {
  if (typeof value !== 'string') {
    issues.push(issue('schema', path, 'a filter value must be a string'));
    return false;
  }
  // JSON Schema's maxLength counts code points; .length (UTF-16 units) is never smaller, so check it first.
  if (value.length > REPORT_LIMITS.filterValueLength && ucs2length(value) > REPORT_LIMITS.filterValueLength) {
    issues.push(issue('limit_exceeded', path, `a filter value has at most ${REPORT_LIMITS.filterValueLength} characters`));
    return false;
  }
  return true;
}
