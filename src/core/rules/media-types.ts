/**
 * The media types rule of a Prebid JS record (docs/spec.md#protocols), once for every place it is judged: both record
 * checks (check-adapter.ts, the compact engine) and what the bidders declare. `mediaTypes` is a non-empty list of
 * distinct members of `banner`, `video`, `native`: the media types the partner takes (default all three); a bid of
 * another type is not sent to it.
 */

/** Prebid's media types, in Prebid's order: a record without `mediaTypes` takes all three. */
export const ALL_MEDIA_TYPES = ['banner', 'video', 'native'] as const;

export type MediaType = (typeof ALL_MEDIA_TYPES)[number];

/**
 * True when `value` may be a record's `mediaTypes`.
 * @example isMediaTypes(['video', 'banner']) // true
 * @example isMediaTypes(['banner', 'banner']) // false
 */
export const isMediaTypes = (value: unknown): value is MediaType[] =>
  Array.isArray(value) && value.length > 0 && value.every((type, index) => ALL_MEDIA_TYPES.includes(type) && value.indexOf(type) === index);

/** What `mediaTypes` must be, in words (the message where it is refused). */
export const MEDIA_TYPES_RULE = 'a non-empty list of distinct media types: banner, video, native';
