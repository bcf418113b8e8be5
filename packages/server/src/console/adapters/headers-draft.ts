/**
 * The editor's rows of a record's headers (docs/spec.md#headers): each a name, a kind (a fixed value, or read from the
 * request) and its text (the value as typed, or the request paths separated by commas or spaces), in the order the
 * record keeps them. The library alone judges them; the draft only says what the record cannot hold: two rows of the
 * very same name, which one object key cannot keep apart. An issue at `/headers/<Name>…` belongs to the row of that
 * name (the last one, whose value the record holds), with the name unescaped as RFC 6901 says.
 */
import { pointer, type HeaderDefinition, type Issue } from 'bidfields';

export interface HeaderDraft {
  name: string;
  /** `'value'`: a fixed value; `'from'`: read from the request as sent (not for Prebid JS). */
  kind: 'value' | 'from';
  /** The value as typed, or the request paths (dot paths) separated by commas or white space. */
  text: string;
}

export function emptyHeader(): HeaderDraft {
  return { name: '', kind: 'value', text: '' };
}

/** Request paths typed in one input: separated by commas or white space (a path holds neither). */
const pathsOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/**
 * A record's `headers` object of the rows, in their order. One path is written as a string, several as a list (the
 * same meaning); each name is an own key whatever it spells (`__proto__` too).
 */
export function headersOf(rows: readonly HeaderDraft[]): Record<string, HeaderDefinition> {
  const out: Record<string, HeaderDefinition> = {};
  for (const row of rows) {
    const paths = pathsOf(row.text);
    const spec: HeaderDefinition = row.kind === 'from' ? { from: paths.length === 1 ? paths[0]! : paths } : { value: row.text };
    Object.defineProperty(out, row.name, { value: spec, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The rows of a stored record's `headers` (anything that is no object: none). */
export function headerRows(headers: unknown): HeaderDraft[] {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return [];
  return Object.entries(headers as Record<string, unknown>).map(([name, spec]) => {
    const { value, from } = typeof spec === 'object' && spec !== null ? (spec as Record<string, unknown>) : ({} as Record<string, unknown>);
    if (value === undefined && from !== undefined) return { name, kind: 'from', text: Array.isArray(from) ? from.map(text).join(', ') : text(from) };
    return { name, kind: 'value', text: text(value) };
  });
}

/** The header name a pointer's token stands for (RFC 6901: `~1` is `/`, then `~0` is `~`). */
const unescaped = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The row a header's pointer token names: the last of that name (the record holds its value), or -1. */
export const rowOf = (rows: readonly HeaderDraft[], token: string): number => rows.map((row) => row.name).lastIndexOf(unescaped(token));

/**
 * The id of the input of a header's pointer, split into tokens after `headers`: `['X-A']` → the row's name,
 * `['X-A', 'value']` or `['X-A', 'from']` → its value or paths; `[]` (the whole object) → the last row's name.
 */
export function headerInput(tokens: readonly string[], rows: readonly HeaderDraft[]): string | undefined {
  if (tokens.length === 0) return rows.length > 0 ? `header-${rows.length - 1}-name` : undefined;
  const row = rowOf(rows, tokens[0]!);
  if (row < 0) return undefined;
  return `header-${row}-${tokens[1] === 'value' || tokens[1] === 'from' ? 'text' : 'name'}`;
}

/**
 * The headers' issues as the editor shows them: the library's `schema` at `/headers/<Name>` of a row read from the
 * request is about its paths (a value row always makes a well-formed entry), so it is said at `/headers/<Name>/from`;
 * and a row whose name an earlier row already has is said by the draft (`invalid_header`, as the library says it of
 * a name repeated in another case).
 */
export function headerIssues(rows: readonly HeaderDraft[], found: readonly Issue[]): Issue[] {
  const moved = found.map((i) => {
    const tokens = i.path.split('/');
    if (i.code !== 'schema' || tokens.length !== 3 || tokens[1] !== 'headers') return i;
    const row = rowOf(rows, tokens[2]!);
    return row >= 0 && rows[row]!.kind === 'from' ? { ...i, path: `${i.path}/from` } : i;
  });
  const own: Issue[] = [];
  rows.forEach((row, i) => {
    if (rows.findIndex((other) => other.name === row.name) < i)
      own.push({ code: 'invalid_header', path: pointer('headers', row.name), message: `header ${i + 1} has the name of an earlier header` });
  });
  return [...moved, ...own];
}
