// Issue 23, one verdict: the generated enrichers (code made from each adapter's plan, run with new Function) against
// the interpreter (codegen: false), on generated hostile and clean records, values and requests (prototype keys in
// names and in JSON.parse'd requests, non-objects where objects belong). For every scenario both give exactly the
// same answer: `safeEnrich` (imp[0] and allImps), a bound placement's, `enrichImps` with values objects, placements
// and nulls, and `mutate` (the results and the caller's request afterwards, even when refused). "Exactly": the same
// own keys in the same order, the same prototypes and property attributes, `Object.is` for every value, and the same
// objects shared with the input (copy-on-write). 100,000 runs in CI (CI=true), 2,000 by default; PROPERTY_RUNS overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BidfieldsError, compile } from '../../src/index.js';
import { same } from './exact.js';
import type { AdapterInput, BidRequest, BoundAdapter, CompiledAdapter, FieldValues, PerImpValues, SafeEnrichResult } from '../../src/index.js';
import { PLACEMENT_TIER } from '../../src/core/source/enricher.js';
import {
  adapterInput,
  cleanStepsAdapterInput as cleanAdapterInput,
  cleanRequest,
  cleanValuesFor,
  request,
  treeAdapterInput,
  treeRequest,
  valuesFor,
} from './generators.js';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 100_000 : 2_000));

/** A copy of a JSON request for an in-place call (JSON.parse keeps own __proto__ keys as data, as the generators make them). */
const copy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const counted = { enrichOk: 0, enrichRefused: 0, boundOk: 0, mutateOk: 0, impsOk: 0, impsRefused: 0 };
const count = (result: unknown, ok: keyof typeof counted, refused?: keyof typeof counted) => {
  if ((result as SafeEnrichResult | undefined)?.ok) counted[ok]++;
  else if (refused) counted[refused]++;
};

let scenarios = 0;
function compare(adapterIn: unknown, values: unknown, req: unknown, perImp: unknown[]) {
  // A bound placement runs on its adapter's code until it is hot, then on its own: every other scenario, at once.
  PLACEMENT_TIER.calls = scenarios++ % 2 ? 0 : 1000;
  let generated: CompiledAdapter | undefined;
  let interpreter: CompiledAdapter | undefined;
  same(
    'compile',
    undefined,
    () => (generated = compile(adapterIn as AdapterInput, { codegen: true })).warnings,
    () => (interpreter = compile(adapterIn as AdapterInput, { codegen: false })).warnings,
  );
  if (!generated || !interpreter) return;
  if (generated.engine !== 'generated' || interpreter.engine !== 'interpreter') throw new Error(`engines: ${generated.engine}, ${interpreter.engine}`);
  const g = generated;
  const i = interpreter;
  const fieldValues = values as FieldValues;
  const bidRequest = req as BidRequest;
  for (const options of [undefined, { allImps: true }]) {
    count(
      same(
        'safeEnrich',
        req,
        () => g.safeEnrich(bidRequest, fieldValues, options),
        () => i.safeEnrich(bidRequest, fieldValues, options),
      ),
      'enrichOk',
      'enrichRefused',
    );
    // In place: the results, and what each left of its own copy of the request.
    const [mineG, mineI] = [copy(req), copy(req)] as BidRequest[];
    const inPlace = same(
      'safeEnrich mutate',
      mineG,
      () => [g.safeEnrich(mineG!, fieldValues, { ...options, mutate: true }), mineG],
      () => [i.safeEnrich(mineI!, fieldValues, { ...options, mutate: true }), mineI],
      mineI,
    );
    count((inPlace as unknown[] | undefined)?.[0], 'mutateOk');
    let boundG: BoundAdapter | undefined;
    let boundI: BoundAdapter | undefined;
    same(
      'bind',
      undefined,
      () => void (boundG = g.bind(fieldValues)),
      () => void (boundI = i.bind(fieldValues)),
    );
    if (boundG && boundI) {
      const [bg, bi] = [boundG, boundI];
      count(
        same(
          'bound safeEnrich',
          req,
          () => bg.safeEnrich(bidRequest, options),
          () => bi.safeEnrich(bidRequest, options),
        ),
        'boundOk',
      );
      same(
        'bound enrich',
        req,
        () => bg.enrich(bidRequest, options),
        () => bi.enrich(bidRequest, options),
      );
      const [mineG2, mineI2] = [copy(req), copy(req)] as BidRequest[];
      same(
        'bound mutate',
        mineG2,
        () => [bg.safeEnrich(mineG2!, { ...options, mutate: true }), mineG2],
        () => [bi.safeEnrich(mineI2!, { ...options, mutate: true }), mineI2],
        mineI2,
      );
    }
  }
  // Values per imp: values objects and nulls as generated; and each valid values object also as its placement.
  const placementsOf = (adapter: CompiledAdapter): PerImpValues =>
    perImp.map((entry, index) => {
      if (index % 2 === 0 || entry === null || entry === undefined) return entry as FieldValues;
      try {
        return adapter.bind(entry as FieldValues);
      } catch (error) {
        if (!(error instanceof BidfieldsError)) throw error;
        return entry as FieldValues;
      }
    });
  const [entriesG, entriesI] = [placementsOf(g), placementsOf(i)];
  count(
    same(
      'safeEnrichImps',
      req,
      () => g.safeEnrichImps(bidRequest, entriesG),
      () => i.safeEnrichImps(bidRequest, entriesI),
    ),
    'impsOk',
    'impsRefused',
  );
  same(
    'enrichImps',
    req,
    () => g.enrichImps(bidRequest, entriesG),
    () => i.enrichImps(bidRequest, entriesI),
  );
  const [mineG, mineI] = [copy(req), copy(req)] as BidRequest[];
  same(
    'safeEnrichImps mutate',
    mineG,
    () => [g.safeEnrichImps(mineG!, entriesG, { mutate: true }), mineG],
    () => [i.safeEnrichImps(mineI!, entriesI, { mutate: true }), mineI],
    mineI,
  );
  // Entries from the other engine's adapter are another adapter's placements: refused alike.
  same(
    "another adapter's placements",
    req,
    () => g.safeEnrichImps(bidRequest, entriesI),
    () => i.safeEnrichImps(bidRequest, entriesG),
  );
}

