/**
 * Endpoint templates (docs/spec.md#endpoint-templates) are a security boundary: a value a publisher types fills part of the URL that bid
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
import { buildUrl, isLabel, judgeTemplate, parseTemplate, placeholderText, templateHosts, type Template } from '../../src/core/endpoint/template.js';
import { judgeEndpoint } from '../../src/core/endpoint/endpoint-rules.js';
import { ACCEPTED, HOSTILE_LABELS, HOSTILE_PATHS, REFUSED_TEMPLATES, TEMPLATE_FIELDS } from './template-tables.js';

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

describe('endpoint templates: values filled into the URL', () => {
  it('has long tables', () => expect(HOSTILE_LABELS.length + HOSTILE_PATHS.length).toBeGreaterThanOrEqual(40));

  it.each(HOSTILE_LABELS)('refuses a host label value with %s', (_why, region) => {
    const result = build({ region });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues).toEqual([{ code: 'invalid_value', path: '/0/region', field: 'predefinedEndpoint.region', message: expect.any(String) }]);
  });

  it.each(HOSTILE_PATHS)('refuses a path value that is %s', (_why, publisherId) => {
    const result = build({ publisherId });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues).toEqual([{ code: 'invalid_value', path: '/0/publisherId', field: 'prd.appPublisherId', message: expect.any(String) }]);
  });

  it.each(ACCEPTED)('accepts %s', (_why, values, url) => {
    const result = build(values);
    expect(result.ok && result.http.map((http) => http.url)).toEqual([url]);
  });

  it('sends nothing when one imp of a split record has a bad value', () => {
    const split = compile({ ...record(), split: 'imp' }, options);
    const result = safeBuildRtbRequests(split, { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: {} }, [{ region: 'us' }, { region: 'x.evil.com' }]);
    expect(result).toEqual({
      ok: false,
      issues: [{ code: 'invalid_value', path: '/1/region', field: 'predefinedEndpoint.region', message: expect.any(String) }],
      warnings: [],
    });
  });

  it('builds one URL per imp with split, each from its own values', () => {
    const split = compile({ ...record(), split: 'imp' }, options);
    const result = safeBuildRtbRequests(split, { id: 'r', imp: [{ id: '1' }, { id: '2' }, { id: '3' }], site: {} }, [
      { region: 'us' },
      null,
      { region: 'ap', publisherId: 'p 9' },
    ]);
    expect(result.ok && result.http.map((http) => [http.url, JSON.parse(http.body).imp.map((imp: { id: string }) => imp.id)])).toEqual([
      ['https://us.bid.example.com/pub/pub-1/rtb?aid=acc-1', ['1']],
      ['https://ap.bid.example.com/pub/p%209/rtb?aid=acc-1', ['3']],
    ]);
  });

  it('gives each bound placement its own URL on every request (a placement keeps the URL its values made)', () => {
    const other = compile(record('https://{region}.bid.example.com/other/{publisherId}?aid={accountId}'), options);
    const sends = [
      [adapter, adapter.bind({ region: 'us' })],
      [adapter, adapter.bind({ region: 'ap', publisherId: 'p 9' })],
      [other, other.bind({ region: 'us' })],
    ] as const;
    const urls = () =>
      sends.map(([compiled, placement]) => {
        const result = safeBuildRtbRequests(compiled, REQUEST, [placement]);
        return result.ok && result.http.map((http) => http.url);
      });
    const expected = [
      ['https://us.bid.example.com/pub/pub-1/rtb?aid=acc-1'],
      ['https://ap.bid.example.com/pub/p%209/rtb?aid=acc-1'],
      ['https://us.bid.example.com/other/pub-1?aid=acc-1'],
    ];
    expect([urls(), urls(), urls()]).toEqual([expected, expected, expected]);
    // A placement of another adapter is refused there, never sent to the URL it made for its own.
    expect(safeBuildRtbRequests(other, REQUEST, [sends[0][1]])).toMatchObject({ ok: false, issues: [{ code: 'invalid_value', path: '/0' }] });
  });

  it("makes a placement's URL again when a caller changed the URL object it was given", () => {
    const placement = adapter.bind({ region: 'us' });
    const given = adapter.sendable(REQUEST, undefined, [placement]);
    expect(given.ok && given.url?.href).toBe('https://us.bid.example.com/pub/pub-1/rtb?aid=acc-1');
    if (given.ok) given.url!.host = 'internal.example';
    const result = safeBuildRtbRequests(adapter, REQUEST, [placement]);
    expect(result.ok && result.http.map((http) => http.url)).toEqual(['https://us.bid.example.com/pub/pub-1/rtb?aid=acc-1']);
  });

  it('refuses imps that disagree on a placeholder without split', () => {
    const result = safeBuildRtbRequests(adapter, { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: {} }, [{ region: 'us' }, { region: 'eu' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((found) => `${found.code} ${found.path}`)).toEqual(['conflicting_values /1/region']);
  });

  it('uses the auction path for a Prebid Server template without a path', () => {
    const pbs = compilePrebidServer(
      {
        protocol: 'prebid-server',
        endpoint: 'https://{region}.bid.example.com',
        fields: [{ name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'R', required: true }],
      },
      options,
    );
    const result = safeBuildPrebidServerRequests(pbs, REQUEST, [{ region: 'us' }]);
    expect(result.ok && result.http[0]!.url).toBe('https://us.bid.example.com/openrtb2/auction');
  });
});

describe('endpoint templates: the record check', () => {
  it.each(REFUSED_TEMPLATES)('refuses %s', (_why, endpoint, protocol, code) => {
    const issues = validateAdapter({ protocol, endpoint, fields: TEMPLATE_FIELDS }, options);
    expect(issues.map((found) => found.code)).toContain(code);
    expect(issues.find((found) => found.code === code)?.path).toBe('/endpoint');
  });

  it('refuses an optional field without default in a placeholder', () => {
    const issues = validateAdapter(
      {
        protocol: 'rtb',
        endpoint: 'https://{region}.bid.example.com/',
        fields: [{ name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'R' }],
      },
      options,
    );
    expect(issues.map((found) => `${found.code} ${found.path}`)).toEqual(['schema /fields/0/required']);
  });

  it('refuses an endpoint-only field no placeholder uses, one with alsoTo, and one as a constant or alsoTo target', () => {
    const issues = validateAdapter(
      {
        protocol: 'rtb',
        endpoint: 'https://a.bid.example.com/',
        fields: [
          { name: 'predefinedEndpoint.region', type: 'text', display: 'R', required: true, alsoTo: ['predefinedImpExt.region'] },
          { name: 'predefinedImpExt.x', type: 'text', display: 'X', alsoTo: ['predefinedEndpoint.y'] },
        ],
        constants: [{ name: 'predefinedEndpoint.z', value: 'z' }],
      },
      options,
    );
    expect(issues.map((found) => `${found.code} ${found.path}`).sort()).toEqual([
      'schema /constants/0/name',
      'schema /fields/0/alsoTo',
      'schema /fields/0/name',
      'schema /fields/1/alsoTo/0',
    ]);
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
  // One trailing dot names the same host (docs/spec.md#protocols compares hosts without it).
  const host = url.hostname.replace(/\.$/, '');
  return known.some((entry) => {
    if (!entry.startsWith('*.')) return host === entry;
    const base = entry.slice(2);
    if (!host.endsWith('.' + base)) return false;
    return host
      .slice(0, -base.length - 1)
      .split('.')
      .every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  });
}

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 10_000 : 1_000));
const pieces = [
  '.',
  '..',
  '/',
  '\\',
  '@',
  ':',
  '?',
  '#',
  '%',
  '%2e',
  '%2f',
  '%40',
  'xn--',
  'evil.com',
  'EU',
  'ü',
  '\u0000',
  '\t',
  ' ',
  '[',
  ']',
  '*',
  'a',
  '0',
  '-',
  '.evil.com',
  '@evil.com',
  'localhost',
  '127.0.0.1',
  '\u3002',
  '\uff0e',
  '\u200b',
];
const value = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 5 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.integer(),
  fc.double(),
);
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
          {
            protocol: 'rtb',
            endpoint,
            fields: used.map((key) => ({ name: `predefinedEndpoint.${key}`, param: key, type: 'text' as const, display: key, required: true })),
          },
          options,
        );
        const values: Record<string, unknown> = Object.fromEntries(used.map((key) => [key, { a, b, c }[key]]));
        const result = safeBuildRtbRequests(target, REQUEST, [values]);
        if (result.ok) {
          built++;
          for (const http of result.http) if (!allowed(http.url, KNOWN)) throw new Error(`${http.url} is not allowed`);
        } else for (const found of result.issues) expect(['invalid_value', 'missing_required', 'unknown_endpoint']).toContain(found.code);
      }),
      { numRuns: runs },
    );
    expect(built).toBeGreaterThan(runs / 50);
  }, 600_000);
});

describe('endpoint templates: imps without values', () => {
  it('fills placeholders with defaults when no imp entered a value, and never sends "undefined"', () => {
    const result = safeBuildRtbRequests(adapter, { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: {} }, [null, null]);
    expect(result.ok && result.http.map((http) => http.url)).toEqual(['https://eu.bid.example.com/pub/pub-1/rtb?aid=acc-1']);
  });

  it('refuses a required placeholder no imp entered: missing_required at its key, nothing sent', () => {
    const required = compile(
      {
        protocol: 'rtb',
        endpoint: 'https://{region}.bid.example.com/',
        fields: [{ name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'R', required: true }],
      },
      options,
    );
    const result = safeBuildRtbRequests(required, { id: 'r', imp: [{ id: '1' }], site: {} }, [null]);
    expect(result).toEqual({
      ok: false,
      issues: [{ code: 'missing_required', path: '/region', field: 'predefinedEndpoint.region', message: expect.any(String) }],
      warnings: [],
    });
  });
});

/**
 * buildUrl judges a finished URL again by docs/spec.md#protocols reduced to what a value can change (core/endpoint/template.ts says
 * why). This holds the reduction to the whole rule: on every URL a template that passed the record check makes, its
 * verdict is `judgeEndpoint`'s (the full check of an entered endpoint, against the full known list; a refusal
 * `unknown_endpoint` for an unknown host, else `invalid_value`, as docs/spec.md#endpoint-templates words a failure of a built URL), and a URL
 * the parser would change in its path is refused as a value.
 */
