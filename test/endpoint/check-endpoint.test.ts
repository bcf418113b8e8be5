/**
 * The endpoint check is a security boundary (entered URLs receive bid requests carrying user data), so it is
 * pinned by a long table of hostile URLs, each with the reason it must fail, and by the passing spellings an
 * operator legitimately writes (IDN, trailing dot, upper case, wildcard sub-domains, `:443`). Every case goes
 * through the public `checkEndpoint`, the same way the protocol wrappers and `validateAdapter` call it.
 */
import { describe, it, expect } from 'vitest';
import { checkEndpoint, isKnownHost, normaliseHost, type Protocol } from '../../src/core/endpoint/check-endpoint.js';

const KNOWN = ['example.com', 'api.example.com', '*.ads.example.net', 'bücher.example', 'xn--r8jz45g.jp'];
const opts = { knownEndpoints: KNOWN };

type Hostile = [reason: string, value: string, protocol: Protocol, code: 'invalid_endpoint' | 'unknown_endpoint'];
const I = 'invalid_endpoint' as const;
const U = 'unknown_endpoint' as const;

const hostile: Hostile[] = [
  // Schemes and shape
  ['javascript: runs script, not HTTP', 'javascript:alert(1)', 'rtb', I],
  ['file: reads local files', 'file:///etc/passwd', 'rtb', I],
  ['data: is inline content', 'data:text/html,<script>alert(1)</script>', 'rtb', I],
  ['ftp: is not HTTP', 'ftp://example.com/', 'rtb', I],
  ['ws: is not HTTP', 'ws://example.com/', 'rtb', I],
  ['wss: is not HTTP', 'wss://example.com/', 'prebid-server', I],
  ['gopher: is a classic SSRF smuggler', 'gopher://example.com/', 'rtb', I],
  ['protocol-relative URL is not absolute', '//example.com', 'rtb', I],
  ['bare host is not absolute', 'example.com', 'rtb', I],
  ['path only is not absolute', '/openrtb2/auction', 'prebid-server', I],
  ['https:host without // (URL would read it as https://host)', 'https:example.com', 'rtb', I],
  ['https:/host with one slash', 'https:/example.com', 'rtb', I],
  ['https:///host with three slashes (empty authority)', 'https:///example.com', 'rtb', I],
  ['empty string', '', 'rtb', I],
  ['over-long URL', 'https://example.com/' + 'a'.repeat(3000), 'rtb', I],
  ['http for prebid-server', 'http://example.com/', 'prebid-server', I],
  ['http for prebid-js', 'http://example.com/', 'prebid-js', I],
  // User info
  ['user and password', 'https://user:pass@example.com/', 'rtb', I],
  ['empty user info', 'https://@example.com/', 'rtb', I],
  ['empty user and password', 'https://:@example.com/', 'rtb', I],
  ['known host as user info, real host evil.com', 'https://example.com@evil.com/', 'rtb', I],
  ['known host as user info, prebid', 'https://example.com@evil.com/', 'prebid-server', I],
  // Query and fragment
  ['fragment hiding an @ (host is evil.com)', 'https://evil.com#@example.com', 'rtb', I],
  ['fragment hiding an @, prebid', 'https://evil.com#@example.com', 'prebid-server', I],
  ['fragment on rtb', 'https://example.com/bid#x', 'rtb', I],
  ['empty fragment on rtb', 'https://example.com/#', 'rtb', I],
  ['query on prebid-server', 'https://example.com/auction?a=1', 'prebid-server', I],
  ['empty query on prebid-server', 'https://example.com?', 'prebid-server', I],
  ['query on prebid-js', 'https://example.com/x?y', 'prebid-js', I],
  // Ports
  ['non-default https port', 'https://example.com:8443/', 'rtb', I],
  ['https port on http', 'http://example.com:443/', 'rtb', I],
  ['http port on https', 'https://example.com:80/', 'prebid-js', I],
  ['empty port', 'https://example.com:/', 'rtb', I],
  ['default port with leading zero', 'https://example.com:0443/', 'rtb', I],
  ['port out of range', 'https://example.com:65536/', 'rtb', I],
  ['port only, no host', 'https://:443/', 'rtb', I],
  // IP literals in every spelling the URL parser accepts
  ['dotted IPv4 loopback', 'http://127.0.0.1/', 'rtb', I],
  ['short IPv4 127.1', 'http://127.1/', 'rtb', I],
  ['decimal IPv4', 'http://2130706433/', 'rtb', I],
  ['zero is 0.0.0.0', 'http://0/', 'rtb', I],
  ['hex-and-short IPv4', 'http://0x7f.1/', 'rtb', I],
  ['octal IPv4', 'http://017700000001/', 'rtb', I],
  ['hex IPv4', 'http://0x7f000001/', 'rtb', I],
  ['IPv4 with trailing dot', 'https://127.0.0.1./', 'rtb', I],
  ['cloud metadata address', 'http://169.254.169.254/latest/meta-data/', 'rtb', I],
  ['private network address', 'https://10.0.0.1/', 'prebid-server', I],
  ['IPv6 loopback', 'http://[::1]/', 'rtb', I],
  ['IPv4-mapped IPv6, dotted', 'http://[::ffff:127.0.0.1]/', 'rtb', I],
  ['IPv4-mapped IPv6, hex', 'http://[::ffff:7f00:1]/', 'rtb', I],
  // localhost
  ['localhost', 'https://localhost/', 'rtb', I],
  ['localhost with trailing dot', 'https://localhost./', 'rtb', I],
  ['localhost upper case', 'https://LOCALHOST/', 'rtb', I],
  ['sub-domain of localhost', 'https://api.localhost/', 'rtb', I],
  ['fullwidth localhost (URL maps it to localhost)', 'https://ｌｏｃａｌｈｏｓｔ/', 'rtb', I],
  // Characters the URL parser would strip, map or drop
  ['tab inside host (URL strips it)', 'https://exa\tmple.com', 'rtb', I],
  ['newline inside host', 'https://exa\nmple.com', 'rtb', I],
  ['trailing CRLF', 'https://example.com\r\n', 'rtb', I],
  ['leading space', ' https://example.com', 'rtb', I],
  ['trailing space', 'https://example.com ', 'rtb', I],
  ['no-break space', 'https://exa\u00a0mple.com', 'rtb', I],
  ['ideographic space', 'https://example.com\u3000', 'rtb', I],
  ['line separator', 'https://example.com\u2028', 'rtb', I],
  ['soft hyphen (IDNA drops it)', 'https://exa\u00admple.com', 'rtb', I],
  ['zero-width space', 'https://exa\u200bmple.com', 'rtb', I],
  ['right-to-left override', 'https://exa\u202emple.com', 'rtb', I],
  ['NUL', 'https://example.com\u0000', 'rtb', I],
  ['DEL', 'https://example.com/\u007f', 'rtb', I],
  ['C1 control', 'https://example.com/\u0085', 'rtb', I],
  ['lone surrogate', 'https://example.com/\ud800', 'rtb', I],
  ['backslash before @ (URL reads \\ as /)', 'https://example.com\\@evil.com', 'rtb', I],
  ['backslashes instead of slashes', 'https:\\\\example.com', 'rtb', I],
  // Host syntax
  ['percent-encoded host (decision: refused, parsers disagree on decoding)', 'https://ex%61mple.com', 'rtb', I],
  ['fully percent-encoded first letter', 'https://%65xample.com/', 'prebid-server', I],
  ['wildcard written as a host', 'https://*.ads.example.net/', 'rtb', I],
  ['dollar in host', 'https://exa$mple.com/', 'rtb', I],
  ['underscore in host (no certificate can name it)', 'https://exa_mple.com/', 'rtb', I],
  ['label starting with hyphen', 'https://-example.com/', 'rtb', I],
  ['empty label', 'https://example..com/', 'rtb', I],
  ['leading dot', 'https://.example.com/', 'rtb', I],
  ['two trailing dots', 'https://example.com../', 'rtb', I],
  ['invalid punycode', 'https://xn--a.com/', 'rtb', I],
  ['unclosed IPv6 bracket', 'https://[::1/', 'rtb', I],
  // Hosts that are simply not known
  ['unrelated host', 'https://evil.com/', 'rtb', U],
  ['known host as a prefix of another domain', 'https://example.com.evil.com/', 'rtb', U],
  ['known host as a suffix without dot boundary', 'https://evilexample.com/', 'prebid-server', U],
  ['Cyrillic а look-alike (punycode xn--exmple-4nf.com)', 'https://exаmple.com/', 'prebid-js', U],
  ['exact entry does not cover sub-domains', 'https://www.example.com/', 'rtb', U],
  ['wildcard does not cover its own base', 'https://ads.example.net/', 'rtb', U],
  ['wildcard base as a substring', 'https://xads.example.net/', 'rtb', U],
  ['wildcard base inside another domain', 'https://a.ads.example.net.evil.io/', 'rtb', U],
  ['similar TLD', 'https://example.co/', 'rtb', U],
  ['IDN entry is not its ASCII fold', 'https://bucher.example/', 'rtb', U],
];

