// The lite compile (Prebid bundle) must agree with the full one on every valid fixture adapter, and refuse
// every record whose shape the planner relies on is broken, with BidfieldsError only. It deliberately leaves
// keys it never reads (unknown keys, description, an empty display) to the full check.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { compile, validateAdapter, BidfieldsError } from '../../src/index.js';
import { compileLite } from '../../src/core/compile-lite.js';
import { isKnownHost } from '../../src/core/endpoint/check-endpoint.js';
import type { AdapterInput } from '../../src/index.js';

const cases = loadFixtures(path.resolve(import.meta.dirname, '../../fixtures')).flatMap((loaded) => loaded.cases);

describe('compileLite', () => {
  it('accepts every adapter the full compile accepts, with the same plan targets', () => {
    let compared = 0;
    for (const testCase of cases) {
      if (validateAdapter(testCase.adapter, testCase.compileOptions).length > 0) continue;
      const full = compile(testCase.adapter as AdapterInput, testCase.compileOptions);
      const lite = compileLite(testCase.adapter as AdapterInput, testCase.compileOptions);
      expect(lite.plan.fields.map((f) => [f.name, f.target, f.extPath])).toEqual(full.plan.fields.map((f) => [f.name, f.target, f.extPath]));
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('refuses, with BidfieldsError only, every adapter whose structure the full compile refuses', () => {
    for (const testCase of cases) {
      const issues = validateAdapter(testCase.adapter, testCase.compileOptions);
      const unread = (found: { code: string; path: string; message: string }) => found.code === 'schema' && (/unknown key|must NOT have fewer than 1 characters/.test(found.message) || found.path.endsWith('/description'));
      if (issues.length === 0 || issues.every(unread)) continue;
      try {
        const lite = compileLite(testCase.adapter as AdapterInput, testCase.compileOptions);
        // Raw spellings the URL parser repairs (white space, "https:host") are refused only by the full check;
        // the lite one must still have reached a known host.
        const repairedEndpoint = issues.every((found) => unread(found) || found.code === 'invalid_endpoint');
        if (repairedEndpoint && lite.endpoint && isKnownHost(lite.endpoint.hostname, testCase.compileOptions?.knownEndpoints ?? [])) continue;
        throw new Error(`${testCase.file} › ${testCase.name} compiled: ${JSON.stringify(issues)}`);
      } catch (error) {
        if (!(error instanceof BidfieldsError)) throw error;
      }
    }
  });

  it('refuses garbage in every position', () => {
    for (const bad of [null, 1, 'x', { protocol: 'rtb' }, { protocol: 'rtb', fields: [null] }, [{ name: 1, type: 'text', display: 'x' }], [{ name: 'a', type: 'select', display: 'x', options: [{ name: 'a', value: 'b' }] }], [{ name: 'a', type: 'number', display: 'x', min: '1' }]]) {
      expect(() => compileLite(bad as never)).toThrow(BidfieldsError);
    }
  });
});
