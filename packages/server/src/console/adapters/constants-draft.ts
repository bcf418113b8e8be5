/**
 * Rows of a name and a JSON value: a record's constants (docs/spec.md#constants) and a field's `with` constants
 * (docs/spec.md#conditions), which are written under a constant's rules. The value is typed as JSON text and parsed;
 * text that is no JSON is the one thing the draft says of a row itself ({@link constantIssues}), the record then
 * leaving the value out. A row read from a stored record keeps it (`origin`): unchanged, it is written back as stored,
 * its `when` and any other key the editor has no input for included (origin.ts).
 */
import type { Issue } from 'bidfields';
import { rowValue } from './origin.js';

/** A constant or a `with` entry: its name, and its value as JSON text. */
export interface ConstantDraft {
  name: string;
  value: string;
  /** The stored entry the row was read from. */
  origin?: unknown;
}

export function emptyConstant(): ConstantDraft {
  return { name: '', value: '' };
}

/** A value typed as JSON: the value, or why it is not JSON (empty text: no value). */
export function parsed(text: string): { value?: unknown; error?: string } {
  if (!text.trim()) return {};
  try {
    return { value: JSON.parse(text) };
  } catch (failure) {
    return { error: (failure as Error).message };
  }
}

export const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The row of a stored entry (anything that is no object: an empty row that keeps it). */
function constantDraft(entry: unknown): ConstantDraft {
  const { name, value } = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
  return { name: text(name), value: value === undefined ? '' : JSON.stringify(value), origin: entry };
}

/** The rows of a stored list of entries (no list: none). */
export const constantDrafts = (list: unknown): ConstantDraft[] => (Array.isArray(list) ? list.map(constantDraft) : []);

/** The entries the rows stand for. */
export function constantsOf(rows: readonly ConstantDraft[]): unknown[] {
  return rows.map((row) =>
    rowValue(
      row,
      constantDraft,
      () => {
        const { value } = parsed(row.value);
        return value === undefined ? { name: row.name } : { name: row.name, value };
      },
      ['name', 'value'],
    ),
  );
}

/** A value that is no JSON, at `<at>/<i>/value` (the record leaves the value out, so the library's "missing" is replaced). */
export function constantIssues(rows: readonly ConstantDraft[], at: string): Issue[] {
  return rows.flatMap((row, i) => {
    const { error } = parsed(row.value);
    return error === undefined
      ? []
      : [
          {
            code: 'schema' as const,
            path: `${at}/${i}/value`,
            message: `the value must be JSON (a string in double quotes, a number, true, false, an array or an object): ${error}`,
          },
        ];
  });
}
