/**
 * The shape of every ext write an adapter can make, built once at compile time: a tree of keys under `imp[].ext`
 * (or `request.ext`) whose leaves are source indexes (see compiled-plan.ts). Binding values then only picks the
 * entered leaves out of it; no maps, no path splitting and no sorting happen per set of values.
 */
import { pointer } from '../issues.js';

export interface ExtTreeNode {
  readonly key: string;
  /** JSON Pointer relative to `ext`, for issue paths. */
  readonly relPath: string;
  /** Leaf: index of the source (field, then constant) whose value goes here. */
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
  return [...level.values()].map((node) => ({
    key: node.key,
    relPath: node.relPath,
    fieldIndex: node.fieldIndex,
    children: node.children && freeze(node.children),
  }));
}

/** What the tree needs of a source: its index and targets (slot, and keys under ext). */
interface Source {
  readonly index: number;
  readonly targets: readonly { readonly slot: string; readonly extPath: readonly string[] }[];
}

/**
 * The ext tree of the sources' targets in `slot` (their names were checked: no target is a prefix of another, and
 * only exclusive `with` constants share one).
 * Leaves keep source order, so writes happen in definition order, fields before constants.
 */
export function buildExtTree(sources: readonly Source[], slot: string): ExtTreeNode[] {
  const roots = new Map<string, Building>();
  for (const source of sources) {
    for (const target of source.targets) {
      if (target.slot !== slot) continue;
      let level = roots;
      let relPath = '';
      target.extPath.forEach((key, depth) => {
        relPath += pointer(key);
        const leaf = depth === target.extPath.length - 1;
        // A leaf another source already has: a leaf of its own (two fields' `with` constants of one exactlyOneOf group,
        // docs/spec.md#conditions, of which one at most has a value).
        const slotKey = leaf && level.get(key)?.children === undefined && level.has(key) ? `${key}\u0000${source.index}` : key;
        let node = level.get(slotKey);
        if (!node) level.set(slotKey, (node = { key, relPath, fieldIndex: leaf ? source.index : undefined, children: leaf ? undefined : new Map() }));
        if (!leaf) level = node.children!;
      });
    }
  }
  return freeze(roots);
}
