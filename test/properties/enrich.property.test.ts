// Property tests over generated hostile definitions, values and requests (fast-check). Runs 100,000 cases in
// CI (CI=true) and 2,000 by default; PROPERTY_RUNS overrides. Asserts: only BidfieldsError is ever thrown;
// inputs are never changed; Object.prototype, Function.prototype and built-in methods are unchanged after every
// case; the output differs from the input only at the planned targets.
import fc from 'fast-check';
import { isEqual } from 'lodash-es';
import { describe, expect, it } from 'vitest';
import { BidfieldsError, compile, validateAdapter } from '../../src/index.js';
import { compileLite } from '../../src/core/compile-lite.js';
import { diffPaths } from '../../src/conformance/check-outcome.js';
import type { AdapterInput, BidRequest, CompiledAdapter, FieldValues } from '../../src/index.js';
import { adapterInput, request, valuesFor } from './generators.js';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 100_000 : 2_000));

function builtinsSnapshot() {
  const snap: Record<string, unknown> = {};
  for (const [label, target] of [['Object.prototype', Object.prototype], ['Function.prototype', Function.prototype], ['Array.prototype', Array.prototype], ['String.prototype', String.prototype], ['Object', Object], ['JSON', JSON]] as const) {
    for (const key of Reflect.ownKeys(target)) {
      const d = Object.getOwnPropertyDescriptor(target, key)!;
      snap[`${label}.${String(key)}`] = d.value ?? d.get;
    }
    snap[`${label} keys`] = Reflect.ownKeys(target).length;
    snap[`${label} proto`] = Object.getPrototypeOf(target);
  }
  return snap;
}
const builtins = builtinsSnapshot();

/** JSON Pointer prefixes that enrichment may change. */
const TARGETS = [/^\/imp\/\d+\/tagid$/, /^\/imp\/\d+\/ext(\/|$)/, /^\/imp\/\d+$/, /^\/(app|site|dooh)\/id$/, /^\/(app|site|dooh)\/publisher(\/id)?$/, /^\/(app|site|dooh)$/];

function only<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof BidfieldsError) return undefined;
    throw error;
  }
}

function check(adapterIn: unknown, values: unknown, req: unknown, compiler: typeof compile) {
  const before = structuredClone({ adapterIn, values, req });
  validateAdapter(adapterIn);
  const adapter: CompiledAdapter | undefined = only(() => compiler(adapterIn as AdapterInput));
  if (adapter) {
    adapter.validateValues(values as FieldValues);
    for (const options of [undefined, { allImps: true }]) {
      const result = adapter.safeEnrich(req as BidRequest, values as FieldValues, options);
      only(() => adapter.enrich(req as BidRequest, values as FieldValues, options));
      const bound = only(() => adapter.bind(values as FieldValues));
      if (bound) only(() => bound.enrich(req as BidRequest, options));
      if (result.ok) {
        for (const line of diffPaths(req, result.request, '', [], 1000)) {
          const at = line.slice(0, line.indexOf(': expected'));
          if (!TARGETS.some((target) => target.test(at))) throw new Error(`changed outside the plan: ${line}`);
          if (!options?.allImps && /^\/imp\/[1-9]/.test(at)) throw new Error(`changed an imp other than imp[0]: ${line}`);
        }
      }
    }
  }
  if (!isEqual(before, { adapterIn, values, req })) throw new Error('an input was changed');
  if (!isEqual(builtins, builtinsSnapshot())) throw new Error('a built-in was changed');
  if (({} as Record<string, unknown>).x !== undefined || Object.keys(Object.prototype).length > 0) throw new Error('Object.prototype polluted');
}

const scenario = adapterInput.chain((adapterIn) => {
  const names = Array.isArray(adapterIn) ? adapterIn.map((f) => (f as { name?: unknown })?.name).filter((n): n is string => typeof n === 'string') : [];
  return fc.tuple(fc.constant(adapterIn), valuesFor(names), request);
});

describe(`properties over generated hostile inputs (${runs} runs each)`, () => {
  it('compile + enrich: only BidfieldsError, inputs and built-ins unchanged, changes only at planned targets', () => {
    fc.assert(fc.property(scenario, ([adapterIn, values, req]) => check(adapterIn, values, req, compile)), { numRuns: runs });
  }, 900_000);
  it('the same through compileLite (the Prebid bundle path)', () => {
    fc.assert(fc.property(scenario, ([adapterIn, values, req]) => check(adapterIn, values, req, compileLite)), { numRuns: Math.ceil(runs / 4) });
  }, 900_000);
  it('finds valid adapters and successful enrichments often enough to mean something', () => {
    let compiled = 0;
    fc.assert(fc.property(scenario, ([adapterIn]) => void (only(() => compile(adapterIn as AdapterInput)) && compiled++)), { numRuns: 2000, seed: 20261121 });
    expect(compiled).toBeGreaterThan(40);
  });
});
