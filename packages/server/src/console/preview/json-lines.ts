/**
 * The enriched request as lines of pretty JSON, each marked when it shows a changed value, or a value the record's
 * derivations set (step-marks.ts). The core's result shares every untouched subtree with the input (copy-on-write),
 * so the changed paths are found by walking only where the two differ by identity, then comparing leaves.
 */
import { escapePointerToken } from 'bidfields';
import { jsonNesting as nesting } from 'bidfields';

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

/**
 * Deepest pasted request the preview shows: its diff and lines are walked recursively, and JSON.parse takes any depth
 * (a request 3,000 levels deep overflowed the stack while rendering, and the console went blank).
 */
const MAX_SHOWN_DEPTH = 1000;

/** The pasted text as a request, or why the preview cannot take it (not JSON, or nested too deep to show). */
export function pastedRequest(text: string): { request?: unknown; error?: string } {
  if (!text.trim()) return { error: 'Paste a bid request (JSON).' };
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch (failure) {
    return { error: `The pasted text is not JSON: ${(failure as Error).message}` };
  }
  // Without recursion, as generated code measures a constant; it stops at the first value past the limit.
  if (nesting(request, MAX_SHOWN_DEPTH) > MAX_SHOWN_DEPTH)
    return { error: `The pasted request nests deeper than ${MAX_SHOWN_DEPTH.toLocaleString('en-US')} levels: the preview cannot show it.` };
  return { request };
}

/** JSON Pointers of every value that differs (added, removed or replaced), deepest first found. */
export function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (before === after) return [];
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [path];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: string[] = [];
  for (const key of keys) {
    out.push(...changedPaths((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], `${path}/${escapePointerToken(key)}`));
  }
  return out;
}

/** The value `value` holds at the pointer `path` (own keys and array elements only), or undefined where it holds none. */
export function valueAt(value: unknown, path: string): unknown {
  let node = value;
  for (const token of path.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isContainer(node) || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Whether `value` holds nothing at the pointer `path` (a key the enrichment removed, docs/spec.md#removals, is gone from it). */
export const absentAt = (value: unknown, path: string): boolean => valueAt(value, path) === undefined;

export interface JsonLine {
  text: string;
  changed: boolean;
  /** True under a path a derivation set (and nothing wrote later). */
  derived?: boolean;
  /** The pointer of the value the line opens or shows. */
  path: string;
}

/** Pretty-printed JSON (two spaces), one entry a line, marked under any changed path, or as derived under a derived one. */
export function jsonLines(value: unknown, changed: readonly string[], derived: readonly string[] = []): JsonLine[] {
  const lines: JsonLine[] = [];
  const under = (paths: readonly string[], path: string) => paths.some((c) => path === c || path.startsWith(c + '/'));
  const push = (text: string, path: string) =>
    lines.push(under(derived, path) ? { text, changed: false, derived: true, path } : { text, changed: under(changed, path), path });
  const walk = (node: unknown, path: string, indent: string, prefix: string, comma: string) => {
    if (!isContainer(node)) {
      push(`${indent}${prefix}${JSON.stringify(node) ?? 'null'}${comma}`, path);
      return;
    }
    const array = Array.isArray(node);
    const entries = array ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    const [open, close] = array ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      push(`${indent}${prefix}${open}${close}${comma}`, path);
      return;
    }
    push(`${indent}${prefix}${open}`, path);
    entries.forEach(([key, child], i) => {
      walk(child, `${path}/${escapePointerToken(key)}`, indent + '  ', array ? '' : `${JSON.stringify(key)}: `, i < entries.length - 1 ? ',' : '');
    });
    push(`${indent}${close}${comma}`, path);
  };
  walk(value, '', '', '', '');
  return lines;
}
