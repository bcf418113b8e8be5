// What runs around a record's writes, under generated records and hostile requests (docs/spec.md#removals,
// docs/spec.md#values-from-the-request, docs/spec.md#conditions): records with `remove`, `derive`, `with`, `exactlyOneOf` and
// `when` (step-generators.ts), on deep-frozen requests whose touched paths are present, absent, null, of the wrong
// type, deep or hostile. Every engine gives one verdict: the interpreter and the generated code exactly (exact.ts:
// the same keys in the same order, the same input objects shared), the compact engine and the record-taking Prebid.js
// page the same ok, issues, warnings (codes, paths, fields) and request. And for each: the caller's request is never
// changed; every object away from the paths a step or write touches is the input's own; `mutate` returns the caller's
// object, and when refused leaves it as given; no prototype key is written and no prototype gains a key.
// 10,000 runs in CI (CI=true), as the other hostile property tests; 1,000 by default; PROPERTY_RUNS overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BidfieldsError, compile, validateAdapter } from '../../src/index.js';
import type { AdapterInput, BidRequest, CompiledAdapter, FieldValues, Issue, PerImpValues, SafeEnrichResult } from '../../src/index.js';
import { compileCompact, type CompactAdapter } from '../../src/core/compact/engine.js';
import { leftToValidateAdapter } from '../../src/conformance/implementations/compact.js';
import { createPrebidBidder, type PrebidBidderSpec } from '../../src/prebid/index.js';
import { toImp } from '../../src/prebid/imp.js';
import { isObject, origins, same } from './exact.js';
import { deepFreeze, expectAlike, isJsonEqual, json, onlyTouched, show, touchedBy, unlike, type Path } from './touched.js';
import { stepRecord, stepRequest, stepValues } from './step-generators.js';
import { PLACEMENT_TIER } from '../../src/core/source/enricher.js';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 10_000 : 1_000));
const OPTIONS = { knownEndpoints: ['bid.partner.example'] };
type Obj = Record<string, any>;

const keys = (issues: readonly Issue[]) => issues.map((found) => `${found.code} ${found.path} ${found.field ?? ''}`).sort();
type Verdict = { ok: boolean; request?: unknown; issues?: readonly Issue[]; warnings: readonly Issue[] };
/** Throws when `b`'s verdict is not `a`'s: ok, issues and warnings (codes, paths, fields), the enriched request. */
function sameVerdict(what: string, a: Verdict, b: Verdict) {
  const line = (v: Verdict) => show({ ok: v.ok, issues: v.issues && keys(v.issues), warnings: keys(v.warnings) });
  if (a.ok !== b.ok || show(keys(a.issues ?? [])) !== show(keys(b.issues ?? [])) || show(keys(a.warnings)) !== show(keys(b.warnings)))
    throw new Error(`${what}: ${line(a)} vs ${line(b)}`);
  if (a.ok) expectAlike(`${what}: the request`, a.request, b.request);
}
/** A JSON request is always readable: a refusal saying otherwise hides a write into the frozen input. */
function readable(what: string, result: SafeEnrichResult) {
  if (!result.ok && result.issues.some((found) => found.message.includes('cannot be read'))) throw new Error(`${what}: ${show(result.issues)}`);
  return result;
}

/** A copy of the request for an in-place call, and what it was before. */
function inPlace(request: unknown) {
  const mine = structuredClone(request) as BidRequest;
  return { mine, before: structuredClone(mine), places: origins(mine) };
}
/**
 * `mutate`: the verdict without it, and the caller's object with the result written in; when refused, the caller's
 * object exactly as given, its own objects where they were. docs/library.md's one exception: a `path_conflict` found
 * midway may leave the request partly written (the caller owns it), and then only at the touched paths.
 */
