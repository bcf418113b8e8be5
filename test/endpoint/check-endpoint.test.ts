/**
 * The endpoint check is a security boundary (entered URLs receive bid requests carrying user data), so it is
 * pinned by a long table of hostile URLs, each with the reason it must fail, and by the passing spellings an
 * operator legitimately writes (IDN, trailing dot, upper case, wildcard sub-domains, `:443`). Every case goes
 * through the public `checkEndpoint`, the same way the protocol wrappers and `validateAdapter` call it.
 */
import { describe, it, expect } from 'vitest';
import { checkEndpoint, isKnownHost, normaliseHost, type Protocol } from '../../src/core/endpoint/check-endpoint.js';
import { ACCEPTED, HOSTILE, KNOWN } from './tables.js';

const opts = { knownEndpoints: KNOWN };
describe('checkEndpoint: hostile URLs', () => {
  it('has a long table', () => expect(HOSTILE.length).toBeGreaterThanOrEqual(60));

  it.each(HOSTILE)('refuses %s', (_reason, value, protocol, code) => {
    const result = checkEndpoint(value, protocol, '/endpoint', opts);
    expect(result.endpoint).toBeUndefined();
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toEqual({ code, path: '/endpoint', message: expect.any(String) });
  });
});

describe('checkEndpoint: accepted URLs', () => {
  it.each(ACCEPTED)('accepts %s', (_reason, value, protocol, host, href) => {
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
    const known = ['', '*', '*.', '*.com', 'evil.com/x', 'a@example.com', 'example.com:443', 42 as never, null as never];
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
  const throwing = {
    toString: () => {
      throw new Error('boom');
    },
    valueOf: () => {
      throw new Error('boom');
    },
  };
  const trap = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      has: () => {
        throw new Error('trap');
      },
    },
  );
  const values: unknown[] = [
    null,
    undefined,
    1,
    0,
    NaN,
    true,
    1n,
    {},
    [],
    ['https://example.com'],
    Symbol('x'),
    () => 'https://example.com',
    throwing,
    trap,
    new URL('https://example.com'),
  ];

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

  it.each([
    '',
    'evil.com/x',
    'example.com/x/..',
    '@example.com',
    'example.com?',
    'example.com#',
    'a@example.com',
    'example.com:8080',
    '*.example.com',
    'ex%61mple.com',
    'exa mple.com',
    'example..com',
    '.',
    'a'.repeat(64) + '.com',
    'exa_mple.com',
    'exa\u200bmple.com',
    'evil.com\\x',
    'xn--a.com',
  ])('refuses %j', (input) => expect(normaliseHost(input)).toBeUndefined());
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
