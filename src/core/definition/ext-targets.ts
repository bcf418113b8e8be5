/**
 * The `name_conflict` rule of docs/spec.md#fields in one place, for both engines: no two ext targets may be the same place or
 * one inside the other (compared after the `predefinedImpExt.` prefix is stripped). Targets are kept as a trie of
 * their segments, so checking a name costs one step per segment, however deep the names and however many fields.
 */
interface Node<T> {
  /** The target that ends here. */
  owner?: T;
  /** The first target registered below here. */
  below?: T;
  children: Map<string, Node<T>>;
}

/**
 * A set of ext targets.
 * @example
 * const targets = extTargets<string>();
 * targets.add(['a', 'b'], 'a.b'); // undefined: registered
 * targets.add(['a'], 'a');        // 'a.b': 'a' would hold 'a.b'
 */
export function extTargets<T>() {
  const root: Node<T> = { children: new Map() };
  return {
    /**
     * Registers the target at `path` for `owner`, or returns the earlier owner it conflicts with: the same place
     * first, else the first target inside it, else the nearest target around it (shortest first).
     */
    add(path: readonly string[], owner: T): T | undefined {
      let node = root;
      let around: T | undefined;
      const passed: Node<T>[] = [];
      for (const segment of path) {
        passed.push(node);
        let next = node.children.get(segment);
        if (!next) node.children.set(segment, (next = { children: new Map() }));
        node = next;
        if (passed.length < path.length) around ??= node.owner;
      }
      const other = node.owner ?? node.below ?? around;
      if (other !== undefined) return other;
      node.owner = owner;
      // Every proper prefix (the root excluded) now has a target below it.
      for (const prefix of passed.slice(1)) prefix.below ??= owner;
      return undefined;
    },
  };
}
