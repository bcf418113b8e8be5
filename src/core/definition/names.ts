/**
 * The name grammar of docs/spec.md#fields in one place: which names are predefined, which carry the RTB ext prefix, which
 * segments are refused because they could reach an object's prototype, and where a name's value lands.
 */

/**
 * The predefined names and where each one's value goes (docs/spec.md#targets), the one table of them: `[root, ...keys]`, root 0
 * the imp, 1 the inventory object (app, site or dooh, the first the request has).
 */
export const PREDEFINED = {
  // No prototype (TypeScript reads this key as a property, hence the cast): `toString` and the like find nothing.
  __proto__: null,
  'prd.impTagId': [0, 'tagid'],
  'prd.appPublisherId': [1, 'publisher', 'id'],
  'prd.appSiteId': [1, 'id'],
} as object as Readonly<Record<string, readonly [0 | 1, ...string[]] | undefined>>;

/**
 * What a typed target (docs/spec.md#more-openrtb-targets) takes: a number ≥ 0 (`floor`), a currency code (`currency`), 0 or 1
 * (`flag`), an integer 0–7 (`position`), text (`text`: a number written as its decimal string), a list of text
 * (`textList`), or any value (`any`: the ext objects of other places).
 */
export type TypedKind = 'floor' | 'currency' | 'flag' | 'position' | 'text' | 'textList' | 'any';

/**
 * The typed predefined names (docs/spec.md#more-openrtb-targets) and where each one's value goes: `[root, ...keys]`, root 4 each
 * imp enriched, 7 its `banner` (only an imp that has one), 5 the request, 6 the inventory object.
 */
export const TYPED = {
  __proto__: null,
  'prd.impBidFloor': [[4, 'bidfloor'], 'floor'],
  'prd.impBidFloorCur': [[4, 'bidfloorcur'], 'currency'],
  'prd.impSecure': [[4, 'secure'], 'flag'],
  'prd.bannerPos': [[7, 'pos'], 'position'],
  'prd.impDisplayManager': [[4, 'displaymanager'], 'text'],
  'prd.impDisplayManagerVer': [[4, 'displaymanagerver'], 'text'],
  'prd.bcat': [[5, 'bcat'], 'textList'],
  'prd.badv': [[5, 'badv'], 'textList'],
  'prd.bapp': [[5, 'bapp'], 'textList'],
} as object as Readonly<Record<string, readonly [readonly [4 | 5 | 6 | 7, string], TypedKind] | undefined>>;

/** The prefixes of the ext objects of other places (docs/spec.md#more-openrtb-targets) and the root and keys each path goes below. */
export const TYPED_PREFIXES: readonly (readonly [prefix: string, root: 5 | 6, keys: readonly string[]])[] = [
  ['predefinedSourceExt.', 5, ['source', 'ext']],
  ['predefinedUserExt.', 5, ['user', 'ext']],
  ['predefinedInventoryExt.', 6, ['ext']],
  ['predefinedPublisherExt.', 6, ['publisher', 'ext']],
];

/** The typed target of a name and what it takes, or `undefined` for another name. */
export function typedTarget(name: string): readonly [Target, TypedKind] | undefined {
  const table = TYPED[name];
  if (table) return table;
  for (const [prefix, root, keys] of TYPED_PREFIXES) if (name.startsWith(prefix)) return [[root, ...keys, ...name.slice(prefix.length).split('.')], 'any'];
  return undefined;
}

/** What a target takes when it is a typed one (see {@link TYPED}, {@link TYPED_PREFIXES}), else `undefined`. */
export function typedKind(target: Target): TypedKind | undefined {
  const [root, key] = target;
  if (root < 4) return undefined;
  for (const name in TYPED) if (TYPED[name]![0][0] === root && TYPED[name]![0][1] === key) return TYPED[name]![1];
  return 'any';
}

/** Marks an RTB ext param; stripped before the value is written (docs/spec.md#targets). */
export const EXT_PREFIX = 'predefinedImpExt.';

/** Marks a request-level ext param (`request.ext.<path>`, docs/spec.md#more-targets), any protocol; stripped before the value is written. */
export const REQUEST_EXT_PREFIX = 'predefinedRequestExt.';

/**
 * Marks a field whose value only fills the endpoint's placeholders (docs/spec.md#endpoint-templates): `predefinedEndpoint.<segment>` writes
 * nothing into the request.
 */
export const ENDPOINT_PREFIX = 'predefinedEndpoint.';

/**
 * Where a value goes: `[root, ...keys]`, root 0 the imp (each imp enriched), 1 the inventory object (app, site or
 * dooh, the first the request has), 2 the request itself, 3 nowhere in the request (an endpoint-only field, SPEC
 * docs/spec.md#endpoint-templates). A target is written as a string exactly when it is a predefined one (docs/spec.md#targets), that is when its first key
 * is not `ext`.
 */
export type Target = readonly [0 | 1 | 2 | 3 | 4 | 5 | 6 | 7, ...string[]];

/**
 * The object a target's root writes into, the one table of the roots: each imp enriched (0, 4, and 7 its banner),
 * the inventory object (1, 6), the request (2, 5), or nothing in the request (3, an endpoint-only field).
 */
