// The endpoint template tables (docs/spec.md#endpoint-templates) shared by the library's tests (template.test.ts), the compact engine's
// (test/core/compact.test.ts: templates refused and accepted alike) and the page's (test/prebid/endpoint.test.ts:
// each value's verdict and URL in both Prebid.js bidders). The values are for the template
// 'https://{region}.bid.example.com/pub/{publisherId}/rtb?aid={accountId}' (query aside in Prebid.js), known '*.bid.example.com'.
import type { FieldDefinition } from '../../src/core/types.js';

/** Host label values: each must be refused as `invalid_value` at /0/region (nothing is sent). */
export const HOSTILE_LABELS: [why: string, value: unknown][] = [
  ['a dot: a second label', 'a.b'],
  ['a dot at the end', 'eu.'],
  ['a dot at the start', '.eu'],
  ['only dots', '..'],
  ['user info', 'x@evil.com'],
  ['an at sign alone', '@'],
  ['a percent-encoded dot', 'a%2eb'],
  ['a percent-encoded slash', 'a%2fb'],
  ['a percent sign', '%'],
  ['punycode', 'xn--bcher-kva'],
  ['punycode, upper case', 'XN--BCHER-KVA'],
  ['an IDN label', 'bücher'],
  ['a full-width letter', 'ｅｕ'],
  ['a fullwidth dot', 'a．b'],
  ['an ideographic dot', 'a。b'],
  ['a leading hyphen', '-eu'],
  ['a trailing hyphen', 'eu-'],
  ['64 characters', 'a'.repeat(64)],
  ['a slash', 'a/b'],
  ['a backslash', 'a\\b'],
  ['a colon (a port)', 'eu:8080'],
  ['a question mark', 'eu?x'],
  ['a hash', 'eu#x'],
  ['a space', 'e u'],
  ['a tab', 'e\tu'],
  ['a newline', 'e\nu'],
  ['a NUL', 'e\u0000u'],
  ['a zero-width space', 'e\u200bu'],
  ['a soft hyphen', 'e\u00adu'],
  ['an underscore', 'e_u'],
  ['a wildcard', '*'],
  ['brackets (IPv6)', '[::1]'],
  ['a whole host', 'evil.com'],
  ['an IPv4 address', '127.0.0.1'],
  ['a bidi override', '\u202eue'],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['a trailing newline', 'eu\n'],
  ['a carriage return', 'e\ru'],
  ['a percent-encoded at sign', 'x%40evil'],
];

/** Path segment values: each must be refused as `invalid_value` at /0/publisherId. */
export const HOSTILE_PATHS: [why: string, value: unknown][] = [
  ['a parent segment', '..'],
  ['the current segment', '.'],
];

/** Values that pass, and what they become in the URL. */
export const ACCEPTED: [why: string, values: Record<string, unknown>, url: string][] = [
  ['defaults', {}, 'https://eu.bid.example.com/pub/pub-1/rtb?aid=acc-1'],
  ['upper case, lower-cased', { region: 'US-East' }, 'https://us-east.bid.example.com/pub/pub-1/rtb?aid=acc-1'],
  ['digits', { region: '42' }, 'https://42.bid.example.com/pub/pub-1/rtb?aid=acc-1'],
  ['63 characters', { region: 'a'.repeat(63) }, `https://${'a'.repeat(63)}.bid.example.com/pub/pub-1/rtb?aid=acc-1`],
  ['a number, as its decimal', { region: 7 }, 'https://7.bid.example.com/pub/pub-1/rtb?aid=acc-1'],
  ['../ in a path value, encoded', { publisherId: '../admin' }, 'https://eu.bid.example.com/pub/..%2Fadmin/rtb?aid=acc-1'],
  ['%2F in a path value, encoded again', { publisherId: 'a%2Fb' }, 'https://eu.bid.example.com/pub/a%252Fb/rtb?aid=acc-1'],
  ['? and # in a path value', { publisherId: 'a?b#c' }, 'https://eu.bid.example.com/pub/a%3Fb%23c/rtb?aid=acc-1'],
  ['control characters in a path value', { publisherId: 'a\u0000b\nc' }, 'https://eu.bid.example.com/pub/a%00b%0Ac/rtb?aid=acc-1'],
  ['%2e%2e in a path value, encoded', { publisherId: '%2e%2e' }, 'https://eu.bid.example.com/pub/%252e%252e/rtb?aid=acc-1'],
  ['a dot inside a path value', { publisherId: 'a.b' }, 'https://eu.bid.example.com/pub/a.b/rtb?aid=acc-1'],
  ['& and = in a query value', { accountId: 'a&b=c' }, 'https://eu.bid.example.com/pub/pub-1/rtb?aid=a%26b%3Dc'],
  ['quotes and parentheses in a query value', { accountId: "it's (x)*!" }, 'https://eu.bid.example.com/pub/pub-1/rtb?aid=it%27s%20%28x%29%2A%21'],
  ['unicode in a path value', { publisherId: 'ü€' }, 'https://eu.bid.example.com/pub/%C3%BC%E2%82%AC/rtb?aid=acc-1'],
];

