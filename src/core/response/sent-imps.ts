/**
 * The imps of a request as it was sent, as an answer is read against them (docs/spec.md#read-bids): each imp's id and
 * which media objects it has. A bid names its imp by id, and a `{ "from": "imp" }` type rule reads the media objects;
 * nothing else of the request is needed, so this is all a protocol wrapper keeps of a request it built.
 */
import { isArray, isPlainObject } from '../definition/plain-object.js';
import { BID_TYPES, type BidType } from '../plan/response-plan.js';

/** Each imp's id (`undefined` when it has no string id a bid could name) and its media objects as bits ({@link MEDIA_BITS}). */
export interface SentImps {
  readonly ids: readonly (string | undefined)[];
  readonly media: readonly number[];
}

/** The bit of each media object in {@link SentImps.media}. */
export const MEDIA_BITS: Readonly<Record<BidType, number>> = { banner: 1, video: 2, native: 4, audio: 8 };

/**
 * The imps of a request, from its `imp` list; `undefined` when that is no array. Own properties of plain objects
 * only: a media object is an own key holding a plain object.
 * @example sentImps([{ id: '1', banner: { w: 300, h: 250 } }]) // { ids: ['1'], media: [1] }
 */
export function sentImps(imps: unknown): SentImps | undefined {
  if (!isArray(imps)) return undefined;
  const ids: (string | undefined)[] = [];
  const media: number[] = [];
  for (let i = 0; i < imps.length; i++) {
    const imp: unknown = imps[i];
    let bits = 0;
    let id: unknown;
    if (isPlainObject(imp)) {
      id = Object.hasOwn(imp, 'id') ? imp.id : undefined;
      for (const type of BID_TYPES) if (Object.hasOwn(imp, type) && isPlainObject(imp[type])) bits |= MEDIA_BITS[type];
    }
    ids.push(typeof id === 'string' ? id : undefined);
    media.push(bits);
  }
  return { ids, media };
}

/** Up to this many imps, a bid's imp is found by walking the ids; past it, by a map made once per answer. */
const WALKED = 8;

/**
 * A finder of the imp a bid names: its index in `imps`, or -1. The first imp with that id wins.
 * @example impFinder(sentImps([{ id: 'a' }, { id: 'b' }])!)('b') // 1
 */
export function impFinder(imps: SentImps): (id: string) => number {
  const { ids } = imps;
  if (ids.length <= WALKED) return (id) => ids.indexOf(id);
  let byId: Map<string, number> | undefined;
  return (id) => {
    if (!byId) {
      byId = new Map();
      for (let i = ids.length - 1; i >= 0; i--) if (ids[i] !== undefined) byId.set(ids[i]!, i);
    }
    return byId.get(id) ?? -1;
  };
}
