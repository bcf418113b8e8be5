/**
 * Reading a partner's CPM for the Prebid JS protocol (docs/spec.md#protocols): the adapter names a dot path (`price`,
 * `ext.bidfloor.cpm`) and each bid in the partner's answer is read along it. The answer is untrusted JSON, so the
 * walk steps only through own properties of plain objects (never inherited ones, never `__proto__`, `prototype`
 * or `constructor`, even when JSON.parse made them own keys), and only a finite, non-negative number counts as a
 * CPM. Tiny and browser-safe on purpose: it ships in the Prebid.js bidder bundle.
 */
import { isPlainObject, own } from '../core/definition/plain-object.js';
import { hasUnsafeSegment } from '../core/definition/names.js';
import { cpmOf } from '../core/rules/cpm-field.js';

/**
 * The CPM at `cpmField` in a bid, or `undefined` when it is missing, not a number, not finite or negative.
 * Numeric strings (`"1.5"`) are refused: OpenRTB's `price` is a JSON number, and a partner that quotes it is
 * more likely sending something else than a price (a currency-formatted "1,50", a placeholder).
 *
 * @example
 * readCpm({ price: 1.25 }, 'price')                    // 1.25
 * readCpm({ ext: { pricing: { cpm: 3 } } }, 'ext.pricing.cpm') // 3
 * readCpm({ price: '1.25' }, 'price')                  // undefined
 * readCpm(JSON.parse('{"__proto__":{"price":9}}'), '__proto__.price') // undefined
 */
export function readCpm(bid: unknown, cpmField: string): number | undefined {
  return hasUnsafeSegment(cpmField) ? undefined : readCheckedCpm(bid, cpmField);
}

/**
 * {@link readCpm} for a CPM field already checked (no `__proto__`, `prototype` or `constructor` segment: the
 * record's CPM field, refused as `invalid_cpm_field` otherwise), as the Prebid page runtime reads it.
 */
export function readCheckedCpm(bid: unknown, cpmField: string): number | undefined {
  let node = bid;
  for (const key of cpmField.split('.')) node = isPlainObject(node) ? own(node, key) : undefined;
  return cpmOf(node);
}
