/**
 * What a record or a field holds that the editor has no input of its own for (removals, derivations, exactly-one-of
 * groups, `requestValues`, a field's `with` and `when`: docs/spec.md#removals, docs/spec.md#conditions; and any key a later
 * version adds), kept as JSON text in one box, so that editing a record never drops a key it did not show.
 */
import type { Issue } from 'bidfields';

/** The keys of `source` that are not `modeled`, as pretty JSON text; `''` when there is none. */
export function moreText(source: Record<string, unknown>, modeled: readonly string[]): string {
  const more = Object.fromEntries(Object.entries(source).filter(([key]) => !modeled.includes(key)));
  return Object.keys(more).length ? JSON.stringify(more, null, 2) : '';
}

/** The keys of a "more" box to add to the record or field (none of the `modeled` ones), or why its text is refused. */
export function moreKeys(text: string, modeled: readonly string[]): { keys: Record<string, unknown>; error?: string } {
  if (!text.trim()) return { keys: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { keys: {}, error: (error as Error).message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { keys: {}, error: 'it must be a JSON object of keys' };
  const keys = Object.fromEntries(Object.entries(value).filter(([key]) => !modeled.includes(key)));
  const shadowed = Object.keys(value).filter((key) => modeled.includes(key));
  return shadowed.length ? { keys, error: `${shadowed.join(', ')} has an input of its own above` } : { keys };
}

/** The issue of a "more" box whose text is refused, at `path`. */
export const moreIssue = (path: string, error: string): Issue => ({
  code: 'schema',
  path,
  message: `more settings must be a JSON object of keys (e.g. {"remove": ["imp.ext"]}): ${error}`,
});