const fieldsOf = (adapterIn: unknown): unknown[] => {
  const fields = Array.isArray(adapterIn) ? adapterIn : (adapterIn as { fields?: unknown })?.fields;
  return Array.isArray(fields) ? fields : [];
};
const keysOf = (fields: unknown[]) =>
  fields.flatMap((f) => [(f as { name?: unknown })?.name, (f as { param?: unknown })?.param]).filter((n): n is string => typeof n === 'string');

/** Records, with values that fit often (and hostile ones), requests of every shape, and values per imp. */
const scenarioOf = (adapters: fc.Arbitrary<unknown>, requests: fc.Arbitrary<unknown>) =>
  adapters.chain((adapterIn) => {
    const fields = fieldsOf(adapterIn);
    const values = fc.oneof(valuesFor(keysOf(fields)), cleanValuesFor(fields), cleanValuesFor(fields), cleanValuesFor(fields));
    return fc.tuple(fc.constant(adapterIn), values, requests, fc.array(fc.oneof(values, fc.constant(null)), { maxLength: 4 }));
  });
/**
 * Hostile records (which mostly fail to compile) and clean ones (which compile often) on hostile and clean requests;
 * and records whose targets share ext paths, on requests with non-objects in the way.
 */
const scenario = fc.oneof(
  scenarioOf(fc.oneof(adapterInput, cleanAdapterInput, cleanAdapterInput, cleanAdapterInput), fc.oneof(request, cleanRequest, cleanRequest)),
  scenarioOf(treeAdapterInput, fc.oneof(treeRequest, treeRequest, cleanRequest)),
);

describe(`the generated enrichers against the interpreter (${runs} runs)`, () => {
  it('give exactly the same results, issues, warnings and in-place writes, and share the same input objects', () => {
    try {
      fc.assert(
        fc.property(scenario, ([adapterIn, values, req, perImp]) => compare(adapterIn, values, req, perImp)),
        { numRuns: runs },
      );
    } finally {
      PLACEMENT_TIER.calls = 1000;
    }
    // The comparison must have compared successes and refusals of every entry point, many times.
    const least = Math.min(50, Math.ceil(runs / 400));
    for (const [what, times] of Object.entries(counted)) expect({ what, times: times > least }).toEqual({ what, times: true });
  }, 1_800_000);
});