function checkMutate(what: string, call: ReturnType<typeof inPlace>, result: SafeEnrichResult, expected: SafeEnrichResult, touched: readonly Path[]) {
  sameVerdict(`${what} (mutate)`, expected, result);
  if (result.ok && result.request !== call.mine) throw new Error(`${what}: mutate returned another object`);
  if (result.ok) return;
  if (result.issues.some((found) => found.code === 'path_conflict')) return void onlyTouched(call.before, call.mine, touched, isJsonEqual);
  expectAlike(`${what}: a refused mutate changed the request`, call.before, call.mine);
  const now = origins(call.mine);
  for (const [node, at] of call.places) if (now.get(node) !== at) throw new Error(`${what}: a refused mutate moved ${at}`);
}

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype];
const OWN_KEYS = PROTOTYPES.map((proto) => Reflect.ownKeys(proto).length);
function unpolluted() {
  PROTOTYPES.forEach((proto, i) => expect(Reflect.ownKeys(proto).length).toBe(OWN_KEYS[i]));
  for (const probe of [{}, [], () => {}, '', 0] as Obj[]) expect(probe.polluted).toBeUndefined();
}

const counted = { compiled: 0, refusedRecord: 0, ok: 0, refused: 0, copySkipped: 0, changed: 0, mutated: 0, pageSent: 0, pageLeftOut: 0, manyBids: 0 };
const INDEXES = [0, 1, 2];

/** Counts what was compared, so that a generator gone dry fails the test. */
function tally(request: unknown, result: SafeEnrichResult) {
  counted[result.ok ? 'ok' : 'refused']++;
  if (result.warnings.some((found) => found.code === 'copy_skipped')) counted.copySkipped++;
  if (result.ok && unlike(request, result.request)) counted.changed++;
}

let scenarios = 0;
/** The interpreter and the generated code exactly, and the compact engine, on one record, its values and one request. */
function checkEngines(record: Obj, values: FieldValues, request: BidRequest, perImp: PerImpValues, g: CompiledAdapter, i: CompiledAdapter, c: CompactAdapter) {
  // A bound placement runs on its adapter's code until it is hot, then on its own (for a record that removes or derives,
  // one write tree for one imp, core/source/emit-one.ts): every other scenario, on its own at once.
  PLACEMENT_TIER.calls = scenarios++ % 2 ? 0 : 1000;
  const imps: unknown[] = Array.isArray(request.imp) ? request.imp : [];
  for (const options of [undefined, { allImps: true }]) {
    const what = `safeEnrich ${show(options) ?? ''}`;
    const touched = touchedBy(
      record,
      INDEXES.filter((k) => k < imps.length && (options?.allImps || k === 0)),
    );
    const result = readable(
      what,
      same(
        what,
        request,
        () => g.safeEnrich(request, values, options),
        () => i.safeEnrich(request, values, options),
      ) as SafeEnrichResult,
    );
    tally(request, result);
    if (result.ok) onlyTouched(request, result.request, touched);
    const compact = c.safeEnrich(request, values, options);
    sameVerdict(`compact ${what}`, result, compact);
    if (compact.ok) onlyTouched(request, compact.request, touched);
    // In place, each engine on its own copy: the two agree exactly (results, copies, which objects are whose), so
    // what holds for the generated one's holds for the interpreter's.
    const [mg, mi] = [inPlace(request), inPlace(request)];
    const mutate = { ...options, mutate: true };
    const [written] = same(
      `${what} mutate`,
      mg.mine,
      () => [g.safeEnrich(mg.mine, values, mutate), mg.mine],
      () => [i.safeEnrich(mi.mine, values, mutate), mi.mine],
      mi.mine,
    ) as [SafeEnrichResult];
    checkMutate(what, mg, written, result, touched);
    if (written.ok) counted.mutated++;
    // A bound placement gives what its values give.
    let bg: ReturnType<CompiledAdapter['bind']> | undefined;
    let bi: typeof bg;
    same(
      'bind',
      undefined,
      () => void (bg = g.bind(values)),
      () => void (bi = i.bind(values)),
    );
    if (bg && bi) {
      const [boundG, boundI] = [bg, bi];
      sameVerdict(
        `bound ${what}`,
        result,
        same(
          `bound ${what}`,
          request,
          () => boundG.safeEnrich(request, options),
          () => boundI.safeEnrich(request, options),
        ) as SafeEnrichResult,
      );
    }
  }
  // Values per imp (docs/spec.md#per-imp): an entry or null for each imp, each imp enriched with its own.
  const result = readable(
    'safeEnrichImps',
    same(
      'safeEnrichImps',
      request,
      () => g.safeEnrichImps(request, perImp),
      () => i.safeEnrichImps(request, perImp),
    ) as SafeEnrichResult,
  );
  tally(request, result);
  const touched = touchedBy(
    record,
    INDEXES.filter((k) => k < imps.length && perImp[k] != null),
  );
  if (result.ok) onlyTouched(request, result.request, touched);
  const [mg, mi] = [inPlace(request), inPlace(request)];
  const [written] = same(
    'safeEnrichImps mutate',
    mg.mine,
    () => [g.safeEnrichImps(mg.mine, perImp, { mutate: true }), mg.mine],
    () => [i.safeEnrichImps(mi.mine, perImp, { mutate: true }), mi.mine],
    mi.mine,
  ) as [SafeEnrichResult];
  checkMutate('safeEnrichImps', mg, written, result, touched);
}

