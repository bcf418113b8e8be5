/**
 * Values bound to a plan: what will be written, already validated and coerced. The ext writes form a tree so
 * that each object on the way is copied once however many values land below it.
 */
import type { WrittenValue } from './value-judge.js';

/** One key under `imp[].ext`: either a value to write, or a nested object with more writes. */
export interface ExtWrite {
  readonly key: string;
  readonly value: WrittenValue | undefined;
  readonly children: ExtWrite[] | undefined;
  /** JSON Pointer of this key relative to `imp[].ext`, for issue paths. */
  readonly relPath: string;
  /**
   * The field whose value lands here; for a shared object, the first field (in definition order) of those
   * written below it, which is the field a conflict there is reported for.
   */
  readonly field: string;
  /** Index (in `Plan.fields`) of `field`. */
  readonly index: number;
}

/** Of two writes, the one whose field comes first in the definition. */
export const earliest = (a: ExtWrite, b: ExtWrite): ExtWrite => (b.index < a.index ? b : a);

export interface BoundWrites {
  readonly tagid: string | undefined;
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