describe('checkEndpoint: hostile URLs', () => {
  it('has a long table', () => expect(hostile.length).toBeGreaterThanOrEqual(60));

  it.each(hostile)('refuses %s', (_reason, value, protocol, code) => {
    const result = checkEndpoint(value, protocol, '/endpoint', opts);
    expect(result.endpoint).toBeUndefined();
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toEqual({ code, path: '/endpoint', message: expect.any(String) });
  });
});

describe('checkEndpoint: accepted URLs', () => {
  const accepted: [reason: string, value: string, protocol: Protocol, host: string, href: string][] = [
    ['plain https', 'https://example.com', 'prebid-server', 'example.com', 'https://example.com/'],
    ['upper case host, path kept', 'https://EXAMPLE.COM/Bid/Path', 'rtb',
      'example.com', 'https://example.com/Bid/Path'],
    ['upper case scheme', 'HTTPS://Example.com/', 'prebid-js', 'example.com', 'https://example.com/'],
    ['trailing dot', 'https://example.com./x', 'prebid-server', 'example.com', 'https://example.com./x'],
    ['explicit default port :443', 'https://example.com:443/openrtb2/auction', 'prebid-server',
      'example.com', 'https://example.com/openrtb2/auction'],
    ['rtb with http', 'http://api.example.com/bid', 'rtb', 'api.example.com', 'http://api.example.com/bid'],
    ['rtb with http and :80', 'http://example.com:80/', 'rtb', 'example.com', 'http://example.com/'],
    ['rtb keeps its query', 'https://example.com/bid?key=1&x=2', 'rtb',
      'example.com', 'https://example.com/bid?key=1&x=2'],
    ['wildcard sub-domain', 'https://a.ads.example.net/pbs', 'prebid-server',
      'a.ads.example.net', 'https://a.ads.example.net/pbs'],
    ['deep wildcard sub-domain', 'https://b.a.ads.example.net/', 'prebid-js',
      'b.a.ads.example.net', 'https://b.a.ads.example.net/'],
    ['IDN host, list in Unicode', 'https://bücher.example/', 'prebid-server',
      'xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
    ['punycode host, list in Unicode', 'https://xn--bcher-kva.example/', 'rtb',
      'xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
    ['IDN host, list in punycode', 'https://例え.jp/auction', 'prebid-js',
      'xn--r8jz45g.jp', 'https://xn--r8jz45g.jp/auction'],
    ['upper-case IDN host', 'https://BÜCHER.example/', 'rtb',
      'xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
    // Decision: U+3002 is an IDNA label separator (RFC 3490 §3.1, UTS #46), mapped to '.' by every IDNA
    // implementation, so the host contacted IS example.com. We compare the host that will be contacted, and it is
    // known, so it is accepted; callers must send to `endpoint.url.href`, never to the raw string.
    ['fullwidth ideographic dot', 'https://example。com/', 'prebid-server', 'example.com', 'https://example.com/'],
  ];

  it.each(accepted)('accepts %s', (_reason, value, protocol, host, href) => {
    const result = checkEndpoint(value, protocol, '/endpoint', opts);
    expect(result.issues).toEqual([]);
    expect(result.endpoint?.host).toBe(host);
    expect(result.endpoint?.url).toBeInstanceOf(URL);
    expect(result.endpoint?.url.href).toBe(href);
  });
});

describe('checkEndpoint: messages and fail-closed defaults', () => {
  it('says why', () => {
    const msg = (v: string, p: Protocol) => checkEndpoint(v, p, '/endpoint', opts).issues[0]?.message;
    expect(msg('http://example.com', 'prebid-server')).toBe('endpoint must use https for prebid-server');
    expect(msg('ftp://example.com', 'rtb')).toBe('endpoint must use http or https for rtb');
    expect(msg('https://evil.com', 'rtb')).toBe("endpoint host 'evil.com' is not a known endpoint");
    expect(msg('https://a@example.com', 'rtb')).toBe('endpoint must not contain user info');
    expect(msg('http://127.1', 'rtb')).toBe("endpoint host '127.0.0.1' is an IP literal, which is not allowed");
  });

  it('uses the given path and sets no field', () => {
    const [found] = checkEndpoint('https://evil.com', 'rtb', '/adapters/3/endpoint', opts).issues;
    expect(found).toEqual({ code: 'unknown_endpoint', path: '/adapters/3/endpoint', message: expect.any(String) });
    expect(found).not.toHaveProperty('field');
  });

  it('knows nothing without a list', () => {
    for (const options of [undefined, {}, { knownEndpoints: [] }, { knownEndpoints: 'example.com' as never }]) {
      const result = checkEndpoint('https://example.com', 'prebid-server', '/endpoint', options);
      expect(result.issues.map((i) => i.code)).toEqual(['unknown_endpoint']);
      expect(result.endpoint).toBeUndefined();
    }
  });

  it('ignores invalid list entries', () => {
    const known = ['', '*', '*.', '*.com', 'evil.com/x', 'a@example.com', 'example.com:443',
      42 as never, null as never];
    for (const value of ['https://example.com', 'https://a.com']) {
      expect(checkEndpoint(value, 'rtb', '', { knownEndpoints: known }).issues[0]?.code).toBe('unknown_endpoint');
    }
  });
});

describe('checkEndpoint: allowLocal', () => {
  const local = (value: string, knownEndpoints: string[], protocol: Protocol = 'rtb', allowLocal = true) =>
    checkEndpoint(value, protocol, '/endpoint', { knownEndpoints, allowLocal });

  it('accepts an exactly listed local host, with any port (test servers use ephemeral ports)', () => {
    expect(local('http://127.0.0.1:8080/bid', ['127.0.0.1']).endpoint?.host).toBe('127.0.0.1');
    expect(local('http://localhost:3000/', ['localhost']).endpoint?.host).toBe('localhost');
    expect(local('http://[::1]:9000/', ['::1']).endpoint?.host).toBe('[::1]');
    expect(local('http://[::1]/', ['[::1]']).endpoint?.host).toBe('[::1]');
    expect(local('http://api.localhost/', ['api.localhost']).endpoint?.host).toBe('api.localhost');
    // Same host after normalisation, so the list names it exactly.
    expect(local('http://127.1/', ['127.0.0.1']).endpoint?.host).toBe('127.0.0.1');
  });

  it('refuses local hosts the list does not name exactly', () => {
    expect(local('http://127.0.0.1/', ['example.com']).issues[0]?.code).toBe('unknown_endpoint');
    expect(local('http://127.0.0.1/', []).issues[0]?.code).toBe('unknown_endpoint');
    expect(local('http://api.localhost/', ['*.localhost']).issues[0]?.code).toBe('unknown_endpoint');
    expect(local('http://b.api.localhost/', ['*.api.localhost']).issues[0]?.code).toBe('unknown_endpoint');
    expect(local('http://127.0.0.2/', ['127.0.0.1']).issues[0]?.code).toBe('unknown_endpoint');
  });

  it('still refuses without allowLocal, and keeps every other rule', () => {
    expect(local('http://127.0.0.1/', ['127.0.0.1'], 'rtb', false).issues[0]?.code).toBe('invalid_endpoint');
    expect(local('http://localhost/', ['localhost'], 'prebid-server').issues[0]?.code).toBe('invalid_endpoint');
    expect(local('http://u@localhost/', ['localhost']).issues[0]?.code).toBe('invalid_endpoint');
    expect(local('http://localhost/#x', ['localhost']).issues[0]?.code).toBe('invalid_endpoint');
  });
});

describe('checkEndpoint: never throws', () => {
  const throwing = { toString: () => { throw new Error('boom'); }, valueOf: () => { throw new Error('boom'); } };
  const trap = new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } });
  const values: unknown[] = [null, undefined, 1, 0, NaN, true, 1n, {}, [], ['https://example.com'], Symbol('x'),
    () => 'https://example.com', throwing, trap, new URL('https://example.com')];

  it.each(values.map((v) => [typeof v, v]))('returns invalid_endpoint for a %s', (_t, value) => {
    const result = checkEndpoint(value, 'rtb', '/endpoint', opts);
    const expected = { code: 'invalid_endpoint', path: '/endpoint', message: 'endpoint must be a string' };
    expect(result.issues).toEqual([expected]);
  });

  it('survives hostile options', () => {
    const result = checkEndpoint('https://example.com', 'rtb', '/endpoint', trap as never);
    expect(result.issues.map((i) => i.code)).toEqual(['invalid_endpoint']);
  });
});

