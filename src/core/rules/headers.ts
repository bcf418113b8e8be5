/**
 * Headers a record adds to its requests (docs/spec.md#headers), the one judge of them: which names a record may set, which
 * `content-type` it may send, which text may go out as a header value, and how a `from` path reads the request. The
 * record checks (plan/record-rules.ts, for `compile` and the page's compact engine) and every request built (the
 * protocol wrappers, the Prebid.js adapters) read these and nothing else.
 */
import { isArray, isPlainObject } from '../definition/plain-object.js';
import { isFieldName, hasUnsafeSegment, isUnsafeSegment } from '../definition/names.js';
import { decimalString, finite } from './decimal.js';

/** A checked header: its name in lower case (as sent), and a fixed value or the request paths it is read from. */
export interface HeaderPlan {
  name: string;
  value?: string;
  /** Dot paths into the request as sent, each split into keys; the first that holds a value gives it. */
  from?: string[][];
}

/** A header value is at most this many characters (docs/spec.md#headers). */
export const MAX_HEADER_VALUE = 1024;
/** A record sets at most this many headers, each read from at most {@link MAX_HEADER_PATHS} paths. */
export const MAX_HEADERS = 32;
export const MAX_HEADER_PATHS = 8;

/** RFC 9110 §5.6.2 token, at most 64 characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;

/**
 * Names no record sets (lower case): the connection's own, credentials, the proxy's and the browser's. A Prebid.js
 * page's browser drops the others of the Fetch standard's forbidden list silently, so a Prebid JS record may not
 * name them either: it would promise a header the partner never gets.
 */
const FORBIDDEN = /^(host|cookie|authorization|content-length|connection|keep-alive|transfer-encoding|te|trailer|upgrade|expect|proxy-.*|sec-.*)$/;
const FORBIDDEN_ON_PAGE = /^(accept-charset|accept-encoding|access-control-request-.*|cookie2|date|dnt|origin|referer|set-cookie|via|user-agent)$/;

/** The one `content-type` a record may send: JSON, with an optional UTF-8 charset (the charset name in any case). */
const JSON_CONTENT_TYPE = /^application\/json(; *charset=[uU][tT][fF]-8)?$/;

/**
 * Text that goes out as a header value: 1 to {@link MAX_HEADER_VALUE} characters, none a control character (C0,
 * DEL, C1) and none above U+00FF (HTTP carries bytes; `fetch` throws on such a value, which would drop the request).
 */
export const isHeaderValue = (text: string): boolean => text.length <= MAX_HEADER_VALUE && /^[\x20-\x7e\xa0-\xff]+$/.test(text);

/** Why a header of a record is refused. */
export enum HeaderRule {
  /** Not an RFC 9110 token of at most 64 characters. */
  Name = 1,
  Forbidden,
  /** A header a page's browser drops (a Prebid JS record). */
  ForbiddenOnPage,
  /** The same name as an earlier header, compared without case. */
  Repeated,
  /** `content-type` other than JSON, or read from the request. */
  ContentType,
  /** A fixed value that could never be sent (see {@link isHeaderValue}). */
  Value,
  /** Not `{ value }` or `{ from }` with paths of the name grammar (a Prebid JS record: `value` only). */
  Shape,
  /** A name, or a `from` path segment, that is `__proto__`, `prototype` or `constructor` (`unsafe_name`). */
  Unsafe,
}

/**
 * The problems of a record's `headers` (any input) and the plan of those without any: `[rule, key of the header
 * (as written; undefined for the whole object), the part it is about ('' for the header itself)]`. `protocol` `'prebid-js'` takes fixed values only.
 */
