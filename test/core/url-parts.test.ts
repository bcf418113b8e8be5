// The URL split as typed (core/rules/url-parts.ts), the one split the endpoint check, the template placement and
// the generated URL builders read. Pinned: its parts on the cases each reader depends on, that they always add up
// to the text, and that a template's placement (scheme and `//` read as one) is what the template parser's own
// expression made of it before the split was shared.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urlParts } from '../../src/core/rules/url-parts.js';
import { parseTemplate } from '../../src/core/endpoint/template.js';

describe('urlParts', () => {
  it('splits scheme, slashes, authority and the rest as typed', () => {
    expect(urlParts('https://a@bid.example.com:8443/rtb?x=1#f').slice(1)).toEqual(['https:', '//', 'a@bid.example.com:8443', '/rtb?x=1#f']);
    expect(urlParts('https:example.com/x').slice(1)).toEqual(['https:', undefined, 'example.com', '/x']);
    expect(urlParts('//bid.example.com').slice(1)).toEqual([undefined, '//', 'bid.example.com', '']);
    expect(urlParts('bid.example.com?q').slice(1)).toEqual([undefined, undefined, 'bid.example.com', '?q']);
    expect(urlParts('HTTPS://X/\n\ty').slice(1)).toEqual(['HTTPS:', '//', 'X', '/\n\ty']);
    expect(urlParts('').slice(1)).toEqual([undefined, undefined, '', '']);
  });

  it('always adds up to the text (10,000 strings of URL characters)', () => {
    const text = fc.string({ unit: fc.constantFrom(...'ab1:/?#@.{}-+ \n%\\'.split('')), maxLength: 24 });
    fc.assert(
      fc.property(text, (value) => {
        const [, scheme = '', slashes = '', authority, rest] = urlParts(value);
        return scheme + slashes + authority + rest === value;
      }),
      { numRuns: 10_000 },
    );
  });

  it("places a template's placeholders as the template parser's own expression did (10,000 templates)", () => {
    // The expression parseTemplate had before the split was shared: `scheme://` as one optional group.
    const before = (text: string) => {
      const [, start = '', authority = '', rest = ''] = /^([a-z][a-z\d+.-]*:\/\/)?([^/?#]*)(.*)/is.exec(text)!;
      return { start, authority, rest };
    };
    const piece = fc.constantFrom('https:', '//', '/', '{r}', '{p}', '.', 'bid', 'example.com', '?', '=', '&', '#', ':', '@', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const text = pieces.join('');
        const { start, authority } = before(text);
        const template = parseTemplate(text, 'rtb');
        if (!Array.isArray(template)) return true;
        // Each placeholder's place follows from where the old split put it.
        let at = 0;
        for (const part of template) {
          if (typeof part === 'string') at += part.length;
          else {
            const expected = at < start.length + authority.length ? 'host' : 'path-or-query';
            if ((part.place === 'host') !== (expected === 'host')) return false;
            at += part.key.length + 2;
          }
        }
        return true;
      }),
      { numRuns: 10_000 },
    );
  });
});