/** Templates refused when the record is checked: [why, endpoint, protocol, code]. */
export const REFUSED_TEMPLATES: [why: string, endpoint: string, protocol: 'rtb' | 'prebid-server' | 'prebid-js', code: string][] = [
  ['a host not covered by a *. entry', 'https://{region}.evil.example/rtb', 'rtb', 'unknown_endpoint'],
  ['an exact entry does not cover a placeholder label', 'https://{region}.rtb.example.net/', 'rtb', 'unknown_endpoint'],
  ['a placeholder as the last label', 'https://bid.example.{tld}/', 'rtb', 'unknown_endpoint'],
  ['a placeholder for the whole host', 'https://{host}/rtb', 'rtb', 'unknown_endpoint'],
  ['part of a host label', 'https://x{region}.bid.example.com/', 'rtb', 'invalid_endpoint'],
  ['a placeholder in the port', 'https://{region}.bid.example.com:{port}/', 'rtb', 'invalid_endpoint'],
  ['a placeholder in the user info', 'https://{user}@a.bid.example.com/', 'rtb', 'invalid_endpoint'],
  ['a placeholder in the scheme', '{scheme}://a.bid.example.com/', 'rtb', 'invalid_endpoint'],
  ['part of a query value', 'https://a.bid.example.com/?aid=x{accountId}', 'rtb', 'invalid_endpoint'],
  ['a query name', 'https://a.bid.example.com/?{accountId}=1', 'rtb', 'invalid_endpoint'],
  ['a query on Prebid Server', 'https://a.bid.example.com/?aid={accountId}', 'prebid-server', 'invalid_endpoint'],
  ['a fragment', 'https://a.bid.example.com/#{accountId}', 'rtb', 'invalid_endpoint'],
  ['an empty placeholder', 'https://a.bid.example.com/{}', 'rtb', 'invalid_endpoint'],
  ['a lone brace', 'https://a.bid.example.com/{accountId', 'rtb', 'invalid_endpoint'],
  ['a key that is no identifier', 'https://a.bid.example.com/{account-id}', 'rtb', 'invalid_endpoint'],
  ['a placeholder naming no field', 'https://a.bid.example.com/{nobody}', 'rtb', 'invalid_endpoint'],
  ['a fixed part with user info', 'https://u@{region}.bid.example.com/', 'rtb', 'invalid_endpoint'],
  ['a fixed part over http for Prebid Server', 'http://{region}.bid.example.com/', 'prebid-server', 'invalid_endpoint'],
  ['a placeholder over localhost', 'https://{region}.localhost/', 'rtb', 'invalid_endpoint'],
];

/** The fields of the templates of {@link REFUSED_TEMPLATES}: every key they name, each required or with a default. */
export const TEMPLATE_FIELDS: FieldDefinition[] = [
  { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'R', required: true },
  { name: 'predefinedEndpoint.accountId', param: 'accountId', type: 'text', display: 'A', default: 'a' },
  { name: 'predefinedEndpoint.user', param: 'user', type: 'text', display: 'U', required: true },
  { name: 'predefinedEndpoint.port', param: 'port', type: 'text', display: 'P', required: true },
  { name: 'predefinedEndpoint.scheme', param: 'scheme', type: 'text', display: 'S', required: true },
  { name: 'predefinedEndpoint.tld', param: 'tld', type: 'text', display: 'T', required: true },
  { name: 'predefinedEndpoint.host', param: 'host', type: 'text', display: 'H', required: true },
];
