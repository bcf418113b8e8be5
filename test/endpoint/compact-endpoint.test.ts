/**
 * The compact endpoint check (the Prebid bundle's) against the same tables as the full one. Both run the rules of
 * endpoint-rules.ts, so the page gives the verdict `validateAdapter` gives: every hostile URL is refused with the
 * same code (raw spellings the parser would repair, `https:host`, `%61`, `https://@host`, an empty `?` or `#`,
 * included), what the full check accepts is accepted as the same URL, and nothing throws.
 */
import { describe, expect, it } from 'vitest';
import { checkEndpointCompact } from '../../src/core/compact/endpoint.js';
import { checkEndpoint } from '../../src/core/endpoint/check-endpoint.js';
import { ACCEPTED, HOSTILE, KNOWN } from './tables.js';

describe('checkEndpointCompact', () => {
  it.each(HOSTILE)("refuses %s with the full check's code", (_reason, value, protocol, code) => {
    expect(checkEndpointCompact(value, protocol, { knownEndpoints: KNOWN })).toBe(code);
    expect(checkEndpoint(value, protocol, '', { knownEndpoints: KNOWN }).issues[0]?.code).toBe(code);
  });

  it.each([
    ['an empty query', 'https://example.com/?'],
    ['an empty fragment', 'https://example.com/#'],
    ['empty user info', 'https://@example.com/'],
    ['empty user and password', 'https://:@example.com/'],
    ['no slashes', 'https:example.com'],
    ['a percent-encoded host', 'https://ex%61mple.com'],
    ['a port with a leading zero', 'https://example.com:0443/'],
    ['an empty port', 'https://example.com:/'],
  ])('refuses %s the URL parser would repair (%s), as the full check does', (_reason, value) => {
    expect(checkEndpointCompact(value, 'prebid-js', { knownEndpoints: KNOWN })).toBe('invalid_endpoint');
    expect(checkEndpoint(value, 'prebid-js', '', { knownEndpoints: KNOWN }).issues[0]?.code).toBe('invalid_endpoint');
  });

  it.each(ACCEPTED)('accepts %s, as the full check does', (_reason, value, protocol, _host, href) => {
    const result = checkEndpointCompact(value, protocol, { knownEndpoints: KNOWN });
    expect(result).toBeInstanceOf(URL);
    expect((result as URL).href).toBe(href);
    expect(checkEndpoint(value, protocol, '', { knownEndpoints: KNOWN }).endpoint?.url.href).toBe(href);
  });

  it('knows local hosts only with allowLocal and an exact entry', () => {
    const local = (value: string, knownEndpoints: string[], allowLocal = true) => checkEndpointCompact(value, 'rtb', { knownEndpoints, allowLocal });
    expect((local('http://127.0.0.1:8080/bid', ['127.0.0.1']) as URL).host).toBe('127.0.0.1:8080');
    expect(local('http://[::1]:9000/', ['::1'])).toBeInstanceOf(URL);
    expect(local('http://127.1/', ['127.0.0.1'])).toBeInstanceOf(URL);
    expect(local('http://api.localhost/', ['*.localhost'])).toBe('unknown_endpoint');
    expect(local('http://127.0.0.2/', ['127.0.0.1'])).toBe('unknown_endpoint');
    expect(local('http://127.0.0.1/', ['127.0.0.1'], false)).toBe('invalid_endpoint');
    expect(local('http://u@localhost/', ['localhost'])).toBe('invalid_endpoint');
  });

  it('knows nothing without a list, and ignores entries that are not plain hosts', () => {
    for (const knownEndpoints of [undefined, [], 'example.com' as never, ['evil.com/x', 'a@example.com', 'example.com:443', '*', '*.com', 42 as never]]) {
      expect(checkEndpointCompact('https://example.com', 'prebid-js', { knownEndpoints })).toBe('unknown_endpoint');
    }
  });

  it('never throws, whatever the value or options', () => {
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    for (const value of [
      null,
      undefined,
      1,
      {},
      [],
      Symbol('x'),
      trap,
      new URL('https://example.com'),
      {
        toString: () => {
          throw new Error('x');
        },
      },
    ]) {
      expect(checkEndpointCompact(value, 'rtb', { knownEndpoints: KNOWN })).toBe('invalid_endpoint');
    }
    expect(checkEndpointCompact('https://example.com', 'rtb', trap as never)).toBe('invalid_endpoint');
  });
});

describe('checkEndpointCompact agrees with the full check on edges found in review', () => {
  it('refuses a host over 253 characters, even under a listed wildcard', () => {
    const endpoint = `https://${Array(5).fill('a'.repeat(60)).join('.')}.example.com/`;
    expect(checkEndpoint(endpoint, 'prebid-js', '', { knownEndpoints: ['*.example.com'] }).issues[0]?.code).toBe('invalid_endpoint');
    expect(checkEndpointCompact(endpoint, 'prebid-js', { knownEndpoints: ['*.example.com'] })).toBe('invalid_endpoint');
  });
  it('accepts an unassigned code point in the path, as the full check does', () => {
    const endpoint = 'https://example.com/a\u0378';
    expect(checkEndpoint(endpoint, 'prebid-js', '', { knownEndpoints: KNOWN }).issues).toEqual([]);
    expect(checkEndpointCompact(endpoint, 'prebid-js', { knownEndpoints: KNOWN })).toBeInstanceOf(URL);
  });
});
