/**
 * The editor's rows of what a record does to the request before its fields write (docs/spec.md#removals):
 * removals (a path of the list, and for an object path the keys it keeps) and derivations (the banner size from the
 * first format with its `when`; a copy from a request path to a name, optionally only where the target is absent).
 * The rows only offer the choices: the library alone judges them (`validateAdapter`), and each of its issues at
 * `/remove/…` or `/derive/…` names the input of that row ({@link stepInput}). A stored row keeps its entry (`origin`):
 * unchanged, it is written back as stored (origin.ts).
 */
import { BANNER_SIZE_WHEN, NOT_OBJECT_PATHS, REMOVABLE_PATHS } from 'bidfields';
import { rowValue } from './origin.js';
import { text } from './constants-draft.js';

/**
 * The paths a removal may name, the library's list (docs/spec.md#removals), offered as the path's choices (a stored path
 * not among them is kept as typed, and the library says why it is refused). The two domains are no objects, so they
 * keep no keys.
 */
export const REMOVABLE: readonly string[] = REMOVABLE_PATHS;
export const KEEPS_KEYS = (path: string) => !NOT_OBJECT_PATHS.includes(path);

/** When a banner size is set from its first format (docs/spec.md#values-from-the-request), with what the choice says. */
const SIZE_WORDS: Readonly<Record<string, string>> = {
  eitherMissing: 'w or h missing',
  bothMissing: 'w and h both missing',
  missingOrZero: 'w or h missing or 0',
  always: 'always',
};
/** The library's choices (BANNER_SIZE_WHEN), each with its words. */
export const SIZE_WHEN: readonly (readonly [string, string])[] = BANNER_SIZE_WHEN.map((when) => [when, SIZE_WORDS[when] ?? when] as const);

export interface RemovalDraft {
  path: string;
  /** The keys an object path keeps, separated by commas or spaces; empty: the whole path is removed. */
  keep: string;
  origin?: unknown;
}

export interface DerivationDraft {
  /** `bannerSizeFromFormat`, `copy`, or as stored. */
  op: string;
  /** A banner size's `when`; a copy's `'absent'` or `''`. */
  when: string;
  /** A copy's request path and target name. */
  from: string;
  to: string;
  origin?: unknown;
}

export const emptyRemoval = (): RemovalDraft => ({ path: 'imp.ext', keep: '' });
export const emptyDerivation = (): DerivationDraft => ({ op: 'copy', when: '', from: '', to: '' });

const listOf = (typed: string): string[] => typed.split(/[\s,]+/).filter(Boolean);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function removalDraft(entry: unknown): RemovalDraft {
  if (!isObject(entry)) return { path: text(entry), keep: '', origin: entry };
  return { path: text(entry.path), keep: Array.isArray(entry.keep) ? entry.keep.map(text).join(', ') : text(entry.keep), origin: entry };
}

function derivationDraft(entry: unknown): DerivationDraft {
  const { op, when, from, to } = isObject(entry) ? entry : {};
  return { op: text(op), when: text(when), from: text(from), to: text(to), origin: entry };
}

/** The rows of a stored `remove` or `derive` (no list: none). */
export const removalDrafts = (list: unknown): RemovalDraft[] => (Array.isArray(list) ? list.map(removalDraft) : []);
export const derivationDrafts = (list: unknown): DerivationDraft[] => (Array.isArray(list) ? list.map(derivationDraft) : []);

/** The `remove` entries of the rows: a path, or `{ path, keep }` when keys are kept. */
export const removalsOf = (rows: readonly RemovalDraft[]): unknown[] =>
  rows.map((row) => rowValue(row, removalDraft, () => (row.keep.trim() ? { path: row.path, keep: listOf(row.keep) } : row.path), ['path', 'keep']));

/** The `derive` entries of the rows: a banner size `{ op, when }`; a copy `{ op, from, to, when? }`. */
export const derivationsOf = (rows: readonly DerivationDraft[]): unknown[] =>
  rows.map((row) =>
    rowValue(
      row,
      derivationDraft,
      () => {
        if (row.op === 'bannerSizeFromFormat') return { op: row.op, when: row.when };
        return { op: row.op, ...(row.from && { from: row.from }), ...(row.to && { to: row.to }), ...(row.when && { when: row.when }) };
      },
      ['op', 'when', 'from', 'to'],
    ),
  );

/**
 * The id of the input of a `remove` or `derive` pointer, split into tokens (`['remove', '0', 'keep', '1']` → the
 * row's kept keys; `['derive', '2']` → the row's kind).
 */
export function stepInput(tokens: readonly string[]): string | undefined {
  const [list, row, key] = tokens;
  if (row === undefined || !/^\d+$/.test(row)) return undefined;
  if (list === 'remove') return `remove-${row}-${key === 'keep' ? 'keep' : 'path'}`;
  return `derive-${row}-${key === 'when' || key === 'from' || key === 'to' ? key : 'op'}`;
}
