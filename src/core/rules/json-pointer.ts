/**
 * A JSON Pointer's escaping (RFC 6901 §3: `~` as `~0`, `/` as `~1`), once for every issue path: the core's
 * `pointer` and `escapePointerToken` (core/issues.ts) and the page's compact engine, which reports issues at one key.
 */

/**
 * The JSON Pointer of one reference token.
 * @example tokenPointer('a/b~c') // '/a~1b~0c'
 */
export const tokenPointer = (token: string): string => '/' + token.replace(/~/g, '~0').replace(/\//g, '~1');
