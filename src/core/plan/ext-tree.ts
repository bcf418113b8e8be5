/**
 * The shape of every ext write an adapter can make, built once at compile time: a tree of keys under `imp[].ext`
 * whose leaves are field indexes. Binding values then only picks the entered leaves out of it; no maps, no path
 * splitting and no sorting happen per set of values.
 */
import { pointer } from '../issues.js';

export interface ExtTreeNode {
  readonly key: string;
  /** JSON Pointer relative to `imp[].ext`, for issue paths. */
  readonly relPath: string;
  /** Leaf: index of the field (in `Plan.fields`) whose value goes here. */
  readonly fieldIndex: number | undefined;
  readonly children: readonly ExtTreeNode[] | undefined;
}

interface Building {
  key: string;
  relPath: string;
  fieldIndex: number | undefined;
  children: Map<string, Building> | undefined;
}

function freeze(level: Map<string, Building>): ExtTreeNode[] {
  return [...level.values()].map((node) => ({ key: node.key, relPath: node.relPath, fieldIndex: node.fieldIndex, children: node.children && freeze(node.children) }));
}

/** What the tree needs of a compiled field: whether it writes into ext, and where. */
interface ExtWrite {
  readonly target: string;
  readonly extPath: readonly string[];
}

/** The ext tree of a plan's fields (their names were checked: no target is a prefix of another). */
export function buildExtTree(fields: readonly ExtWrite[]): ExtTreeNode[] {
  const roots = new Map<string, Building>();
  fields.forEach((field, index) => {
    if (field.target !== 'ext') return;
    let level = roots;
    let relPath = '';
    field.extPath.forEach((key, depth) => {
      relPath += pointer(key);
      const leaf = depth === field.extPath.length - 1;
      let node = level.get(key);
      if (!node) level.set(key, (node = { key, relPath, fieldIndex: leaf ? index : undefined, children: leaf ? undefined : new Map() }));
      if (!leaf) level = node.children!;
    });
  });
  return freeze(roots);
}
