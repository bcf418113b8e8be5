// The generated enrichers. Which engine compile picks; the source (every name and value a JSON literal);
// the written module taken back by compile, and refused when made from another record; and the cases the property
// comparison cannot make from JSON: a polluted Object.prototype, null-prototype objects, nested revoked proxies,
// where both engines must still read own properties of plain objects only, and agree.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACEMENT_TIER } from '../../src/core/source/enricher.js';
import { compileCompact } from '../../src/core/compact/engine.js';
import { BidfieldsError, compile, validateAdapter, type AdapterRecord, type BidRequest, type EnricherModule } from '../../src/index.js';

const record: AdapterRecord = {
  protocol: 'prebid-server',
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher' },
    { name: 'bidder.zone', param: 'zone', type: 'number', display: 'Zone', alsoTo: ['predefinedRequestExt.zone'] },
  ],
  constants: [{ name: 'bidder.meta', value: { v: [1, { ok: true }] } }],
};
const values = { placementId: 'top', publisherId: 'pub', zone: '7' };
const loose = (request: unknown) => request as BidRequest;
const engines = () => [compile(record), compile(record, { codegen: false })] as const;

/** Imports a module's text, as a service would import the file `bidfields codegen` wrote. */
const load = async (text: string) => (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as EnricherModule;

describe('compile picks the engine', () => {
  it('generates code on Node, keeps the interpreter with codegen: false, and takes a written module', async () => {
    const [generated, interpreted] = engines();
    expect(generated.engine).toBe('generated');
    expect(interpreted.engine).toBe('interpreter');
    const fromModule = compile(record, { enricher: await load(interpreted.source()) });
    expect(fromModule.engine).toBe('module');
    const request = { id: 'r', site: { id: 's' }, imp: [{ id: '1' }] };
    const expected = interpreted.enrich(request, values);
    expect(generated.enrich(request, values)).toEqual(expected);
    expect(fromModule.enrich(request, values)).toEqual(expected);
    expect(fromModule.bind(values).enrich(request)).toEqual(expected);
    expect(expected.request).toEqual({
      id: 'r',
      site: { id: 's', publisher: { id: 'pub' } },
      imp: [{ id: '1', tagid: 'top', ext: { bidder: { zone: 7, meta: { v: [1, { ok: true }] } } } }],
      ext: { zone: 7 },
    });
  });

  it('prints the same source whichever engine runs, a module that imports nothing', () => {
    const [generated, interpreted] = engines();
    expect(generated.source()).toBe(interpreted.source());
    expect(generated.source()).toMatch(/^export const fingerprint = "[0-9a-f]{16}";$/m);
    expect(generated.source()).toMatch(/^export function enricher\(rt\) \{$/m);
    expect(generated.source()).not.toMatch(/^\s*import\b/m);
  });

  it('refuses a module generated from another record, or other compile options, or not a module (TypeError)', async () => {
    const other = await load(compile({ ...record, constants: [] }).source());
    expect(() => compile(record, { enricher: other })).toThrow(TypeError);
    const withBase = await load(compile(record, { extBase: ['prebid', 'bidder', 'acme'] }).source());
    expect(() => compile(record, { enricher: withBase })).toThrow(/another record, other compile options/);
    expect(() => compile(record, { enricher: {} as EnricherModule })).toThrow(/module written by `bidfields codegen`/);
  });

  it('writes every name and value as a JSON literal: none becomes code', () => {
    const hostile: AdapterRecord = {
      protocol: 'prebid-server',
      fields: [{ name: 'a-$.b_0', type: 'text', display: '</script><script>alert(1)</script>' }],
      constants: [{ name: 'c', value: { '"};alert(1);//': '`${alert(1)}`', '\u2028': '</script>' } }],
    };
    const adapter = compile(hostile);
    const source = adapter.source();
    expect(source).toContain('"a-$"');
    expect(source).toContain('{"\\"};alert(1);//": "`${alert(1)}`", "\\u2028": "\\u003c/script\\u003e"}');
    expect(source).not.toContain('</script>');
    const { request } = adapter.bind({ 'a-$.b_0': '"; throw 1; "' }).enrich(loose({ imp: [{}] }));
    expect(request.imp[0]!.ext).toEqual({ 'a-$': { b_0: '"; throw 1; "' }, c: { '"};alert(1);//': '`${alert(1)}`', '\u2028': '</script>' } });
  });
});

describe('a constant nested deep', () => {
  // 2,000 levels fit docs/spec.md#constants's 4,096 bytes; as a literal in the generated code such a value overflowed V8's stack on
  // every enrichment, and it blanked the console's preview: the record check now refuses past 32 levels.
  it('is refused past 32 levels, at the first level too deep', () => {
    const value = JSON.parse('['.repeat(2000) + ']'.repeat(2000));
    const deep: AdapterRecord = { protocol: 'prebid-server', fields: [], constants: [{ name: 'k', value }] };
    expect(validateAdapter(deep)).toMatchObject([{ code: 'schema', path: `/constants/0/value${'/0'.repeat(32)}`, field: 'k' }]);
    expect(() => compile(deep)).toThrow(BidfieldsError);
    // The page's record check (the record-taking Prebid.js bidder) runs the same rule.
    expect(() => compileCompact(deep)).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ code: 'schema', path: `/constants/0/value${'/0'.repeat(32)}` })] }),
    );
  });

  it("is written 32 levels deep by the generated code, a bound placement's own code and the written module as by the interpreter", async () => {
    const value = JSON.parse('['.repeat(32) + ']'.repeat(32));
    const deep: AdapterRecord = { protocol: 'prebid-server', fields: [{ name: 'zone', type: 'text', display: 'Zone' }], constants: [{ name: 'k', value }] };
    expect(validateAdapter(deep)).toEqual([]);
    // Compared as JSON: a recursive equality would overflow the stack itself.
    const sent = (adapter: { enrich(request: BidRequest, values: { zone: string }): { request: BidRequest } }) =>
      JSON.stringify(adapter.enrich(loose({ imp: [{}] }), { zone: 'a' }).request);
    const expected = sent(compile(deep, { codegen: false }));
    expect(expected).toBe(JSON.stringify({ imp: [{ ext: { zone: 'a', k: value } }] }));
    const adapter = compile(deep);
    expect(adapter.engine).toBe('generated');
    expect(sent(adapter)).toBe(expected);
    const placement = adapter.bind({ zone: 'a' });
    for (let i = 0; i < PLACEMENT_TIER.calls + 2; i++) placement.safeEnrich(loose({ imp: [{}] }));
    expect(JSON.stringify(placement.enrich(loose({ imp: [{}] })).request)).toBe(expected);
    expect(sent(compile(deep, { enricher: await load(adapter.source()) }))).toBe(expected);
  });
});

