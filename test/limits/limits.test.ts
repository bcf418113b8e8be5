// Limits: big and deep inputs are handled in bounded time, with a clear issue where they must be refused, and
// never a stack overflow. Times are generous upper bounds (a shared CI machine), not benchmarks.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { BidfieldsError, compile, compilePrebidServer, safeBuildRtbRequest, safeBuildRtbRequests, validateAdapter } from '../../src/index.js';
import { compileCompact } from '../../src/core/compact/engine.js';
import type { BidRequest, FieldDefinition } from '../../src/index.js';

const timed = <T>(run: () => T): [T, number] => {
  const t0 = performance.now();
  const result = run();
  return [result, performance.now() - t0];
};

describe('limits', () => {
  it('compiles a 10,000-field definition and enriches with all values', () => {
    const fields: FieldDefinition[] = Array.from({ length: 10_000 }, (_, i) => ({ name: `g${i % 100}.f${i}`, type: 'number', display: `F${i}` }));
    const [adapter, ms] = timed(() => compile(fields));
    expect(ms).toBeLessThan(2000);
    // The compact engine (Prebid bundle) checks names in linear time too.
    const [compact, compactMs] = timed(() => compileCompact(fields));
    expect(compactMs).toBeLessThan(2000);
    const values = Object.fromEntries(fields.map((f, i) => [f.name, i]));
    const [result, enrichMs] = timed(() => adapter.enrich({ id: 'r', imp: [{ id: '1' }] }, values));
    expect(enrichMs).toBeLessThan(2000);
    expect((result.request.imp[0]!.ext as Record<string, Record<string, number>>).g7!.f9907).toBe(9907);
    const [compactResult, compactEnrichMs] = timed(() => compact.safeEnrich({ id: 'r', imp: [{ id: '1' }] }, values));
    expect(compactEnrichMs).toBeLessThan(2000);
    expect(compactResult).toEqual({ ok: true, request: result.request, warnings: [] });
  });

  it('reports every conflict of a 10,000-field definition in linear time', () => {
    const fields = Array.from({ length: 10_000 }, (_, i) => ({ name: i % 2 ? `a${i - 1}.x` : `a${i}`, type: 'text', display: 'x' }));
    const [issues, ms] = timed(() => validateAdapter(fields));
    expect(ms).toBeLessThan(2000);
    expect(issues.filter((found) => found.code === 'name_conflict')).toHaveLength(5000);
    const [compactIssues, compactMs] = timed(() => {
      try {
        return compileCompact(fields) && [];
      } catch (error) {
        return (error as BidfieldsError).issues;
      }
    });
    expect(compactMs).toBeLessThan(2000);
    expect(compactIssues.filter((found) => found.code === 'name_conflict')).toHaveLength(5000);
  });

  it('reports 40,000 fields that lack a display and share a name in linear time', () => {
    // ajv's item errors were gathered by concat, and each record problem was checked against every schema error: 11 s.
    const fields = Array.from({ length: 40_000 }, () => ({ name: 'a', type: 'text' }));
    const [issues, ms] = timed(() => validateAdapter(fields));
    expect(ms).toBeLessThan(2000);
    expect(issues).toHaveLength(79_999);
    expect(issues.filter((found) => found.code === 'duplicate_name')).toHaveLength(39_999);
  });

  it('enriches a 1 MB request without copying what it does not touch', () => {
    const imp = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), banner: { w: 300, h: 250 }, ext: { note: 'x'.repeat(400) } }));
    const request = { id: 'big', imp, site: { id: 's' }, user: { keywords: 'y'.repeat(100_000) } } as unknown as BidRequest;
    expect(JSON.stringify(request).length).toBeGreaterThan(1_000_000);
    const adapter = compile([{ name: 'prd.impTagId', type: 'text', display: 'Tag' }]);
    const [result, ms] = timed(() => adapter.enrich(request, { 'prd.impTagId': 't' }));
    expect(ms).toBeLessThan(50);
    expect(result.request.imp[1]).toBe(request.imp[1]);
    expect(result.request.user).toBe(request.user);
  });

  it('enriches a request nested 10,000 levels deep (only planned paths are walked)', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 10_000; i++) deep = deep.a = {} as Record<string, unknown>;
    const request = { id: 'deep', imp: [{ id: '1', ext: { deep: root } }], user: { nested: root } } as unknown as BidRequest;
    const adapter = compile([{ name: 'zone', type: 'number', display: 'Zone' }]);
    const result = adapter.enrich(request, { zone: 1 });
    expect((result.request.imp[0]!.ext as Record<string, unknown>).deep).toBe(root);
    // A field path through the deep structure is refused by the name limit, not walked.
    expect(validateAdapter([{ name: Array(10_000).fill('a').join('.'), type: 'text', display: 'x' }])).toMatchObject([{ code: 'schema', path: '/0/name' }]);
    expect(() => compileCompact([{ name: Array(10_000).fill('a').join('.'), type: 'text', display: 'x' }])).toThrow(/name/);
  });

  it('refuses a values object with 100,000 unknown keys with one issue each, in linear time', () => {
    const adapter = compile([{ name: 'zone', type: 'number', display: 'Zone' }]);
    const values = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    const [issues, ms] = timed(() => adapter.validateValues(values));
    expect(ms).toBeLessThan(1000);
    expect(issues).toHaveLength(100_000);
    expect(issues.at(-1)).toMatchObject({ code: 'unknown_field', path: '/k99999', field: 'k99999' });
    const [compactIssues, compactMs] = timed(() => compileCompact([{ name: 'zone', type: 'number', display: 'Zone' }]).validateValues(values));
    expect(compactMs).toBeLessThan(1000);
    expect(compactIssues.map((found) => [found.code, found.path])).toEqual(issues.map((found) => [found.code, found.path]));
  });

  // `issues.push(...found)` passes each issue as an argument: past about 100,000 it threw a RangeError out of these
  // non-throwing APIs (and compilePrebidServer's BidfieldsError became one).
  it('gathers 300,000 issues of one input into a list, not into the arguments of a call', () => {
    const keys = (prefix: string) => Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`${prefix}${i}`, i]));
    const fields: FieldDefinition[] = [{ name: 'zone', type: 'number', display: 'Zone' }];
    expect(validateAdapter({ protocol: 'prebid-server', fields, ...keys('k') })).toHaveLength(300_000);
    expect(validateAdapter({ protocol: 'prebid-server', fields, ...keys('k') }, { strict: false })).toEqual([]);
    const thrown = (() => {
      try {
        return compilePrebidServer({ protocol: 'prebid-server', fields, ...keys('k') });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(BidfieldsError);
    expect((thrown as BidfieldsError).issues).toHaveLength(300_000);
    const request: BidRequest = { id: 'r', imp: [{ id: '1' }] };
    expect(compile(fields).safeEnrichImps(request, [keys('k')])).toMatchObject({ ok: false, issues: { length: 300_000 } });
    expect(compile(fields, { codegen: false }).safeEnrichImps(request, [keys('k')])).toMatchObject({ ok: false, issues: { length: 300_000 } });
    const rtb = compile({ protocol: 'rtb', endpoint: 'https://rtb.example/bid', fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }] }, { knownEndpoints: ['rtb.example'] });
    expect(safeBuildRtbRequest(rtb, request, keys('k'))).toMatchObject({ ok: false, issues: { length: 300_000 } });
    expect(safeBuildRtbRequests(rtb, request, [keys('k')])).toMatchObject({ ok: false, issues: { length: 300_000 } });
  }, 60_000);
});
