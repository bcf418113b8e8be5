// The lite compile (Prebid bundle) must agree with the full one on every valid fixture adapter, and refuse
// structurally broken records with issues instead of throwing something else.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { compile, validateAdapter, BidfieldsError } from '../../src/index.js';
import { compileLite } from '../../src/core/compile-lite.js';
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
      if (issues.length === 0 || issues.every((found) => found.code === 'schema' && /unknown key|must NOT have fewer than 1 characters/.test(found.message))) continue;
      try {
        compileLite(testCase.adapter as AdapterInput, testCase.compileOptions);
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
