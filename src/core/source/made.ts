/**
 * One write tree for a single-imp enrichment (docs/spec.md#removals): which objects of the result this enrichment
 * made, known from where the code stands rather than looked up at run time. Each path below the request (the root,
 * the imp list, the imp, each key on the way) gets a local variable holding the object the enrichment made there
 * (undefined until one is); the removals, derivations and field writes written out in one function (emit-one.ts) test
 * an object against it before copying, so each object on a written path is copied once, in the order of an
 * enrichment, with no list of made objects to search.
 *
 * The test is by identity, as the list's `includes` was: an object is ours only if it is the very one made at that
 * path. The inventory object is reached by its key (`site`) or as "the inventory object" (whichever of app, site,
 * dooh the request has), so a path under any of those is tested against all of them.
 */
import type { Cond } from './code.js';
import { INVENTORY_KEYS } from '../rules/inventory.js';

/** A path element: a key, the imp list (`imp`, then the enriched imp `#`), or the inventory object (`null`). */
export type MadePath = readonly (string | null)[];

const INVENTORY: readonly (string | null)[] = [...INVENTORY_KEYS, null];

export class Made {
  readonly #variables = new Map<string, string>();

  /** The variable that holds the object made at `path` (declared at the top of the function). */
  variable(path: MadePath): string {
    const id = JSON.stringify(path);
    let name = this.#variables.get(id);
    if (name === undefined) this.#variables.set(id, (name = `M${this.#variables.size}`));
    return name;
  }

  /** Whether the object in `object`, found at `path`, is one this enrichment made (`'false'` when none can be). */
  test(object: string, path: MadePath): Cond {
    const inventory = path.length > 0 && INVENTORY.includes(path[0]!);
    const paths = inventory ? INVENTORY.map((root) => [root, ...path.slice(1)]) : [path];
    const known = paths.map((candidate) => this.#variables.get(JSON.stringify(candidate))).filter((name) => name !== undefined);
    return known.length ? `(${known.map((name) => `${object} === ${name}`).join(' || ')})` : 'false';
  }

  /** `let M0, M1, …;` */
  declarations(): string[] {
    return this.#variables.size ? [`let ${[...this.#variables.values()].join(', ')};`] : [];
  }
}
