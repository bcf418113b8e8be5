// Property tests over generated hostile definitions, values and requests (fast-check). Runs 100,000 cases in
// CI (CI=true) and 2,000 by default; PROPERTY_RUNS overrides. Asserts: only BidfieldsError is ever thrown;
// inputs are never changed; Object.prototype, Function.prototype and built-in methods are unchanged after every
// case; the output differs from the input only at the planned targets. And the compact engine (the Prebid
// bundle's) agrees with the full one: the same issues for every record without authoring issues, the same
// values issues and enrich results whenever the full engine compiles the record.
import fc from 'fast-check';
import { isEqual } from 'lodash-es';
import { describe, expect, it } from 'vitest';
import { BidfieldsError, compile, validateAdapter } from '../../src/index.js';
import { compileCompact, type CompactAdapter } from '../../src/core/compact/engine.js';
import { leftToValidateAdapter } from '../../src/conformance/implementations/compact.js';
import { diffPaths } from '../../src/conformance/check-outcome.js';
import type { AdapterInput, BidRequest, CompiledAdapter, FieldValues, Issue } from '../../src/index.js';
import { adapterInput, cleanStepsAdapterInput as cleanAdapterInput, cleanRequest, cleanValuesFor, request, valuesFor } from './generators.js';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 100_000 : 2_000));

function builtinsSnapshot() {
  const snap: Record<string, unknown> = {};
  for (const [label, target] of [
    ['Object.prototype', Object.prototype],
    ['Function.prototype', Function.prototype],
    ['Array.prototype', Array.prototype],
    ['String.prototype', String.prototype],
    ['Object', Object],
    ['JSON', JSON],
  ] as const) {
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
const TARGETS = [
  /^\/imp\/\d+\/tagid$/,
  /^\/imp\/\d+\/ext(\/|$)/,
  /^\/imp\/\d+$/,
  /^\/(app|site|dooh)\/id$/,
  // The publisher object: its id written, or the object removed or cut down to the keys a `remove` entry keeps.
  /^\/(app|site|dooh)\/publisher(\/|$)/,
  /^\/(app|site|dooh)$/,
  /^\/ext(\/|$)/,
  // Removals and derivations (docs/spec.md#removals, docs/spec.md#values-from-the-request) and typed targets
  // (docs/spec.md#more-openrtb-targets): what a record may remove, a banner's size and position, the other typed places.
  /^\/imp\/\d+\/banner(\/(w|h|pos))?$/,
  /^\/imp\/\d+\/(bidfloor|bidfloorcur|secure|displaymanager|displaymanagerver)$/,
  /^\/(bcat|badv|bapp)$/,
  /^\/(source|user)(\/ext(\/|$)|$)/,
  /^\/(app|site|dooh)\/(domain|ext(\/|$))/,
];

function only<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof BidfieldsError) return undefined;
    throw error;
  }
}

/** Throws when the result differs from the request outside the planned targets, or in an imp not enriched. */
function onlyTargets(
  req: unknown,
  result: { ok: boolean; request?: unknown },
  options: { allImps?: boolean } | undefined,
  enriched?: (index: number) => boolean,
) {
  if (!result.ok) return;
  for (const line of diffPaths(req, result.request, '', [], 1000)) {
    const at = line.slice(0, line.indexOf(': expected'));
    if (!TARGETS.some((target) => target.test(at))) throw new Error(`changed outside the plan: ${line}`);
    const imp = /^\/imp\/(\d+)/.exec(at);
    if (imp && !(enriched ? enriched(Number(imp[1])) : options?.allImps || imp[1] === '0')) throw new Error(`changed an imp not enriched: ${line}`);
  }
}

function unchanged(before: unknown, after: unknown) {
  if (!isEqual(before, after)) throw new Error('an input was changed');
  if (!isEqual(builtins, builtinsSnapshot())) throw new Error('a built-in was changed');
  if (({} as Record<string, unknown>).x !== undefined || Object.keys(Object.prototype).length > 0) throw new Error('Object.prototype polluted');
}

function check(adapterIn: unknown, values: unknown, req: unknown) {
  const before = structuredClone({ adapterIn, values, req });
  validateAdapter(adapterIn);
  const adapter: CompiledAdapter | undefined = only(() => compile(adapterIn as AdapterInput));
  if (adapter) {
    adapter.validateValues(values as FieldValues);
    for (const options of [undefined, { allImps: true }]) {
      const result = adapter.safeEnrich(req as BidRequest, values as FieldValues, options);
      only(() => adapter.enrich(req as BidRequest, values as FieldValues, options));
      const bound = only(() => adapter.bind(values as FieldValues));
      if (bound) only(() => bound.enrich(req as BidRequest, options));
      onlyTargets(req, result, options);
    }
  }
  unchanged(before, { adapterIn, values, req });
}

