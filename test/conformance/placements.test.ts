// The enrich fixtures through a bound placement on its own generated code (docs/spec.md#removals): `bind(values)`,
// the placement made hot at once (PLACEMENT_TIER 0), then its `safeEnrich`. A placement whose record removes or
// derives enriches one imp in one write tree (core/source/emit-one.ts), a path the adapter-level runs of the other
// engines never take; it must give every fixture's verdict too. Values that do not bind are the adapter's refusal
// (`bind` throws; `safeEnrich` with them reports the same issues with the request's own), so those cases run there.
import { afterAll, beforeAll, describe } from 'vitest';
import { compile } from '../../src/index.js';
import type { AdapterInput, BidRequest, FieldValues } from '../../src/index.js';
import { PLACEMENT_TIER } from '../../src/core/source/enricher.js';
import { refused } from '../../src/conformance/implementations/refused.js';
import type { Implementation, Outcome } from '../../src/conformance/types.js';
import { conformanceSuite } from './suite.js';

const placements: Implementation = {
  name: 'generated-placement',
  kinds: ['enrich'],
  run(testCase): Outcome {
    if (testCase.kind !== 'enrich') throw new Error(`not an enrich case: ${testCase.kind}`);
    let adapter;
    try {
      adapter = compile(testCase.adapter as AdapterInput, { ...testCase.compileOptions, codegen: true });
    } catch (error) {
      return refused(error);
    }
    if (adapter.engine !== 'generated') throw new Error(`the adapter runs on the ${adapter.engine} engine`);
    const values = (testCase.values ?? {}) as FieldValues;
    let placement;
    try {
      placement = adapter.bind(values);
    } catch {
      placement = { safeEnrich: (request: BidRequest, options?: typeof testCase.options) => adapter.safeEnrich(request, values, options) };
    }
    const result = placement.safeEnrich(testCase.request as BidRequest, testCase.options);
    const warnings = [...adapter.warnings, ...result.warnings];
    return result.ok ? { ok: true, request: result.request, warnings } : { ok: false, issues: result.issues, warnings };
  },
};

describe('conformance fixtures: enrich cases through a bound placement on its own generated code', () => {
  beforeAll(() => void (PLACEMENT_TIER.calls = 0));
  afterAll(() => void (PLACEMENT_TIER.calls = 1000));
  conformanceSuite(placements, placements.kinds);
});