describe(`endpoint templates: the judgement of each URL is docs/spec.md#protocols's (${runs} runs)`, () => {
  const long = ['a'.repeat(63), 'b'.repeat(63), 'x'.repeat(700), 'é'.repeat(200)];
  const known = [...KNOWN, '*.Example.ORG.', '127.0.0.1', '[::1]', 'api.example.org'];
  const checked = [
    ...templates,
    'https://{a}.{b}.{c}.bid.example.com/',
    'https://{a}.Bid.Example.com/Path/{b}',
    'https://{a}.x.example.org./{b}/../{c}',
    'https://api.example.org/{a}/.{b}?k={c}',
    'https://127.0.0.1:8443/{a}/{b}{c}',
    'http://[::1]:9000/x/{a}?b={b}&c={c}',
    'https://rtb.example.net?a={a}&b={b}',
  ];
  const fill = (template: Template, values: Record<string, unknown>) =>
    template
      .map((part) =>
        typeof part === 'string'
          ? part
          : part.place === 'host'
            ? placeholderText(values[part.key]).toLowerCase()
            : encodeURIComponent(placeholderText(values[part.key])).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()),
      )
      .join('');

  it('accepts exactly the URLs judgeEndpoint accepts (and the parser keeps as built), refusing the others as docs/spec.md#endpoint-templates words it', () => {
    const verdicts = new Set<string>();
    fc.assert(
      fc.property(
        fc.constantFrom(...checked),
        fc.oneof(value, fc.constantFrom(...long)),
        fc.oneof(value, fc.constantFrom(...long)),
        fc.oneof(value, fc.constantFrom(...long)),
        (endpoint, a, b, c) => {
          const endpointOptions = { knownEndpoints: known, allowLocal: true };
          const template = parseTemplate(endpoint, 'rtb') as Template;
          expect(judgeTemplate(template, 'rtb', endpointOptions)).toBeUndefined();
          const values: Record<string, unknown> = { a, b, c };
          const built = buildUrl(template, templateHosts(template, 'rtb', endpointOptions), (key) => values[key]);
          // A value not entered, or a host value that is no DNS label, is refused before any URL: the tables pin those.
          const placeholders = template.filter((part) => typeof part !== 'string');
          if (
            placeholders.some(
              (part) =>
                values[part.key] == null || values[part.key] === '' || (part.place === 'host' && !isLabel(placeholderText(values[part.key]).toLowerCase())),
            )
          )
            return;
          const text = fill(template, values);
          const judged = judgeEndpoint(text, 'rtb', endpointOptions);
          if ('reason' in judged) {
            // docs/spec.md#endpoint-templates words a refusal of a built URL as unknown_endpoint or invalid_value at the value's path.
            verdicts.add('refused by §4');
            expect(built).toEqual([expect.any(String), judged.reason === 'unknown' ? 'unknown_endpoint' : 'invalid_value']);
          } else if (built instanceof URL) {
            verdicts.add('url');
            expect(built.href).toBe(judged.url.href);
          } else {
            // docs/spec.md#protocols takes the URL, but the parser would not keep its path and query as built (a "." or ".." segment).
            verdicts.add('path changed');
            expect(built[1]).toBe('invalid_value');
            expect(judged.url.href.endsWith(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*(.*)$/is.exec(text)![1]!)).toBe(false);
          }
        },
      ),
      { numRuns: runs },
    );
    expect([...verdicts].sort()).toEqual(['path changed', 'refused by §4', 'url']);
  }, 600_000);
});
