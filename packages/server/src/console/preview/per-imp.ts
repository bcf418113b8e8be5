// The placement preview's values per imp (docs/spec.md#per-imp): one values object per imp of the chosen request, as typed
// (by key), each enriched or left as it is (`null` in the list `safeEnrichImps` takes), and which issues are about
// the values (`/<imp>/<key>`, `/<imp>` for a one-of group) rather than the request. What is sent is each imp's values
// as typed, but a JSON field's text parsed (docs/spec.md#lists-json-ids: a JSON value is sent as the value; a list goes as
// the text typed, which the library splits at commas, and an id as typed).
import type { FormField, Issue } from 'bidfields';

/** One imp's values as typed, by field key ('' is "not entered"). */
export type Entered = Record<string, string>;

/** One imp's values as sent: as typed, a JSON field's parsed. */
export type Sent = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The imps the form has values for: one per `imp` of the request (its id as JSON text when it has one), or a single
 * one when the request has none to show (not chosen, not an object, no imp list).
 */
export function impsOf(request: unknown): (string | undefined)[] {
  const imp = isObject(request) ? request.imp : undefined;
  if (!Array.isArray(imp) || imp.length === 0) return [undefined];
  return imp.map((one) => (isObject(one) && (typeof one.id === 'string' || typeof one.id === 'number') ? JSON.stringify(one.id) : undefined));
}

/**
 * What `safeEnrichImps` gets: for each of `count` imps its values, or `null` when it is left as it is. Imp 1 is
 * enriched unless unticked; the others when ticked; a request of one imp always has it enriched.
 */
export function perImpEntries(count: number, values: readonly (Entered | undefined)[], enriched: readonly (boolean | undefined)[]): (Entered | null)[] {
  return Array.from({ length: count }, (_, i) => (count === 1 || (enriched[i] ?? i === 0) ? (values[i] ?? {}) : null));
}

/** True for an issue about the entered values (`/<imp>` or below) rather than the request. */
export const isValuePath = (found: Issue): boolean => /^\/\d+(?:\/|$)/.test(found.path);

/** The value issues of imp `i`. */
export const issuesOfImp = (issues: readonly Issue[], i: number): Issue[] =>
  issues.filter((found) => found.path === `/${i}` || found.path.startsWith(`/${i}/`));

/**
 * The values sent for each imp (`null` kept): a JSON field's text parsed into its value (empty: not entered). A text
 * that is no JSON is an `invalid_value` at `/<imp>/<key>`, the one issue the preview says itself: while there is one,
 * nothing is sent. Every key stays own data, whatever it spells.
 */
export function sentEntries(form: readonly FormField[], entries: readonly (Entered | null)[]): { entries: (Sent | null)[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const json = form.filter((field) => field.kind === 'json');
  const sent = entries.map((entry, i) => {
    if (entry === null) return null;
    const out: Sent = {};
    for (const [key, typed] of Object.entries(entry)) {
      let value: unknown = typed;
      const field = typed.trim() === '' ? undefined : json.find((f) => f.key === key);
      if (field) {
        try {
          value = JSON.parse(typed);
        } catch (failure) {
          issues.push({
            code: 'invalid_value',
            path: `/${i}${field.path}`,
            field: field.name,
            message: `must be JSON text ("abc", 5, ["a"], {"k": 1}): ${(failure as Error).message}`,
          });
          continue;
        }
      }
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
  return { entries: sent, issues };
}
