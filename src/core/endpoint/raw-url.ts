/**
 * Checks on the endpoint exactly as it was typed, before any parsing. The WHATWG URL parser is forgiving by design:
 * it strips tabs and newlines, drops soft hyphens, decodes `%61` in hosts, turns `\` into `/` and reads
 * `https:example.com` as `https://example.com/`. Each of those is a way to make a string look like one host to a
 * reviewer (or to another, stricter parser downstream) and be another to `fetch`. So the raw text must already be
 * in the plain `scheme://host[:port]/path` shape, and only then is it handed to `URL`.
 */

/** Longest endpoint accepted; real endpoints are far shorter and the bound keeps checks and messages cheap. */
export const MAX_ENDPOINT_LENGTH = 2048;

/** Controls (C0, DEL, C1), invisible format characters (bidi overrides, zero-width, soft hyphen), lone surrogates,
 * private use. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u;
/** Any white space, including no-break and ideographic spaces and line/paragraph separators. */
const WHITESPACE = /[\s\p{Z}]/u;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** The parts of a raw `scheme://authority rest` string, split the way the URL parser will split it. */
export interface RawParts {
  /** Lower-cased scheme, without the colon. */
  scheme: string;
  /** Text between `//` and the first `/`, `?` or `#`: `host[:port]`, or with user info if someone typed it. */
  authority: string;
  /** Path, query and fragment, as typed. */
  rest: string;
}

/** Why the raw text cannot be an endpoint, or `undefined` when its characters are acceptable. */
export function rawCharacterProblem(raw: string): string | undefined {
  if (raw === '') return 'endpoint must not be empty';
  if (raw.length > MAX_ENDPOINT_LENGTH) return `endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters`;
  if (INVISIBLE_OR_CONTROL.test(raw)) return 'endpoint must not contain control or invisible characters';
  if (WHITESPACE.test(raw)) return 'endpoint must not contain white space';
  if (raw.includes('\\')) return 'endpoint must not contain backslashes';
  return undefined;
}

/** The lower-cased scheme of an absolute URL, or `undefined` when the text has none (`//host`, `host/path`). */
export function rawScheme(raw: string): string | undefined {
  return SCHEME.exec(raw)?.[1]?.toLowerCase();
}

/** Splits `scheme://authority rest`; `undefined` when the `//` is missing (`https:example.com`, `https:/x`). */
export function splitRaw(raw: string): RawParts | undefined {
  const scheme = rawScheme(raw);
  if (scheme === undefined) return undefined;
  const afterScheme = raw.slice(scheme.length + 1);
  if (!afterScheme.startsWith('//')) return undefined;
  const tail = afterScheme.slice(2);
  const end = tail.search(/[/?#]/);
  return end === -1
    ? { scheme, authority: tail, rest: '' }
    : { scheme, authority: tail.slice(0, end), rest: tail.slice(end) };
}

/**
 * The port as typed in an authority without user info: `''` for `host:`, `undefined` when no port was written.
 * IPv6 hosts keep their colons inside the brackets, so only a colon after `]` starts a port there.
 */
export function rawPort(authority: string): string | undefined {
  const hostEnd = authority.startsWith('[') ? authority.indexOf(']') + 1 : 0;
  const colon = authority.indexOf(':', hostEnd);
  return colon === -1 ? undefined : authority.slice(colon + 1);
}
