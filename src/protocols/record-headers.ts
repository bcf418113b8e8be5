/**
 * The headers of one request to send (docs/spec.md#headers): the protocol's, then the record's, each `from` header read from
 * the request as it is sent (the enriched body: per request when they are split). The rules are core/rules/headers.ts;
 * this only applies them, and reports a value it leaves out as the warning `header_omitted`.
 */
import { issue, pointer, type Issue } from '../core/issues.js';
import { headerText, isHeaderValue, MAX_HEADER_VALUE, readPath, type HeaderPlan } from '../core/rules/headers.js';
import { openrtbHeaders } from './http-request.js';

/**
 * The headers of a request whose body is `request`, or `undefined` (the protocol's alone) for a record without
 * headers. A value read from the request that is no header value is left out, with a warning at its path.
 * @example recordHeaders([{ name: 'user-agent', from: [['device', 'ua']] }], { device: { ua: 'UA/1' } }, [])
 * // { 'content-type': 'application/json', 'x-openrtb-version': '2.6', 'user-agent': 'UA/1' }
 */
export function recordHeaders(plan: readonly HeaderPlan[] | undefined, request: unknown, warnings: Issue[]): Record<string, string> | undefined {
  if (!plan) return undefined;
  const headers: Record<string, string> = openrtbHeaders();
  for (let i = 0; i < plan.length; i++) {
    const { name, value, from } = plan[i]!;
    if (value !== undefined) {
      headers[name] = value;
      continue;
    }
    // The first path that gives a text (headerSource's reading, without a result pair per header of every request).
    for (let j = 0; j < from!.length; j++) {
      const text = headerText(readPath(request, from![j]!));
      if (text === undefined) continue;
      if (isHeaderValue(text)) headers[name] = text;
      else omit(name, from![j]!, warnings);
      break;
    }
  }
  return headers;
}

/** The warning that header `name`, read at `keys`, is left out (once per path). */
function omit(name: string, keys: readonly string[], warnings: Issue[]): void {
  const path = pointer(...keys);
  if (warnings.some((warning) => warning.code === 'header_omitted' && warning.path === path)) return;
  warnings.push(
    issue(
      'header_omitted',
      path,
      `header '${name}' left out: its value here holds a control character or a character above U+00FF, or is longer than ${MAX_HEADER_VALUE} characters`,
    ),
  );
}
