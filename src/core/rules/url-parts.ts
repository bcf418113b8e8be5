/**
 * A URL split as typed, before any parser reads it: the scheme with its colon, the `//`, the authority (up to the
 * first `/`, `?` or `#`) and the rest. The WHATWG parser forgives what a reviewer would not (`https:example.com`,
 * `\`, tabs), so the endpoint check judges the text in these parts first (endpoint/endpoint-rules.ts), a template's
 * placeholders are placed by them (endpoint/template.ts), and the generated URL builders cut a template at the
 * authority's end by them (codegen/endpoint-source.ts). The scheme and the slashes are absent when not typed; the
 * authority and the rest are strings, possibly empty.
 */
const AS_TYPED = /^([a-z][a-z\d+.-]*:)?(\/\/)?([^/?#]*)(.*)/is;

/**
 * The parts of `text` as typed: `[whole, scheme, slashes, authority, rest]`.
 * @example urlParts('https://a@bid.example.com:8443/rtb?x=1') // [, 'https:', '//', 'a@bid.example.com:8443', '/rtb?x=1']
 */
export const urlParts = (text: string) => AS_TYPED.exec(text) as unknown as [string, string | undefined, string | undefined, string, string];
