/**
 * Values bound to a plan: what will be written, already validated and coerced. The ext writes form a tree so
 * that each object on the way is copied once however many values land below it. Imp-level writes go to each
 * enriched imp; request-level ones once to the request.
 */
import type { WrittenValue } from './value-judge.js';

/** One key under `ext`: either a value to write, or a nested object with more writes. */
export interface ExtWrite {
  readonly key: string;
  /** The value (a constant's may be any JSON; an object or array is copied at each write). */
  readonly value: unknown;
  readonly children: ExtWrite[] | undefined;
  /** JSON Pointer of this key relative to `ext`, for issue paths. */
  readonly relPath: string;
  /**
   * The field (or constant) whose value lands here; for a shared object, the first source (fields in definition
   * order, then constants) of those written below it, which is the one a conflict there is reported for.
   */
  readonly field: string;
  /** Source index (see compiled-plan.ts) of `field`. */
  readonly index: number;
}

/** Of two writes, the one whose source comes first. */
export const earliest = (a: ExtWrite, b: ExtWrite): ExtWrite => (b.index < a.index ? b : a);

/** What is written into each enriched imp. */
export interface ImpWrites {
  readonly tagid: string | undefined;
  readonly ext: readonly ExtWrite[] | undefined;
}

/** What is written once into the request: the inventory object's ids and the request ext. */
export interface RequestWrites {
  readonly publisherId: string | undefined;
  /** The field whose value is `publisherId`: a non-object publisher in the way is its conflict alone. */
  readonly publisherField: string | undefined;
  readonly siteId: string | undefined;
  /**
   * The first field (in definition order) written to the inventory object, for the issues of that object itself
   * (`no_inventory_object`, a non-object `app`/`site`/`dooh`); a non-object publisher is `prd.appPublisherId`'s.
   */
  readonly inventoryField: string | undefined;
  readonly ext: readonly ExtWrite[] | undefined;
}

export interface BoundWrites {
  readonly imp: ImpWrites;
  readonly request: RequestWrites;
  /** The bound value of each source (fields, then constants), for comparing request-level values across imps. */
  readonly values: readonly (WrittenValue | undefined)[];
}
