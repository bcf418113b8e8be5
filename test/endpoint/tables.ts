// The endpoint tables shared by the full and the compact endpoint checks' tests: hostile URLs, each with the
// reason it must fail and the code the full check gives, and URLs an operator legitimately writes.
import type { Protocol } from '../../src/core/endpoint/check-endpoint.js';

export const KNOWN = ['example.com', 'api.example.com', '*.ads.example.net', 'bücher.example', 'xn--r8jz45g.jp'];

export type Hostile = [reason: string, value: string, protocol: Protocol, code: 'invalid_endpoint' | 'unknown_endpoint'];
const I = 'invalid_endpoint' as const;
const U = 'unknown_endpoint' as const;

export const HOSTILE: Hostile[] = [
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

/** URLs an operator legitimately writes, with the host matched and the href a request goes to. */
export const ACCEPTED: [reason: string, value: string, protocol: Protocol, host: string, href: string][] = [
  ['plain https', 'https://example.com', 'prebid-server', 'example.com', 'https://example.com/'],
  ['upper case host, path kept', 'https://EXAMPLE.COM/Bid/Path', 'rtb', 'example.com', 'https://example.com/Bid/Path'],
  ['upper case scheme', 'HTTPS://Example.com/', 'prebid-js', 'example.com', 'https://example.com/'],
  ['trailing dot', 'https://example.com./x', 'prebid-server', 'example.com', 'https://example.com./x'],
  ['explicit default port :443', 'https://example.com:443/openrtb2/auction', 'prebid-server', 'example.com', 'https://example.com/openrtb2/auction'],
  ['rtb with http', 'http://api.example.com/bid', 'rtb', 'api.example.com', 'http://api.example.com/bid'],
  ['rtb with http and :80', 'http://example.com:80/', 'rtb', 'example.com', 'http://example.com/'],
  ['rtb keeps its query', 'https://example.com/bid?key=1&x=2', 'rtb', 'example.com', 'https://example.com/bid?key=1&x=2'],
  ['wildcard sub-domain', 'https://a.ads.example.net/pbs', 'prebid-server', 'a.ads.example.net', 'https://a.ads.example.net/pbs'],
  ['deep wildcard sub-domain', 'https://b.a.ads.example.net/', 'prebid-js', 'b.a.ads.example.net', 'https://b.a.ads.example.net/'],
  ['IDN host, list in Unicode', 'https://bücher.example/', 'prebid-server', 'xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
  ['punycode host, list in Unicode', 'https://xn--bcher-kva.example/', 'rtb', 'xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
  ['IDN host, list in punycode', 'https://例え.jp/auction', 'prebid-js', 'xn--r8jz45g.jp', 'https://xn--r8jz45g.jp/auction'],
  ['upper-case IDN host', 'https://BÜCHER.example/', 'rtb', 'xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
  // Decision: U+3002 is an IDNA label separator (RFC 3490 §3.1, UTS #46), mapped to '.' by every IDNA
  // implementation, so the host contacted IS example.com. We compare the host that will be contacted, and it is
  // known, so it is accepted; callers must send to `endpoint.url.href`, never to the raw string.
  ['fullwidth ideographic dot', 'https://example。com/', 'prebid-server', 'example.com', 'https://example.com/'],
];
