// Limits: big and deep inputs are handled in linear time, with a clear issue where they must be refused, and
// never a stack overflow. Linear is judged by growth (test/support/growth.ts): the same work at an eighth of the
// size and at the size, in the same test, never by a clock compared with a constant (a shared CI machine).
import { describe, expect, it } from 'vitest';
import { growth, linearBound } from '../support/growth.js';
import { BidfieldsError, compile, compilePrebidServer, safeBuildRtbRequest, safeBuildRtbRequests, validateAdapter } from '../../src/index.js';
import { compileCompact } from '../../src/core/compact/engine.js';
import type { BidRequest, FieldDefinition } from '../../src/index.js';

const numberFields = (count: number): FieldDefinition[] =>
  Array.from({ length: count }, (_, i) => ({ name: `g${i % 100}.f${i}`, type: 'number', display: `F${i}` }));
const valuesOf = (fields: readonly FieldDefinition[]) => Object.fromEntries(fields.map((f, i) => [f.name, i]));
const compactIssues = (input: unknown) => {
  try {
    return compileCompact(input) && [];
  } catch (error) {
    return (error as BidfieldsError).issues;
  }
};

describe('limits', () => {
  it('compiles a 10,000-field definition and enriches with all values', async () => {
    const fields = numberFields(10_000);
    const adapter = compile(fields);
    const compact = compileCompact(fields);
    const values = valuesOf(fields);
    const result = adapter.enrich({ id: 'r', imp: [{ id: '1' }] }, values);
    expect((result.request.imp[0]!.ext as Record<string, Record<string, number>>).g7!.f9907).toBe(9907);
    expect(compact.safeEnrich({ id: 'r', imp: [{ id: '1' }] }, values)).toEqual({ ok: true, request: result.request, warnings: [] });
    // Each step grows linearly with the fields: 1,250 and 10,000 of them. The compact engine (Prebid bundle) too.
    expect(await growth(numberFields, (input) => compile(input), 1250)).toBeLessThan(linearBound());
    expect(await growth(numberFields, (input) => compileCompact(input), 1250)).toBeLessThan(linearBound());
    const withValues = (count: number) => {
      const input = numberFields(count);
      return { adapter: compile(input), compact: compileCompact(input), values: valuesOf(input) };
    };
    expect(await growth(withValues, (made) => made.adapter.enrich({ id: 'r', imp: [{ id: '1' }] }, made.values), 1250)).toBeLessThan(linearBound());
    expect(await growth(withValues, (made) => made.compact.safeEnrich({ id: 'r', imp: [{ id: '1' }] }, made.values), 1250)).toBeLessThan(linearBound());
  });

  it('reports every conflict of a 10,000-field definition in linear time', async () => {
    const conflicting = (count: number) => Array.from({ length: count }, (_, i) => ({ name: i % 2 ? `a${i - 1}.x` : `a${i}`, type: 'text', display: 'x' }));
    const fields = conflicting(10_000);
    expect(validateAdapter(fields).filter((found) => found.code === 'name_conflict')).toHaveLength(5000);
    expect(compactIssues(fields).filter((found) => found.code === 'name_conflict')).toHaveLength(5000);
    expect(await growth(conflicting, (input) => validateAdapter(input), 1250)).toBeLessThan(linearBound());
    expect(await growth(conflicting, compactIssues, 1250)).toBeLessThan(linearBound());
  });

  it('reports 40,000 fields that lack a display and share a name in linear time', async () => {
    // ajv's item errors were gathered by concat, and each record problem was checked against every schema error: 11 s.
    const undisplayed = (count: number) => Array.from({ length: count }, () => ({ name: 'a', type: 'text' }));
    const issues = validateAdapter(undisplayed(40_000));
    expect(await growth(undisplayed, (input) => validateAdapter(input), 5000)).toBeLessThan(linearBound());
    expect(issues).toHaveLength(79_999);
    expect(issues.filter((found) => found.code === 'duplicate_name')).toHaveLength(39_999);
  });

  it('enriches a 1 MB request without copying what it does not touch', () => {
    const imp = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), banner: { w: 300, h: 250 }, ext: { note: 'x'.repeat(400) } }));
    const request = { id: 'big', imp, site: { id: 's' }, user: { keywords: 'y'.repeat(100_000) } } as unknown as BidRequest;
    expect(JSON.stringify(request).length).toBeGreaterThan(1_000_000);
    const adapter = compile([{ name: 'prd.impTagId', type: 'text', display: 'Tag' }]);
    const result = adapter.enrich(request, { 'prd.impTagId': 't' });
    // What it does not touch is the caller's own objects, not copies of them.
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

  it('refuses a values object with 100,000 unknown keys with one issue each, in linear time', async () => {
    const adapter = compile([{ name: 'zone', type: 'number', display: 'Zone' }]);
    const compact = compileCompact([{ name: 'zone', type: 'number', display: 'Zone' }]);
    const unknownKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
    const values = unknownKeys(100_000);
    const issues = adapter.validateValues(values);
    expect(issues).toHaveLength(100_000);
    expect(issues.at(-1)).toMatchObject({ code: 'unknown_field', path: '/k99999', field: 'k99999' });
    expect(compact.validateValues(values).map((found) => [found.code, found.path])).toEqual(issues.map((found) => [found.code, found.path]));
    expect(await growth(unknownKeys, (input) => adapter.validateValues(input), 12_500)).toBeLessThan(linearBound());
    expect(await growth(unknownKeys, (input) => compact.validateValues(input), 12_500)).toBeLessThan(linearBound());
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
    const rtb = compile(
      { protocol: 'rtb', endpoint: 'https://rtb.example/bid', fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }] },
      { knownEndpoints: ['rtb.example'] },
    );
    expect(safeBuildRtbRequest(rtb, request, keys('k'))).toMatchObject({ ok: false, issues: { length: 300_000 } });
    expect(safeBuildRtbRequests(rtb, request, [keys('k')])).toMatchObject({ ok: false, issues: { length: 300_000 } });
  }, 60_000);
});