describe('own properties of plain objects only, on both engines', () => {
  const polluted = ['imp', 'site', 'ext', 'tagid', 'publisher', 'bidder', 'zone', 'placementId'];
  afterEach(() => {
    for (const key of polluted) delete (Object.prototype as Record<string, unknown>)[key];
  });

  it('ignores what a polluted Object.prototype holds, reading values, requests and writing', () => {
    const [generated, interpreted] = engines();
    // Warm the generated code on a clean prototype first, so V8 has optimised it for the usual case.
    const clean = { id: 'r', site: { id: 's' }, imp: [{ id: '1' }] };
    for (let i = 0; i < 2000; i++) generated.bind(values).enrich(clean);
    const proto = Object.prototype as Record<string, unknown>;
    proto.imp = [{ id: 'inherited' }];
    proto.ext = { zone: 'inherited' };
    proto.tagid = 'inherited';
    proto.publisher = 'not an object';
    proto.bidder = 'not an object';
    proto.placementId = 'inherited';
    for (const adapter of [generated, interpreted]) {
      expect(adapter.safeEnrich(loose({ id: 'r' }), values)).toMatchObject({ ok: false, issues: [{ code: 'no_imp', path: '/imp' }] });
      expect(adapter.safeEnrich(clean, { publisherId: 'pub' })).toMatchObject({ ok: false, issues: [{ code: 'missing_required', path: '/placementId' }] });
      const { request } = adapter.enrich(clean, values);
      expect(JSON.parse(JSON.stringify(request))).toEqual({
        id: 'r',
        site: { id: 's', publisher: { id: 'pub' } },
        imp: [{ id: '1', tagid: 'top', ext: { bidder: { zone: 7, meta: { v: [1, { ok: true }] } } } }],
        ext: { zone: 7 },
      });
      expect(Object.keys(request.imp[0]!.ext!)).toEqual(['bidder']);
    }
    const mutable = () => ({ id: 'r', site: { id: 's' }, imp: [{ id: '1' }] });
    const [a, b] = [mutable(), mutable()];
    generated.bind(values).enrich(a, { mutate: true });
    interpreted.bind(values).enrich(b, { mutate: true });
    expect(a).toEqual(b);
  });

  it('steps into null-prototype objects (their copies are plain objects), keeps own __proto__ keys as data, and agrees', () => {
    const request = () => {
      const ext = Object.assign(Object.create(null) as object, JSON.parse('{"__proto__": {"x": 1}, "bidder": {"__proto__": 2}}'));
      const site = Object.assign(Object.create(null) as object, { id: 's', publisher: Object.create(null) });
      return loose({ id: 'r', site, imp: [{ id: '1', ext }] });
    };
    const [generated, interpreted] = engines();
    const a = generated.enrich(request(), values).request;
    const b = interpreted.enrich(request(), values).request;
    expect(a).toEqual(b);
    const ext = a.imp[0]!.ext as Record<string, unknown>;
    expect(Object.getPrototypeOf(ext)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(ext)).toEqual(['__proto__', 'bidder']);
    expect(Object.getPrototypeOf(ext.bidder)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(ext.bidder)).toEqual(['__proto__', 'zone', 'meta']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reports a revoked proxy inside the request as a non-object on both engines (a non-plain object in the way), never throws', () => {
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    const [generated, interpreted] = engines();
    for (const request of [
      { imp: revoked() },
      { imp: [revoked()] },
      { imp: [{ ext: revoked() }] },
      { site: revoked(), imp: [{}] },
      { site: { publisher: revoked() }, imp: [{}] },
    ]) {
      const expected = interpreted.safeEnrich(loose(request), values);
      expect(expected.ok).toBe(false);
      expect(generated.safeEnrich(loose(request), values)).toEqual(expected);
      expect(generated.bind(values).safeEnrich(loose(request))).toEqual(expected);
    }
  });
});

describe('a large adapter', () => {
  it('reads values with the interpreter beyond 64 fields, with the same issues and results', () => {
    const fields = Array.from(
      { length: 65 },
      (_, i) => ({ name: `g${i % 5}.f${i}`, type: i % 2 ? 'number' : 'text', display: 'F', required: i === 64 }) as const,
    );
    const generated = compile({ protocol: 'prebid-server', fields: [...fields] });
    const interpreted = compile({ protocol: 'prebid-server', fields: [...fields] }, { codegen: false });
    expect(generated.source()).toContain('return judgeValues(rt.plan, values, base);');
    const request = { id: 'r', imp: [{ id: '1' }] };
    for (const values of [
      { 'g0.f0': 'a', 'g1.f1': 'x', nope: 1 },
      { 'g4.f64': 'b', 'g1.f1': '3' },
      Object.fromEntries(fields.map((field, i) => [field.name, i])),
    ]) {
      expect(generated.safeEnrich(request, values)).toEqual(interpreted.safeEnrich(request, values));
    }
  });
});

describe('a bound placement', () => {
  it("runs on its adapter's code until it is hot, then on code of its own, with the same results", () => {
    const adapter = compile(record);
    const made = vi.spyOn(adapter.enricher!, 'placement');
    const placement = adapter.bind(values);
    const request = { id: 'r', site: { id: 's' }, imp: [{ id: '1' }] };
    const first = placement.enrich(request);
    for (let i = 1; i < PLACEMENT_TIER.calls; i++) placement.safeEnrich(request);
    expect(made).not.toHaveBeenCalled();
    expect(placement.enrich(request)).toEqual(first);
    expect(made).toHaveBeenCalledTimes(1);
    expect(placement.enrich(request, { allImps: true })).toEqual(first);
    expect(made).toHaveBeenCalledTimes(1);
    // Bound once and used once (say, per request), it never makes code.
    adapter.bind(values).enrich(request);
    expect(made).toHaveBeenCalledTimes(1);
  });
});

describe('removals and derivations as generated code (docs/spec.md#removals, docs/spec.md#values-from-the-request)', () => {
  const stepsRecord: AdapterRecord = {
    protocol: 'rtb',
    fields: [
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', with: [{ name: 'predefinedImpExt.bidder.type', value: 'p' }] },
      { name: 'predefinedImpExt.bidder.pid', param: 'pid', type: 'text', display: 'Id' },
    ],
    remove: ['site.publisher', { path: 'user.ext', keep: ['consent'] }],
    derive: [
      { op: 'bannerSizeFromFormat', when: 'eitherMissing' },
      { op: 'copy', from: 'imp.ext.gpid', to: 'predefinedImpExt.bidder.gpid' },
      { op: 'copy', from: 'site.page', to: 'prd.appSiteId', when: 'absent' },
      { op: 'copy', from: 'user.ext', to: 'prd.impTagId' },
    ],
  };
  const request = () => ({
    id: 'r',
    site: { page: 'https://p.example/', publisher: { id: 'pub' } },
    user: { ext: { consent: 'c', eids: [] } },
    imp: [
      { id: '1', banner: { format: [{ w: 300, h: 250 }] }, ext: { gpid: '/1/a' } },
      { id: '2', banner: { w: 1, format: [{ w: 728, h: 90 }] }, ext: { gpid: 7 } },
    ],
  });

  it('writes them into the enricher (and its module) only for a record that has them', () => {
    expect(compile(stepsRecord).source()).toMatch(/function steps\(request, imps, report, given\)/);
    expect(compile(stepsRecord).source()).toMatch(/return \{ apply, judge, steps \};/);
    expect(compile(record).source()).not.toMatch(/function steps/);
    // Every path is a JSON literal in the code; the judgements are calls into the steps' operations.
    expect(compile(stepsRecord).source()).toMatch(/\$sizeWanted\("eitherMissing"/);
  });

  it("gives the interpreter's verdict on every engine: generated, written module, bound placement, mutate", async () => {
    const interpreted = compile(stepsRecord, { codegen: false });
    const generated = compile(stepsRecord);
    const fromModule = compile(stepsRecord, { enricher: await load(interpreted.source()) });
    const values = { placementId: 'top', pid: 'x' };
    const given = request();
    const expected = interpreted.safeEnrich(loose(given), values, { allImps: true });
    expect(given).toEqual(request());
    expect(expected.ok && expected.request).toEqual({
      id: 'r',
      site: { page: 'https://p.example/', id: 'https://p.example/' },
      user: { ext: { consent: 'c' } },
      imp: [
        {
          id: '1',
          banner: { format: [{ w: 300, h: 250 }], w: 300, h: 250 },
          ext: { gpid: '/1/a', bidder: { gpid: '/1/a', pid: 'x', type: 'p' } },
          tagid: 'top',
        },
        { id: '2', banner: { w: 728, format: [{ w: 728, h: 90 }], h: 90 }, ext: { gpid: 7, bidder: { gpid: 7, pid: 'x', type: 'p' } }, tagid: 'top' },
      ],
    });
    // An object is no text: the copy into the tag id is skipped (the field writes it), once per imp.
    expect(expected.warnings.map((found) => `${found.code} ${found.path}`)).toEqual(['copy_skipped /user/ext', 'copy_skipped /user/ext']);
    for (const adapter of [generated, fromModule]) {
      expect(adapter.safeEnrich(loose(given), values, { allImps: true })).toEqual(expected);
      // A placement's own code (made at its first call here), which runs the adapter's steps.
      PLACEMENT_TIER.calls = 0;
      expect(adapter.bind(values).safeEnrich(loose(given), { allImps: true })).toEqual(expected);
      PLACEMENT_TIER.calls = 1000;
      const mine = request();
      const inPlace = adapter.safeEnrich(loose(mine), values, { allImps: true, mutate: true });
      expect(inPlace).toEqual(expected);
      expect(inPlace.ok && inPlace.request).toBe(mine);
    }
    expect(given).toEqual(request());
  });
});