export function checkHeaders(headers: unknown, protocol: unknown): { problems: [HeaderRule, string | undefined, string][]; plan: HeaderPlan[] } {
  const problems: [HeaderRule, string | undefined, string][] = [];
  const plan: HeaderPlan[] = [];
  if (!isPlainObject(headers) || Object.keys(headers).length > MAX_HEADERS) return { problems: [[HeaderRule.Shape, undefined, '']], plan };
  const seen = new Set<string>();
  const page = protocol === 'prebid-js';
  for (const written of Object.keys(headers)) {
    const name = written.toLowerCase();
    const spec = headers[written];
    // A prototype key would set an object's prototype, not a header (the request's header object is a plain one).
    const rule = !TOKEN.test(written)
      ? HeaderRule.Name
      : isUnsafeSegment(name)
        ? HeaderRule.Unsafe
        : FORBIDDEN.test(name)
          ? HeaderRule.Forbidden
          : page && FORBIDDEN_ON_PAGE.test(name)
            ? HeaderRule.ForbiddenOnPage
            : seen.has(name)
              ? HeaderRule.Repeated
              : undefined;
    seen.add(name);
    if (rule) {
      problems.push([rule, written, '']);
      continue;
    }
    const { value, from } = isPlainObject(spec) ? spec : ({} as Record<string, unknown>);
    const paths = typeof from === 'string' ? [from] : from;
    const readable = !page && isArray(paths) && paths.length > 0 && paths.length <= MAX_HEADER_PATHS && paths.every(isFieldName);
    if (!isPlainObject(spec) || Object.keys(spec).length !== 1 || (typeof value !== 'string' && !readable)) problems.push([HeaderRule.Shape, written, '']);
    else if (typeof value !== 'string' && (paths as string[]).some(hasUnsafeSegment)) problems.push([HeaderRule.Unsafe, written, 'from']);
    else if (name === 'content-type' && !(typeof value === 'string' && JSON_CONTENT_TYPE.test(value))) problems.push([HeaderRule.ContentType, written, '']);
    else if (typeof value === 'string') {
      if (isHeaderValue(value)) plan.push({ name, value });
      else problems.push([HeaderRule.Value, written, 'value']);
    } else plan.push({ name, from: (paths as string[]).map((path) => path.split('.')) });
  }
  return { problems, plan };
}

/**
 * The value at a dot path of the request: own properties of plain objects, array elements by decimal index;
 * `undefined` where the path leaves them.
 * @example readPath({ imp: [{ tagid: 't' }] }, ['imp', '0', 'tagid']) // 't'
 */
export function readPath(root: unknown, keys: readonly string[]): unknown {
  let node = root;
  // One guard for the walk: a revoked proxy throws in Array.isArray and getPrototypeOf (isPlainObject's test, inlined
  // here: this runs for every header of every request).
  try {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (typeof node !== 'object' || node === null) return undefined;
      if (Array.isArray(node)) {
        if (!INDEX.test(key)) return undefined;
        node = node[Number(key)];
        continue;
      }
      const proto = Object.getPrototypeOf(node);
      if ((proto !== Object.prototype && proto !== null) || !Object.hasOwn(node, key)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
  } catch {
    return undefined;
  }
  return node;
}

/** An array index as a path segment: decimal, no leading zero. */
const INDEX = /^(0|[1-9]\d{0,8})$/;

/**
 * The text a `from` header takes from a value read from the request: a non-empty string as it is, a finite number as
 * its decimal text; `undefined` for anything else (the next path is tried).
 */
export const headerText = (found: unknown): string | undefined =>
  typeof found === 'string' ? (found === '' ? undefined : found) : finite(found) ? decimalString(found) : undefined;

/**
 * A `from` header's value: the first path whose value is a non-empty string or a finite number (as its decimal
 * text), with the path it came from; `undefined` when none has one.
 */
export function headerSource(request: unknown, paths: readonly (readonly string[])[]): [text: string, keys: readonly string[]] | undefined {
  for (const keys of paths) {
    const text = headerText(readPath(request, keys));
    if (text !== undefined) return [text, keys];
  }
  return undefined;
}
