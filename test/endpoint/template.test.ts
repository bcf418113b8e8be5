/**
 * Endpoint templates (SPEC §8.7) are a security boundary: a value a publisher types fills part of the URL that bid
 * requests (user and device data) are sent to. Pinned here through the public wrappers (`compile` and
 * `safeBuildRtbRequests`): a long table of hostile values for host labels, path segments and query values, each
 * refused with its code and path; the values that must pass, with the URL they make; templates refused when a
 * record is checked; and a property test (fast-check; 10,000 runs in CI) whose oracle is independent of the code
 * under test: the finished URL, parsed again by WHATWG `URL`, has a host that is a listed host or a DNS-label
 * sub-domain of a `*.` entry (one trailing dot aside), http(s) on the default port, and no user info.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, safeBuildRtbRequests, safeBuildPrebidServerRequests, validateAdapter, compilePrebidServer } from '../../src/index.js';

const KNOWN = ['*.bid.example.com', 'rtb.example.net'];
const options = { knownEndpoints: KNOWN };
const REQUEST = { id: 'r', imp: [{ id: '1' }], site: { id: 's' } };

/** A record whose endpoint has a host label, a path segment and a query value placeholder. */
const record = (endpoint = 'https://{region}.bid.example.com/pub/{publisherId}/rtb?aid={accountId}') => ({
  protocol: 'rtb' as const,
  endpoint,
  fields: [
    { name: 'predefinedEndpoint.region', param: 'region', type: 'text' as const, display: 'Region', default: 'eu' },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'text' as const, display: 'Publisher', default: 'pub-1' },
    { name: 'predefinedEndpoint.account', param: 'accountId', type: 'text' as const, display: 'Account', default: 'acc-1' },
  ],
});
const adapter = compile(record(), options);
const build = (values: Record<string, unknown>) => safeBuildRtbRequests(adapter, REQUEST, [values]);