/**
 * The record-taking Prebid.js page (prebid/bidder.ts) on a `prebid-js` record: it takes the records the compact engine
 * takes; one bid sends what the library makes of the request the page builds for it (the auction's ortb2 and the
 * bid's imp), or nothing when the library refuses; several bids (each its own values) change nothing Prebid gave,
 * throw nothing, and send only what the record touches.
 */
function checkPage(
  record: Obj,
  values: unknown,
  request: Obj,
  perImp: PerImpValues,
  c: CompactAdapter | undefined,
  compactIssues: readonly Issue[],
  i: CompiledAdapter | undefined,
) {
  let spec: PrebidBidderSpec | undefined;
  // The page logs and leaves a bid out when it throws: an error thrown (a write into what Prebid gave, frozen here)
  // must not hide there.
  const thrown: unknown[] = [];
  const log = (_message: string, detail?: unknown) => void (detail instanceof Error && thrown.push(detail));
  try {
    spec = createPrebidBidder(record as never, { ...OPTIONS, log });
  } catch (error) {
    if (!(error instanceof BidfieldsError)) throw error;
    expect(keys(error.issues)).toEqual(keys(compactIssues));
  }
  expect(spec !== undefined).toBe(c !== undefined);
  if (!spec || !c) return;
  const page = spec;
  // Object rest keeps an own `__proto__` key as data, as Prebid's own spread of ortb2 does.
  const { imp, id: _id, ...ortb2 } = request;
  const auction = deepFreeze({ bidderRequestId: 'br', auctionId: 'a', ortb2 });
  const imps: unknown[] = Array.isArray(imp) ? imp : [];
  const bidOf = (k: number, params: unknown): Obj => {
    const { id: _impId, ...ortb2Imp } = isObject(imps[k]) && !Array.isArray(imps[k]) ? (imps[k] as Obj) : {};
    return deepFreeze({ bidder: 'acme', bidId: `b${k}`, adUnitCode: `u${k}`, params, mediaTypes: { banner: { sizes: [[300, 250]] } }, ortb2Imp });
  };
  const madeFor = (bids: Obj[]) => ({ ...ortb2, id: 'br', test: ortb2.test || 0, imp: bids.map((bid) => toImp(bid)) });
  const send = (bids: Obj[]) =>
    page.buildRequests(
      bids.filter((bid) => page.isBidRequestValid(bid)),
      auction,
    );

  const bid = bidOf(0, values);
  const made = madeFor([bid]);
  if (i)
    sameVerdict(
      "the page's request, compact",
      readable("the page's request", i.safeEnrich(made as BidRequest, values as FieldValues)),
      c.safeEnrich(made, values),
    );
  // A bid param the record does not know costs the bid nothing in a page (docs/spec.md#values), where the engines
  // refuse it: the page's verdict is theirs on the params it knows.
  const expected = c.safeEnrich(made, knownParams(record, values));
  if (expected.ok) onlyTouched(made, expected.request, touchedBy(record, [0]));
  const sent = send([bid]);
  expect(sent.length).toBe(expected.ok ? 1 : 0);
  if (expected.ok) expectAlike('the page', JSON.parse(sent[0]!.data), json(expected.request));
  counted[sent.length ? 'pageSent' : 'pageLeftOut']++;

  expect(thrown).toEqual([]);
  if (imps.length < 2) return;
  counted.manyBids++;
  const bids = imps.map((_, k) => bidOf(k, perImp[k] ?? values));
  for (const one of send(bids)) {
    const body = JSON.parse(one.data) as Obj;
    const given = json(madeFor((body.imp as Obj[]).map((sentImp) => bids.find((b) => b.bidId === sentImp.id)!)));
    onlyTouched(given, body, touchedBy(record, INDEXES.slice(0, body.imp.length)), isJsonEqual);
  }
  expect(thrown).toEqual([]);
}

