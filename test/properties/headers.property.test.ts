// Hostile input against headers (docs/spec.md#headers): whatever record and request, no engine sends a header outside the
// record's names and the protocol's own, a header value holding a control character (or a character above U+00FF,
// or longer than 1,024), or a forbidden header; and the library's check (validateAdapter, compile) and the page's
// (the compact engine of the record-taking Prebid.js bidder) refuse the very same headers, at the same paths.
// Requests come from JSON.parse, so `__proto__` is an own key where a path may look for it. 10,000 runs in CI
// (CI=true), 1,000 by default; PROPERTY_RUNS overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, validateAdapter } from '../../src/index.js';
import { compileCompact } from '../../src/core/compact/engine.js';
import { safeBuildPrebidServerRequests, safeBuildRtbRequests, type HttpRequest, type Issue } from '../../src/index.js';
import { createPrebidBidder } from '../../src/prebid/index.js';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 10_000 : 1_000));
const ENDPOINT = 'https://bid.partner.example/rtb';
const options = { knownEndpoints: ['bid.partner.example'] };

const FORBIDDEN = ['host', 'cookie', 'authorization', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect'];
const PREFIXED = ['proxy-authorization', 'proxy-', 'sec-fetch-site', 'sec-'];
const PAGE_DROPPED = ['user-agent', 'referer', 'origin', 'dnt', 'accept-encoding', 'date', 'via'];
const ALLOWED = ['x-openrtb-version', 'accept', 'content-type', 'x-forwarded-for', 'accept-language', 'x-partner-key', 'x-tag'];
const HOSTILE = ['__proto__', 'constructor', 'prototype', 'toString', 'x key', 'x:y', 'x\r\ny', 'x\n', '', 'ключ', 'x'.repeat(65), 'a/b', 'a~b'];

/** A name in a random spelling: upper, lower or mixed case. */
const spelled = (names: string[]) =>
  fc
    .tuple(fc.constantFrom(...names), fc.integer({ min: 0, max: 2 }))
    .map(([name, how]) => (how === 0 ? name : how === 1 ? name.toUpperCase() : [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')));
const headerName = fc.oneof(spelled(FORBIDDEN), spelled(PREFIXED), spelled(PAGE_DROPPED), spelled(ALLOWED), fc.constantFrom(...HOSTILE));

/** Text with what must never reach a header: CR, LF, NUL, DEL, C1, tabs, characters above U+00FF, great length. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'application/json',
    'application/json;charset=utf-8',
    'text/plain',
    '2.5',
    'a\r\nX-Injected: 1',
    'a\u0000',
    'a\u007f',
    'a\u0085',
    'caf\u0113',
    'x'.repeat(1025),
    '',
  ),
  fc.array(fc.integer({ min: 0, max: 0x2fff }), { maxLength: 8 }).map((codes) => String.fromCharCode(...codes)),
);
const PATHS = [
  'device.ua',
  'device.ip',
  'site.page',
  'imp.0.tagid',
  'imp.0.id',
  'user.__proto__.x',
  '__proto__',
  'constructor.name',
  'imp.length',
  'site..page',
  'device',
];
const path = fc.constantFrom(...PATHS);
const headerSpec = fc.oneof(
  hostileText.map((value) => ({ value })),
  fc.oneof(path, fc.array(path, { maxLength: 10 })).map((from) => ({ from })),
  fc.constantFrom<unknown>({ value: 5 }, { value: 'a', from: 'device.ua' }, 'x', null, []),
);
const headers = fc
  .array(fc.tuple(headerName, headerSpec), { maxLength: 6 })
  .map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries))) as unknown);
const record = fc.tuple(fc.constantFrom('rtb', 'prebid-server', 'prebid-js'), headers).map(([protocol, headers]) => ({
  protocol,
  endpoint: ENDPOINT,
  ...(protocol === 'prebid-js' && { cpmField: 'price', bidderCode: 'acme' }),
  fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }],
  headers,
}));
/** A request from JSON text, with hostile strings where headers are read from. */
const request = fc
  .tuple(hostileText, hostileText, hostileText)
  .map(([ua, page, tagid]) =>
    JSON.parse(
      JSON.stringify({ id: 'r', imp: [{ id: '1', tagid }], site: { id: 's', page }, device: { ua, ip: '203.0.113.7' } }).replace(
        '"site"',
        '"__proto__":{"x":"p"},"site"',
      ),
    ),
  );

/** What is wrong with a sent header set: a name not allowed, a forbidden one, a value no header may hold. */
function badHeaders(sent: Record<string, string>, allowed: Set<string>): string[] {
  return Object.entries(sent).flatMap(([name, value]) => [
    ...(allowed.has(name) ? [] : [`${name}: not the record's`]),
    ...(/^(host|cookie|authorization|content-length|connection|keep-alive|transfer-encoding|te|trailer|upgrade|expect|proxy-.*|sec-.*)$/.test(name)
      ? [`${name}: forbidden`]
      : []),
    ...(/^[\x20-\x7e\xa0-\xff]{1,1024}$/.test(value) ? [] : [`${name}: value ${JSON.stringify(value.slice(0, 40))}`]),
  ]);
}

const headerIssues = (issues: readonly Issue[]) =>
  issues
    .filter((found) => found.path.startsWith('/headers'))
    .map((found) => `${found.code} ${found.path}`)
    .sort();

describe('headers under hostile records and requests', () => {
  it(`never sends a header outside the record's, forbidden, or with a bad value; both checks agree (${runs} runs)`, () => {
    fc.assert(
      fc.property(record, request, (rec, req) => {
        const found = validateAdapter(rec, options);
        let compact: Issue[] = [];
        try {
          compileCompact(rec, options);
        } catch (error) {
          compact = (error as { issues: Issue[] }).issues;
        }
        expect(headerIssues(compact)).toEqual(headerIssues(found));
        if (found.length) return;
        const allowed = new Set(['content-type', 'x-openrtb-version', ...Object.keys(rec.headers as object).map((name) => name.toLowerCase())]);
        if (rec.protocol === 'prebid-js') {
          const spec = createPrebidBidder(rec as never, { ...options, log: () => {} });
          const bids = [{ bidder: 'acme', bidId: 'b1', params: { 'prd.impTagId': 't' }, mediaTypes: { banner: { sizes: [[300, 250]] } } }];
          for (const sent of spec.buildRequests(bids, { bidderRequestId: 'br', ortb2: req })) {
            const { contentType, customHeaders } = sent.options;
            const all: Record<string, string> = { ...customHeaders, ...(contentType && { 'content-type': contentType }) };
            expect(badHeaders(all, allowed)).toEqual([]);
            for (const [name, spec] of Object.entries(rec.headers as Record<string, { value: string }>))
              expect(Object.hasOwn(all, name.toLowerCase()) && all[name.toLowerCase()]).toBe(spec.value);
          }
          return;
        }
        const adapter = compile(rec as never, options);
        const build = rec.protocol === 'rtb' ? safeBuildRtbRequests : safeBuildPrebidServerRequests;
        const built = build(adapter, req, [{ 'prd.impTagId': 't' }]);
        const sent: HttpRequest[] = built.ok ? built.http : [];
        // And every fixed value is sent as written: none is lost on the way (a `__proto__` name once was).
        const fixed = Object.entries(rec.headers as Record<string, { value?: string }>).filter(([, spec]) => typeof spec.value === 'string');
        for (const http of sent) {
          expect(badHeaders(http.headers, allowed)).toEqual([]);
          for (const [name, { value }] of fixed) expect(Object.hasOwn(http.headers, name.toLowerCase()) && http.headers[name.toLowerCase()]).toBe(value);
        }
        for (const warning of built.warnings) expect(['header_omitted', 'both_app_and_site']).toContain(warning.code);
      }),
      { numRuns: runs },
    );
  });
});
