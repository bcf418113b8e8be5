/**
 * The enriched request as lines of pretty JSON, each marked when it shows a changed value. The core's result
 * shares every untouched subtree with the input (copy-on-write), so the changed paths are found by walking only
 * where the two differ by identity, then comparing leaves.
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

/** Whether `value` holds nothing at the pointer `path` (a key the enrichment removed, docs/spec.md#removals, is gone from it). */
export function absentAt(value: unknown, path: string): boolean {
  let node = value;
  for (const token of path.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isContainer(node) || !Object.hasOwn(node, key)) return true;
    node = (node as Record<string, unknown>)[key];
  }
  return false;
}

export interface JsonLine {
  text: string;
  changed: boolean;
  /** The pointer of the value the line opens or shows. */
  path: string;
}

/** Pretty-printed JSON (two spaces), one entry a line, marked under any changed path. */
export function jsonLines(value: unknown, changed: readonly string[]): JsonLine[] {
  const lines: JsonLine[] = [];
  const isChanged = (path: string) => changed.some((c) => path === c || path.startsWith(c + '/'));
  const walk = (node: unknown, path: string, indent: string, prefix: string, comma: string) => {
    const mark = isChanged(path);
    if (!isContainer(node)) {
      lines.push({ text: `${indent}${prefix}${JSON.stringify(node) ?? 'null'}${comma}`, changed: mark, path });
      return;
    }
    const array = Array.isArray(node);
    const entries = array ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    const [open, close] = array ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      lines.push({ text: `${indent}${prefix}${open}${close}${comma}`, changed: mark, path });
      return;
    }
    lines.push({ text: `${indent}${prefix}${open}`, changed: mark, path });
    entries.forEach(([key, child], i) => {
      walk(child, `${path}/${escapePointerToken(key)}`, indent + '  ', array ? '' : `${JSON.stringify(key)}: `, i < entries.length - 1 ? ',' : '');
    });
    lines.push({ text: `${indent}${close}${comma}`, changed: mark, path });
  };
  walk(value, '', '', '', '');
  return lines;
}