/** Values with only the keys the record's fields have (each field's param, else its name); anything else as it is. */
function knownParams(record: Obj, values: unknown): unknown {
  if (!isObject(values) || Array.isArray(values) || !Array.isArray(record.fields)) return values;
  const keys = new Set(record.fields.map((field: Obj) => field.param ?? field.name));
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys.has(key)));
}

function check(record: Obj, values: unknown, request: Obj, perImp: unknown[]) {
  deepFreeze([record, values, request, perImp]);
  const before = structuredClone({ record, values, request, perImp });
  const issues = validateAdapter(record, OPTIONS);
  let g: CompiledAdapter | undefined;
  let i: CompiledAdapter | undefined;
  same(
    'compile',
    undefined,
    () => (g = compile(record as AdapterInput, { ...OPTIONS, codegen: true })).warnings,
    () => (i = compile(record as AdapterInput, { ...OPTIONS, codegen: false })).warnings,
  );
  let c: CompactAdapter | undefined;
  let compactIssues: readonly Issue[] = [];
  try {
    c = compileCompact(record, OPTIONS);
  } catch (error) {
    if (!(error instanceof BidfieldsError)) throw error;
    compactIssues = error.issues;
  }
  // The compact engine leaves the authoring rules (the JSON Schema's, two field rules) to validateAdapter, and checks every other alike.
  if (leftToValidateAdapter(record, issues) === undefined) expect(keys(compactIssues)).toEqual(keys(issues));
  if (g) expect(c).toBeDefined();
  counted[g ? 'compiled' : 'refusedRecord']++;
  if (g && i && c) checkEngines(record, values as FieldValues, request as BidRequest, perImp as PerImpValues, g, i, c);
  if (record.protocol === 'prebid-js') checkPage(record, values, request, perImp as PerImpValues, c, compactIssues, i);
  expectAlike('an input was changed', before, { record, values, request, perImp });
  unpolluted();
}

const scenario = stepRecord.chain((record) =>
  fc.tuple(fc.constant(record), stepValues(record), stepRequest, fc.array(fc.oneof(stepValues(record), fc.constant(null)), { minLength: 1, maxLength: 3 })),
);

describe(`removals, derivations, with, exactlyOneOf and when under hostile requests (${runs} runs)`, () => {
  it('one verdict in every engine; inputs unchanged, untouched objects shared, mutate in place or not at all, no prototype written', () => {
    try {
      fc.assert(
        fc.property(scenario, ([record, values, request, perImp]) => check(record, values, request, perImp)),
        { numRuns: runs },
      );
    } finally {
      PLACEMENT_TIER.calls = 1000;
    }
    // Each kind of outcome must have been compared, many times.
    const least = Math.min(50, Math.ceil(runs / 400));
    for (const [what, times] of Object.entries(counted)) expect({ what, times: times > least }).toEqual({ what, times: true });
  }, 1_800_000);
});
