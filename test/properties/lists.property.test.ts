// Hostile input against list, JSON and id values (docs/spec.md#lists-json-ids): whatever is entered (JSON.parse'd, so `__proto__`
// is an own key at any depth; sparse and huge arrays; every kind of value), no engine writes a prototype key or
// pollutes a prototype, and every engine gives the same verdict: the library's interpreter and generated code, the
// compact engine and the record-taking Prebid.js bidder. 10,000 runs in CI (CI=true), 1,000 by default;
// PROPERTY_RUNS overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type Issue } from '../../src/index.js';
import { compileCompact } from '../../src/core/compact/engine.js';
import { createPrebidBidder } from '../../src/prebid/index.js';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 10_000 : 1_000));
const options = { knownEndpoints: ['bid.partner.example'] };
const UNSAFE = ['__proto__', 'constructor', 'prototype'];

const record = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.partner.example/rtb',
  cpmField: 'price',
  bidderCode: 'acme',
  fields: [
    { name: 'kw', param: 'keywords', type: 'list', items: 'text', display: 'K', maxItems: 5, maxLength: 8 },
    { name: 'sizes', type: 'list', items: 'number', display: 'S', integer: true, min: 0 },
    { name: 'predefinedRequestExt.custom', param: 'custom', type: 'json', display: 'C' },
    { name: 'prd.impTagId', param: 'pid', type: 'id', display: 'P', maxLength: 6 },
  ],
};

/** JSON text with prototype keys at any depth, parsed: own `__proto__` keys, as a JSON body gives them. */
const key = fc.constantFrom('a', 'b', ...UNSAFE, 'toString', '0');
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 6 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    // Parsed from JSON text: an own `__proto__` key stays a key (JSON.stringify writes it back out, as own).
    fc
      .array(fc.tuple(key, tie('value')), { maxLength: 4 })
      .map((entries) => JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`) as unknown),
  ),
})).value;
const entered = fc.oneof(
  json,
  fc.constantFrom<unknown>('a, b', 'a,,b', ' 1, 2 ', '', [], [1, 2], 9007199254740993, 123, '12', new Array(5000), Object.create(null)),
);
const values = fc.record({ keywords: entered, sizes: entered, custom: entered, pid: entered }, { requiredKeys: [] });

/** Every own key of a value, at any depth (arrays and objects). */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return out;
  for (const own of Reflect.ownKeys(value)) {
    out.push(String(own));
    keysOf((value as Record<PropertyKey, unknown>)[own], out);
  }
  return out;
}

const codes = (issues: readonly Issue[]) => issues.map((found) => `${found.code} ${found.path}`).sort();

describe('list, JSON and id values under hostile input', () => {
  it(`write no prototype key and give one verdict in every engine (${runs} runs)`, () => {
    const generated = compile(record as never, options);
    const interpreted = compile(record as never, { ...options, codegen: false });
    const compact = compileCompact(record, options);
    const spec = createPrebidBidder(record as never, { ...options, log: () => {} });
    const request = { id: 'r', imp: [{ id: '1' }, { id: '2' }], site: { id: 's' } };
    fc.assert(
      fc.property(values, (entry) => {
        const a = generated.safeEnrich(request as never, entry, { allImps: true });
        const b = interpreted.safeEnrich(request as never, entry, { allImps: true });
        const c = compact.safeEnrich(request, entry, { allImps: true });
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        expect(c.ok).toBe(a.ok);
        if (!a.ok) expect(codes(c.ok ? [] : c.issues)).toEqual(codes(a.issues));
        else {
          expect(c.ok && c.request).toEqual(a.request);
          expect(keysOf(a.request).filter((found) => UNSAFE.includes(found))).toEqual([]);
          expect(keysOf(c.ok && c.request).filter((found) => UNSAFE.includes(found))).toEqual([]);
        }
        // The page: a bid whose params are refused is left out; one that is taken writes no prototype key either.
        const bids = [{ bidder: 'acme', bidId: 'b1', params: entry, mediaTypes: { banner: { sizes: [[300, 250]] } } }];
        const sent = spec.buildRequests(
          bids.filter((bid) => spec.isBidRequestValid(bid)),
          { bidderRequestId: 'br' },
        );
        expect(sent.length).toBe(a.ok ? 1 : 0);
        for (const one of sent) expect(keysOf(JSON.parse(one.data)).filter((found) => UNSAFE.includes(found))).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: runs },
    );
  });
});
