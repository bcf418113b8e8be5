/**
 * What Prebid Server's Go code makes of an OpenRTB JSON value (docs/spec.md#whole-adapters): `json.Unmarshal` into
 * its `openrtb2` struct, then `json.Marshal` back, as its adapter tests do with `mockBidRequest` before the adapter
 * sees it, and with a bid before it is compared. Members the struct lacks are dropped (names matched as Go matches them:
 * as written, else without case), `omitempty` members that are empty are left out, members without it are written
 * even when absent (`""`, 0 or null), and `json.RawMessage` members (`ext`) are kept as they came. The struct table is
 * conformance/go-openrtb2.ts. A value Go could not decode (a string where a number goes) is kept as it came: the Go
 * test would fail on it, and comparing it is the best this can do.
 */
import { GO_OPENRTB2 } from './go-openrtb2.js';
import type { Json, JsonObject } from './pbs-compare.js';

interface Member {
  name: string;
  omitempty: boolean;
  /** `raw`, `s`, `n`, `*`, `[]`, a struct name, `*Struct`, `[]Struct`, or `` (a number or a string). */
  kind: string;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const members = new Map<string, Member[]>();
for (const [struct, list] of Object.entries(GO_OPENRTB2)) {
  members.set(
    struct,
    list.split(' ').map((entry) => {
      const [head, kind = ''] = entry.split(':') as [string, string?];
      return { name: head.replace('?', ''), omitempty: head.endsWith('?'), kind };
    }),
  );
}

/**
 * The member of `object` Go's encoding/json fills `name` from: the key as written, else the first own key equal to it
 * without case (a fixture that spells `httpcalls` is read by Go, so by this judge too); `undefined` for a non-object.
 * The one reading of a key for the Prebid Server judge (conformance/pbs.ts, pbs-bids.ts) and the struct round trip.
 */
export function goKey(object: unknown, name: string): any {
  if (!isObject(object)) return undefined;
  if (Object.hasOwn(object, name)) return object[name];
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : object[key];
}

/** Empty as `omitempty` says: false, 0, "", a nil pointer, slice or map, or a slice or map of length 0. */
const isEmpty = (value: Json | undefined, pointer: boolean): boolean =>
  value === undefined || value === null || (!pointer && (value === false || value === 0 || value === '' || (Array.isArray(value) && value.length === 0)));

/** One member's value after the round trip (`undefined`: not written). */
function member(value: Json | undefined, { omitempty, kind }: Member): Json | undefined {
  const pointer = kind.startsWith('*');
  const struct = kind.replace(/^(\*|\[\])/, '');
  if (kind === 'raw') return value === undefined || (omitempty && value === null) ? undefined : value;
  if (omitempty && isEmpty(value, pointer)) return undefined;
  if (members.has(struct)) {
    if (kind.startsWith('[]')) return Array.isArray(value) ? value.map((item) => goStruct(item, struct)) : (value ?? null);
    if (pointer && (value === undefined || value === null)) return null;
    return goStruct(value ?? {}, struct);
  }
  if (value !== undefined && value !== null) return value;
  return kind === 's' ? '' : kind === 'n' ? 0 : null;
}

/**
 * `value` decoded into the Go struct `struct` (`BidRequest`, `Bid`, …) and encoded again.
 * @example goStruct({ id: 'r', test: 0, imp: [{ id: '1', instl: 0, secure: 0 }] }, 'BidRequest')
 * // { id: 'r', imp: [{ id: '1', secure: 0 }] }
 */
export function goStruct(value: Json, struct: string): Json {
  const list = members.get(struct);
  if (!list || !isObject(value)) return value;
  const out: JsonObject = {};
  for (const entry of list) {
    const written = member(goKey(value, entry.name) as Json | undefined, entry);
    if (written !== undefined) out[entry.name] = written;
  }
  return out;
}
