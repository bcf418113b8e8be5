/**
 * Headers in the Prebid Server judge (conformance/pbs.ts): a fixture's `expectedRequest.headers` (Go's `http.Header`,
 * `{ "Name": ["value", …] }`) against the headers a record's request carries (docs/spec.md#headers). Names compare without
 * case, values exactly (several values of one name as one, joined by `, `, as HTTP reads them). Compared only where
 * a fixture lists headers; then every header it lists must be sent with that value, and every header the request
 * carries must be listed, but for the protocol's own (docs/spec.md#protocols: `content-type: application/json`,
 * `x-openrtb-version: 2.6`), which every bidfields request carries and a record can replace but not drop.
 */
import { escapePointerToken } from '../core/issues.js';
import { OPENRTB_HEADERS } from '../protocols/http-request.js';

/** A fixture's expected headers, by lower-case name (`undefined` when it lists none). */
export function expectedHeaders(listed: unknown): Record<string, string> | undefined {
  if (typeof listed !== 'object' || listed === null || Array.isArray(listed)) return undefined;
  // No prototype: a fixture's `__proto__` header is a header here too.
  const out: Record<string, string> = Object.create(null);
  for (const [name, values] of Object.entries(listed)) out[name.toLowerCase()] = Array.isArray(values) ? values.map(String).join(', ') : String(values);
  return out;
}

/**
 * The first header that differs, as `[pointer below expectedRequest, detail]`, or `undefined`. `listed` is the
 * fixture's own object (for its names as written in the pointer).
 */
export function headerDifference(
  got: Readonly<Record<string, string>>,
  expected: Readonly<Record<string, string>>,
  listed: object,
): [string, string] | undefined {
  const written = new Map(Object.keys(listed).map((name) => [name.toLowerCase(), name]));
  for (const [name, value] of Object.entries(expected)) {
    if (got[name] !== value)
      return [
        `/headers/${escapePointerToken(written.get(name) ?? name)}`,
        `expected ${JSON.stringify(value)}, got ${got[name] === undefined ? 'no such header' : JSON.stringify(got[name])}`,
      ];
  }
  for (const [name, value] of Object.entries(got)) {
    if (expected[name] === undefined && OPENRTB_HEADERS[name] !== value)
      return ['/headers', `header ${name}: ${JSON.stringify(value)} sent, the fixture lists none`];
  }
  return undefined;
}