/** Host label values: each must be refused as `invalid_value` at /0/region (nothing is sent). */
const HOSTILE_LABELS: [why: string, value: unknown][] = [
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
const HOSTILE_PATHS: [why: string, value: unknown][] = [
  ['a parent segment', '..'],
  ['the current segment', '.'],
];

/** Values that pass, and what they become in the URL. */
const ACCEPTED: [why: string, values: Record<string, unknown>, url: string][] = [
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
  ["quotes and parentheses in a query value", { accountId: "it's (x)*!" }, 'https://eu.bid.example.com/pub/pub-1/rtb?aid=it%27s%20%28x%29%2A%21'],
  ['unicode in a path value', { publisherId: 'ü€' }, 'https://eu.bid.example.com/pub/%C3%BC%E2%82%AC/rtb?aid=acc-1'],
];

describe('endpoint templates: values filled into the URL', () => {
  it('has long tables', () => expect(HOSTILE_LABELS.length + HOSTILE_PATHS.length).toBeGreaterThanOrEqual(40));

  it.each(HOSTILE_LABELS)('refuses a host label value with %s', (_why, region) => {
    const result = build({ region });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toEqual([{ code: 'invalid_value', path: '/0/region', field: 'predefinedEndpoint.region', message: expect.any(String) }]);
  });

  it.each(HOSTILE_PATHS)('refuses a path value that is %s', (_why, publisherId) => {
    const result = build({ publisherId });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toEqual([{ code: 'invalid_value', path: '/0/publisherId', field: 'prd.appPublisherId', message: expect.any(String) }]);
  });

  it.each(ACCEPTED)('accepts %s', (_why, values, url) => {
    const result = build(values);
    expect(result.ok && result.http.map((http) => http.url)).toEqual([url]);
  });

  it('sends nothing when one imp of a split record has a bad value', () => {
    const split = compile({ ...record(), split: 'imp' }, options);
    const result = safeBuildRtbRequests(split, { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: {} }, [{ region: 'us' }, { region: 'x.evil.com' }]);
    expect(result).toEqual({ ok: false, issues: [{ code: 'invalid_value', path: '/1/region', field: 'predefinedEndpoint.region', message: expect.any(String) }], warnings: [] });
  });

  it('builds one URL per imp with split, each from its own values', () => {
    const split = compile({ ...record(), split: 'imp' }, options);
    const result = safeBuildRtbRequests(split, { id: 'r', imp: [{ id: '1' }, { id: '2' }, { id: '3' }], site: {} }, [{ region: 'us' }, null, { region: 'ap', publisherId: 'p 9' }]);
    expect(result.ok && result.http.map((http) => [http.url, JSON.parse(http.body).imp.map((imp: { id: string }) => imp.id)])).toEqual([
      ['https://us.bid.example.com/pub/pub-1/rtb?aid=acc-1', ['1']],
      ['https://ap.bid.example.com/pub/p%209/rtb?aid=acc-1', ['3']],
    ]);
  });

  it('refuses imps that disagree on a placeholder without split', () => {
    const result = safeBuildRtbRequests(adapter, { id: 'r', imp: [{ id: '1' }, { id: '2' }] , site: {} }, [{ region: 'us' }, { region: 'eu' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((found) => `${found.code} ${found.path}`)).toEqual(['conflicting_values /1/region']);
  });

  it('uses the auction path for a Prebid Server template without a path', () => {
    const pbs = compilePrebidServer({ protocol: 'prebid-server', endpoint: 'https://{region}.bid.example.com', fields: [{ name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'R', required: true }] }, options);
    const result = safeBuildPrebidServerRequests(pbs, REQUEST, [{ region: 'us' }]);
    expect(result.ok && result.http[0]!.url).toBe('https://us.bid.example.com/openrtb2/auction');
  });
});

/** Templates refused when the record is checked: [why, endpoint, protocol, code]. */
const REFUSED_TEMPLATES: [why: string, endpoint: string, protocol: 'rtb' | 'prebid-server' | 'prebid-js', code: string][] = [
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

describe('endpoint templates: the record check', () => {
  const fields = [
    { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'R', required: true },
    { name: 'predefinedEndpoint.accountId', param: 'accountId', type: 'text', display: 'A', default: 'a' },
    { name: 'predefinedEndpoint.user', param: 'user', type: 'text', display: 'U', required: true },
    { name: 'predefinedEndpoint.port', param: 'port', type: 'text', display: 'P', required: true },
    { name: 'predefinedEndpoint.scheme', param: 'scheme', type: 'text', display: 'S', required: true },
    { name: 'predefinedEndpoint.tld', param: 'tld', type: 'text', display: 'T', required: true },
    { name: 'predefinedEndpoint.host', param: 'host', type: 'text', display: 'H', required: true },
  ];
  it.each(REFUSED_TEMPLATES)('refuses %s', (_why, endpoint, protocol, code) => {
    const issues = validateAdapter({ protocol, endpoint, fields }, options);
    expect(issues.map((found) => found.code)).toContain(code);
    expect(issues.find((found) => found.code === code)?.path).toBe('/endpoint');
  });

  it('refuses an optional field without default in a placeholder', () => {
    const issues = validateAdapter({ protocol: 'rtb', endpoint: 'https://{region}.bid.example.com/', fields: [{ name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'R' }] }, options);
    expect(issues.map((found) => `${found.code} ${found.path}`)).toEqual(['schema /fields/0/required']);
  });

  it('refuses an endpoint-only field no placeholder uses, one with alsoTo, and one as a constant or alsoTo target', () => {
    const issues = validateAdapter({
      protocol: 'rtb',
      endpoint: 'https://a.bid.example.com/',
      fields: [
        { name: 'predefinedEndpoint.region', type: 'text', display: 'R', required: true, alsoTo: ['predefinedImpExt.region'] },
        { name: 'predefinedImpExt.x', type: 'text', display: 'X', alsoTo: ['predefinedEndpoint.y'] },
      ],
      constants: [{ name: 'predefinedEndpoint.z', value: 'z' }],
    }, options);
    expect(issues.map((found) => `${found.code} ${found.path}`).sort()).toEqual(['schema /constants/0/name', 'schema /fields/0/alsoTo', 'schema /fields/0/name', 'schema /fields/1/alsoTo/0']);
  });
});

/**
 * The independent oracle: does a URL go where the list allows? Parsed by WHATWG `URL`, its host must be listed
 * exactly, or be one or more DNS labels (letters, digits, hyphens) in front of a `*.` entry's base; no user info,
 * no port but the default, http(s) only.
 */
function allowed(href: string, known: readonly string[]): boolean {
  const url = new URL(href);
  if (url.username || url.password || url.port || !/^https?:$/.test(url.protocol)) return false;
  // One trailing dot names the same host (SPEC §4 compares hosts without it).
  const host = url.hostname.replace(/\.$/, '');
  return known.some((entry) => {
    if (!entry.startsWith('*.')) return host === entry;
    const base = entry.slice(2);
    if (!host.endsWith('.' + base)) return false;
    return host.slice(0, -base.length - 1).split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  });
}

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 10_000 : 1_000));
const pieces = ['.', '..', '/', '\\', '@', ':', '?', '#', '%', '%2e', '%2f', '%40', 'xn--', 'evil.com', 'EU', 'ü', '\u0000', '\t', ' ', '[', ']', '*', 'a', '0', '-', '.evil.com', '@evil.com', 'localhost', '127.0.0.1', '\u3002', '\uff0e', '\u200b'];
const value = fc.oneof(fc.array(fc.constantFrom(...pieces), { maxLength: 5 }).map((parts) => parts.join('')), fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 4 }), fc.integer(), fc.double());
const templates = [
  'https://{a}.bid.example.com/rtb',
  'https://{a}.{b}.bid.example.com/x/{c}',
  'https://x.{a}.bid.example.com/p/{b}?q={c}',
  'http://{a}.bid.example.com/{b}/{c}',
  'https://rtb.example.net/{a}/{b}?x={c}',
  'https://{a}.bid.example.com/{b}{c}',
  'https://{a}.bid.example.com.',
];

describe(`endpoint templates: no value makes an unknown host (${runs} runs)`, () => {
  it('every URL built passes the independent check; refusals are issues, never exceptions', () => {
    let built = 0;
    fc.assert(
      fc.property(fc.constantFrom(...templates), value, value, value, (endpoint, a, b, c) => {
        const used = ['a', 'b', 'c'].filter((key) => endpoint.includes(`{${key}}`));
        const target = compile(
          { protocol: 'rtb', endpoint, fields: used.map((key) => ({ name: `predefinedEndpoint.${key}`, param: key, type: 'text' as const, display: key, required: true })) },
          options,
        );
        const values: Record<string, unknown> = Object.fromEntries(used.map((key) => [key, { a, b, c }[key]]));
        const result = safeBuildRtbRequests(target, REQUEST, [values]);
        if (result.ok) {
          built++;
          for (const http of result.http) if (!allowed(http.url, KNOWN)) throw new Error(`${http.url} is not allowed`);
        } else for (const found of result.issues) expect(['invalid_value', 'missing_required', 'unknown_endpoint', 'invalid_endpoint']).toContain(found.code);
      }),
      { numRuns: runs },
    );
    expect(built).toBeGreaterThan(runs / 50);
  }, 600_000);
});