const keys = (issues: readonly Issue[]) => issues.map((found) => `${found.code} ${found.path} ${found.field ?? ''}`).sort();

function checkCompact(adapterIn: unknown, values: unknown, req: unknown) {
  const before = structuredClone({ adapterIn, values, req });
  const fullIssues = validateAdapter(adapterIn);
  const full: CompiledAdapter | undefined = only(() => compile(adapterIn as AdapterInput));
  let compact: CompactAdapter | undefined;
  let compactIssues: readonly Issue[] = [];
  try {
    compact = compileCompact(adapterIn);
  } catch (error) {
    if (!(error instanceof BidfieldsError)) throw error;
    compactIssues = error.issues;
  }
  // Compared wherever the verdict hangs on no authoring rule (the JSON Schema's, two field rules) the compact check leaves to validateAdapter.
  const compare = leftToValidateAdapter(adapterIn, fullIssues) === undefined;
  if (fullIssues.length > 0 && compare) compared.recordIssues++;
  if (compare && !isEqual(keys(fullIssues), keys(compactIssues))) {
    throw new Error(`record issues differ: full ${JSON.stringify(keys(fullIssues))}, compact ${JSON.stringify(keys(compactIssues))}`);
  }
  if (compact) {
    const valuesIssues = compact.validateValues(values);
    if (full && !isEqual(keys(valuesIssues), keys(full.validateValues(values as FieldValues)))) throw new Error('values issues differ');
    for (const options of [undefined, { allImps: true }]) {
      const result = compact.safeEnrich(req, values, options);
      onlyTargets(req, result, options);
      if (!full) continue;
      const expected = full.safeEnrich(req as BidRequest, values as FieldValues, options);
      const same =
        expected.ok && result.ok
          ? isEqual(expected.request, result.request) && isEqual(keys(expected.warnings), keys(result.warnings))
          : !expected.ok && !result.ok && isEqual(keys(expected.issues), keys(result.issues));
      compared[expected.ok ? 'enrichOk' : 'enrichIssues']++;
      if (!same) throw new Error(`enrich differs: full ${JSON.stringify(expected)}, compact ${JSON.stringify(result)}`);
    }
  }
  unchanged(before, { adapterIn, values, req });
}

const withValuesAndRequest = (adapters: fc.Arbitrary<unknown>, clean = false) =>
  adapters.chain((adapterIn) => {
    const fields = Array.isArray(adapterIn) ? adapterIn : ((adapterIn as { fields?: unknown })?.fields ?? []);
    // Values are keyed by key (docs/spec.md#param): the params, and the names (the key of a field without one, else unknown).
    const names = Array.isArray(fields)
      ? fields.flatMap((f) => [(f as { name?: unknown })?.name, (f as { param?: unknown })?.param]).filter((n): n is string => typeof n === 'string')
      : [];
    const values = clean && Array.isArray(fields) ? fc.oneof(valuesFor(names), cleanValuesFor(fields), cleanValuesFor(fields)) : valuesFor(names);
    return fc.tuple(fc.constant(adapterIn), values, clean ? fc.oneof(request, cleanRequest, cleanRequest) : request);
  });
const scenario = withValuesAndRequest(adapterInput);
/** Hostile records, and records that pass the authoring rules often with values that fit, so the run-time rules decide. */
const compactScenario = fc.oneof(scenario, withValuesAndRequest(cleanAdapterInput, true));
/** How often the compact comparison compared something, over the last run. */
const compared = { recordIssues: 0, enrichOk: 0, enrichIssues: 0 };

/**
 * Values per imp (docs/spec.md#per-imp) over hostile records, values and requests: only BidfieldsError, inputs and built-ins
 * unchanged, changes only at planned targets of the imps given values. And two equivalences that pin it to
 * `enrich`: one entry per imp, all the same values, is `enrich` with `allImps` (same success, same request); one
 * entry is `enrich` of imp[0]. A bound placement in an entry is the same as its values.
 */
