// The one judge of headers (core/rules/headers.ts, docs/spec.md#headers) on its own: how a `from` path reads the request (own
// properties of plain objects, array elements by decimal index, nothing else, never a throw), which text may be a
// header value, and the first usable value of a list of paths.
import { describe, expect, it } from 'vitest';
import { headerSource, isHeaderValue, readPath } from '../../src/core/rules/headers.js';

describe('readPath', () => {
  it('reads own properties of plain objects and array elements by decimal index', () => {
    const request = JSON.parse('{"imp":[{"tagid":"a"},{"tagid":"b"}],"site":{"page":"p"},"__proto__":{"x":1}}');
    expect(readPath(request, ['imp', '1', 'tagid'])).toBe('b');
    expect(readPath(request, ['site', 'page'])).toBe('p');
    expect(readPath(request, ['__proto__', 'x'])).toBe(1);
  });
  it('gives nothing for inherited names, array properties, non-decimal indexes, class instances and revoked proxies', () => {
    const request = { imp: [{ id: '1' }], site: { page: 'p' }, date: new Date(0), map: new Map([['k', 'v']]) };
    const { proxy, revoke } = Proxy.revocable({ page: 'p' }, {});
    revoke();
    for (const path of [
      ['site', 'toString'],
      ['imp', 'length'],
      ['imp', '01', 'id'],
      ['imp', '+0'],
      ['date', 'getTime'],
      ['map', 'size'],
      ['site', 'page', 'length'],
    ])
      expect(readPath(request, path)).toBeUndefined();
    expect(readPath({ site: proxy }, ['site', 'page'])).toBeUndefined();
    expect(readPath(Object.create({ site: { page: 'p' } }), ['site', 'page'])).toBeUndefined();
  });
});

describe('isHeaderValue', () => {
  it('takes 1 to 1,024 characters of printable Latin-1', () => {
    expect(isHeaderValue('Mozilla/5.0 (X11; Linux) café')).toBe(true);
    expect(isHeaderValue('x'.repeat(1024))).toBe(true);
    for (const text of ['', 'x'.repeat(1025), 'a\r\nb', 'a\u0000', 'a\tb', 'a\u007f', 'a\u0085', 'caf\u0113', '\u{1F600}'])
      expect(isHeaderValue(text)).toBe(false);
  });
});

describe('headerSource', () => {
  it('takes the first path holding a non-empty string or a finite number (as its decimal text), and says which', () => {
    const request = { user: { id: '', buyeruid: 7e21 }, device: { ua: 'UA', ip: null } };
    expect(
      headerSource(request, [
        ['device', 'ip'],
        ['user', 'id'],
        ['user', 'buyeruid'],
        ['device', 'ua'],
      ]),
    ).toEqual(['7000000000000000000000', ['user', 'buyeruid']]);
    expect(headerSource(request, [['device', 'ip'], ['device']])).toBeUndefined();
  });
});