export const placeOf = (root: number): 'imp' | 'inventory' | 'request' | 'endpoint' =>
  root === 0 || root === 4 || root === 7 ? 'imp' : root === 1 || root === 6 ? 'inventory' : root === 3 ? 'endpoint' : 'request';

/** A param key (docs/spec.md#param): an identifier of at most 64 characters. Prototype keys pass this; see {@link isUnsafeSegment}. */
export const isParamKey = (key: unknown): key is string => typeof key === 'string' && key.length <= 64 && /^[A-Za-z_]\w*$/.test(key);

const SEGMENT = /^[A-Za-z0-9_$-]+$/;
const UNSAFE_SEGMENT = /^(__proto__|prototype|constructor)$/;

/** A dot path of one or more segments of `[A-Za-z0-9_$-]` (names and the Prebid CPM field). */
export function isDotPath(name: string): boolean {
  if (name.length === 0) return false;
  for (const segment of name.split('.')) if (!SEGMENT.test(segment)) return false;
  return true;
}

/** Longest field name, as in the schema: a name is a short path, and its length bounds every walk along it. */
export const MAX_NAME_LENGTH = 512;

/** A field name's shape: a string, a dot path (see {@link isDotPath}), at most {@link MAX_NAME_LENGTH} characters. */
export function isFieldName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= MAX_NAME_LENGTH && isDotPath(name);
}

/** True when a segment could reach an object's prototype chain. */
export function isUnsafeSegment(segment: string): boolean {
  return UNSAFE_SEGMENT.test(segment);
}

/** True for one key segment (`[A-Za-z0-9_$-]+`, no dot) that cannot reach an object's prototype chain. */
export function isSafeSegment(segment: unknown): segment is string {
  return typeof segment === 'string' && SEGMENT.test(segment) && !isUnsafeSegment(segment);
}

/** True when any segment of the dot path is `__proto__`, `prototype` or `constructor`. */
export function hasUnsafeSegment(name: string): boolean {
  return name.split('.').some(isUnsafeSegment);
}

/** Where a predefined name's value goes (see {@link PREDEFINED}); `undefined` for any other name. */
export function predefinedPath(name: string): readonly [0 | 1, ...string[]] | undefined {
  return PREDEFINED[name];
}

export type NameRefusal = 'unsafe_name' | 'unknown_predefined' | 'rtb_field_without_prefix';

/**
 * The rule of docs/spec.md#fields that refuses a field's name (a string of the name grammar) on its own, if any:
 * `unsafe_name`, then `unknown_predefined`, then `rtb_field_without_prefix`.
 */
export function nameRefusal(name: string, protocol: unknown): NameRefusal | undefined {
  return hasUnsafeSegment(name)
    ? 'unsafe_name'
    : predefinedPath(name) || typedTarget(name)
      ? undefined
      : name.startsWith('prd.')
        ? 'unknown_predefined'
        : protocol === 'rtb' && !name.startsWith(EXT_PREFIX) && !name.startsWith(REQUEST_EXT_PREFIX) && !name.startsWith(ENDPOINT_PREFIX)
          ? 'rtb_field_without_prefix'
          : undefined;
}

/** Segments under `imp.ext` for a non-predefined name, the RTB prefix stripped. */
function extSegments(name: string): string[] {
  return (name.startsWith(EXT_PREFIX) ? name.slice(EXT_PREFIX.length) : name).split('.');
}

/**
 * The target of a name of the grammar (see {@link Target}): a predefined name's, `request.ext.<path>` for
 * `predefinedRequestExt.<path>`, else `imp.ext` at {@link extPath}.
 * @example targetOf('predefinedRequestExt.pid', []) // [2, 'ext', 'pid']
 */
export function targetOf(name: string, extBase: readonly string[]): Target {
  const predefined = predefinedPath(name);
  if (predefined) return [...predefined];
  const typed = typedTarget(name);
  if (typed) return [...typed[0]];
  if (name.startsWith(ENDPOINT_PREFIX)) return [3, name.slice(ENDPOINT_PREFIX.length)];
  return name.startsWith(REQUEST_EXT_PREFIX) ? [2, 'ext', ...name.slice(REQUEST_EXT_PREFIX.length).split('.')] : [0, 'ext', ...extPath(name, extBase)];
}

/**
 * The path a name is compared as for conflicts (docs/spec.md#fields, docs/spec.md#more-targets): under `imp.ext` with the prefix stripped; predefined
 * and request-ext names as written, so `prd` and `prd.impTagId` conflict, as do `predefinedRequestExt` and
 * `predefinedRequestExt.a`, though each pair lands in two places.
 */
export function comparedPath(name: string): string[] {
  return predefinedPath(name) || typedTarget(name) || name.startsWith(REQUEST_EXT_PREFIX) || name.startsWith(ENDPOINT_PREFIX)
    ? name.split('.')
    : extSegments(name);
}

/**
 * Keys under `imp.ext` where a non-predefined name's value lands: `predefinedImpExt.<path>` at `<path>` whatever
 * the protocol and its options (docs/spec.md#targets); any other name (a bidder param) below `extBase`, which is Prebid
 * Server's `prebid.bidder.<code>` when its params go there.
 */
export function extPath(name: string, extBase: readonly string[]): string[] {
  return [...(name.startsWith(EXT_PREFIX) ? [] : extBase), ...extSegments(name)];
}