function checkPerImp(adapterIn: unknown, perImp: unknown[], req: unknown) {
  const before = structuredClone({ adapterIn, perImp, req });
  const adapter: CompiledAdapter | undefined = only(() => compile(adapterIn as AdapterInput));
  if (adapter) {
    const entries = perImp as FieldValues[];
    const result = adapter.safeEnrichImps(req as BidRequest, entries);
    only(() => adapter.enrichImps(req as BidRequest, entries));
    onlyTargets(req, result, undefined, (index) => entries[index] !== null && entries[index] !== undefined);
    const imps = (req as { imp?: unknown })?.imp;
    const values = entries[0];
    if (Array.isArray(imps) && imps.length > 0 && values !== undefined && values !== null) {
      const same = adapter.safeEnrichImps(
        req as BidRequest,
        imps.map(() => values),
      );
      const all = adapter.safeEnrich(req as BidRequest, values, { allImps: true });
      perImpCompared[all.ok ? 'ok' : 'refused']++;
      if (same.ok !== all.ok || (same.ok && all.ok && !isEqual(same.request, all.request)))
        throw new Error(`enrichImps(same values) differs from enrich(allImps): ${JSON.stringify({ same, all })}`);
      const first = adapter.safeEnrichImps(req as BidRequest, [values]);
      const one = adapter.safeEnrich(req as BidRequest, values);
      if (first.ok !== one.ok || (first.ok && one.ok && !isEqual(first.request, one.request)))
        throw new Error('enrichImps([values]) differs from enrich(values)');
      const placement = only(() => adapter.bind(values));
      if (placement) {
        const viaPlacement = adapter.safeEnrichImps(
          req as BidRequest,
          imps.map(() => placement),
        );
        if (viaPlacement.ok !== same.ok || (viaPlacement.ok && same.ok && !isEqual(viaPlacement.request, same.request)))
          throw new Error('a bound placement differs from its values');
      }
    }
  }
  unchanged(before, { adapterIn, perImp, req });
}
const perImpCompared = { ok: 0, refused: 0 };
const perImpScenario = fc.oneof(adapterInput, cleanAdapterInput, cleanAdapterInput).chain((adapterIn) => {
  const fields = Array.isArray(adapterIn) ? adapterIn : ((adapterIn as { fields?: unknown })?.fields ?? []);
  const names = Array.isArray(fields)
    ? fields.flatMap((f) => [(f as { name?: unknown })?.name, (f as { param?: unknown })?.param]).filter((n): n is string => typeof n === 'string')
    : [];
  const values = Array.isArray(fields) ? fc.oneof(valuesFor(names), cleanValuesFor(fields), cleanValuesFor(fields), fc.constant(null)) : valuesFor(names);
  return fc.tuple(fc.constant(adapterIn), fc.array(values, { maxLength: 4 }), fc.oneof(request, cleanRequest, cleanRequest));
});

describe(`properties over generated hostile inputs (${runs} runs each)`, () => {
  it('values per imp: only BidfieldsError, inputs unchanged, changes only in the imps given values, the same as enrich', () => {
    fc.assert(
      fc.property(perImpScenario, ([adapterIn, perImp, req]) => checkPerImp(adapterIn, perImp, req)),
      { numRuns: Math.ceil(runs / 2) },
    );
    // The equivalences must have been tried on successful enrichments, not only on refusals.
    expect(perImpCompared.ok).toBeGreaterThan(Math.min(50, Math.ceil(runs / 400)));
  }, 900_000);
  it('compile + enrich: only BidfieldsError, inputs and built-ins unchanged, changes only at planned targets', () => {
    fc.assert(
      fc.property(scenario, ([adapterIn, values, req]) => check(adapterIn, values, req)),
      { numRuns: runs },
    );
  }, 900_000);
  it('the compact engine (Prebid bundle): the same safety, and the same results as the full engine', () => {
    fc.assert(
      fc.property(compactScenario, ([adapterIn, values, req]) => checkCompact(adapterIn, values, req)),
      { numRuns: Math.ceil(runs / 4) },
    );
    // The comparison must have compared: refused records, successful and failed enrichments, each many times.
    // Successful ones are the rarest (2–8 % of runs, so 10–40 in a local 500-run pass; ~1,300 of CI's 25,000):
    // the floor is well below that, so the local suite does not flake, and still fails a generator gone dry.
    const least = Math.min(50, Math.ceil(runs / 400));
    expect(compared.recordIssues).toBeGreaterThan(least);
    expect(compared.enrichOk).toBeGreaterThan(least);
    expect(compared.enrichIssues).toBeGreaterThan(least);
  }, 900_000);
  it('finds valid adapters and successful enrichments often enough to mean something', () => {
    let compiled = 0;
    fc.assert(
      fc.property(scenario, ([adapterIn]) => void (only(() => compile(adapterIn as AdapterInput)) && compiled++)),
      { numRuns: 2000, seed: 20261121 },
    );
    expect(compiled).toBeGreaterThan(40);
  });
});