describe('normaliseHost', () => {
  it.each([
    ['Example.COM.', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['XN--BCHER-KVA.example', 'xn--bcher-kva.example'],
    ['0x7f.1', '127.0.0.1'],
    ['::1', '[::1]'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
    ['localhost.', 'localhost'],
    ['a'.repeat(63) + '.com', 'a'.repeat(63) + '.com'],
  ])('%s → %s', (input, expected) => expect(normaliseHost(input)).toBe(expected));

  it.each(['', 'evil.com/x', 'a@example.com', 'example.com:8080', '*.example.com', 'ex%61mple.com', 'exa mple.com',
    'example..com', '.', 'a'.repeat(64) + '.com', 'exa_mple.com', 'exa\u200bmple.com', 'evil.com\\x', 'xn--a.com'])(
    'refuses %j', (input) => expect(normaliseHost(input)).toBeUndefined());
});

describe('isKnownHost', () => {
  it('matches exact hosts and explicit wildcards on a dot boundary only', () => {
    expect(isKnownHost('example.com', ['example.com'])).toBe(true);
    expect(isKnownHost('EXAMPLE.com.', ['Example.COM.'])).toBe(true);
    expect(isKnownHost('a.example.com', ['*.example.com'])).toBe(true);
    expect(isKnownHost('b.a.example.com', ['*.example.com'])).toBe(true);
    expect(isKnownHost('a.bücher.example', ['*.xn--bcher-kva.example'])).toBe(true);
    expect(isKnownHost('example.com', ['*.example.com'])).toBe(false);
    expect(isKnownHost('evilexample.com', ['*.example.com'])).toBe(false);
    expect(isKnownHost('example.com.evil.net', ['*.example.com', 'example.com'])).toBe(false);
    expect(isKnownHost('a.example.com', ['example.com'])).toBe(false);
  });

  it('ignores invalid and over-broad entries, and never matches local hosts by wildcard', () => {
    expect(isKnownHost('a.com', ['*.com', '*', '*.', '**.a.com', '*.*.com'])).toBe(false);
    expect(isKnownHost('127.0.0.1', ['*.0.0.1'])).toBe(false);
    expect(isKnownHost('a.b.localhost', ['*.b.localhost'])).toBe(false);
    expect(isKnownHost('not a host', ['not a host'])).toBe(false);
  });
});
