// One judge: the steps an in-repository adapter carries (src/codegen/prebid-repo/steps-code.ts: removals, banner sizes
// and copies written out for one plan, with Prebid-style helpers) against apply/request-steps.ts' prepareRequest and
// step-ops.ts, which every other engine runs, on many requests, hostile ones included. For one imp (the module runs
// each imp's steps in turn; the page runtime applies one bid at a time) both must leave the same request, and skip the
// same copies. The emitted TypeScript is transpiled by esbuild and run with Prebid's isPlainObject.
import { transformSync } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prebidPlan } from '../../src/codegen/prebid-plan.js';
import { HELPERS } from '../../src/codegen/prebid-repo/value-code.js';
import { STEP_HELPERS, stepHelpersFor, stepStatements } from '../../src/codegen/prebid-repo/steps-code.js';
import { prepareRequest } from '../../src/core/apply/request-steps.js';
import type { RecordPlan } from '../../src/core/plan/field-plan.js';
import { isAbsent, readPath, taken, type StepsReport } from '../../src/core/apply/step-ops.js';
import type { TypedKind } from '../../src/core/definition/names.js';

type Obj = Record<string, any>;
type Run = (request: Obj) => { request: Obj; skipped: number };

/** A record with every removal and a copy into each kind of target, from request and imp paths. */
const RECORD = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/openrtb2',
  cpmField: 'price',
  bidderCode: 'judge',
  fields: [{ name: 'zone', type: 'text', display: 'Zone' }],
  remove: ['site.publisher', { path: 'user.ext', keep: ['consent', 'data'] }, 'source.ext', 'imp.ext', { path: 'ext', keep: ['a'] }, 'app.domain'],
  derive: [
    { op: 'bannerSizeFromFormat', when: 'eitherMissing' },
    { op: 'copy', from: 'site.publisher.id', to: 'predefinedImpExt.pub' },
    { op: 'copy', from: 'imp.ext.gpid', to: 'prd.impTagId', when: 'absent' },
    { op: 'copy', from: 'user.ext.data', to: 'predefinedInventoryExt.data' },
    { op: 'copy', from: 'site.ext.floor', to: 'prd.impBidFloor', when: 'absent' },
    { op: 'copy', from: 'imp.ext.pos', to: 'prd.bannerPos' },
    { op: 'copy', from: 'site.cur', to: 'prd.impBidFloorCur' },
    { op: 'copy', from: 'imp.ext.secure', to: 'prd.impSecure' },
    { op: 'copy', from: 'site.ext.bcat', to: 'prd.bcat' },
    { op: 'copy', from: 'source.ext.schain', to: 'predefinedRequestExt.partner.schain', when: 'absent' },
    { op: 'copy', from: 'site.publisher', to: 'prd.appSiteId' },
  ],
};

function planOf(record: object): RecordPlan {
  const result = prebidPlan(record, { knownEndpoints: ['bid.example-ssp.com'] });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

/** The module's statements of `plan`'s steps for one imp, as a function of the request (each imp's turn, as the request hook runs it). */
function compiled(plan: RecordPlan): Run {
  const helpers = stepHelpersFor(plan, false);
  const { given, each } = stepStatements(plan);
  const source = [
    'const isPlainObject = (object) => Object.prototype.toString.call(object) === "[object Object]";',
    HELPERS.digits,
    HELPERS.decimalText,
    HELPERS.readJson,
    ...helpers.map((helper) => STEP_HELPERS[helper]),
    'return (request) => {',
    '  let skipped = 0;',
    '  const logWarn = () => skipped++;',
    '  const BIDDER_CODE = "judge";',
    `  const inventory = request.app ?? request.site ?? request.dooh;`,
    ...given,
    '  for (const imp of request.imp) {',
    ...each,
    '  }',
    '  return { request, skipped };',
    '};',
  ].join('\n');
  const { code } = transformSync(source, { loader: 'ts' });
  return new Function(code)() as Run;
}

const leaf = fc.oneof(
  fc.constantFrom(undefined, null, '', 0, 1, 2, 7, 8, -1, 0.5, 1e21, NaN, Infinity, 'USD', 'usd', 'x', true, [], ['a'], ['a', 1], {}, { a: 1 }),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -3, max: 9 }),
  fc.constant({ big: 'x'.repeat(5000) }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": 1}}')),
);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const object = (keys: Record<string, fc.Arbitrary<unknown>>) => fc.oneof(fc.record(keys, { requiredKeys: [] }), leaf);
const requestArb = fc.record(
  {
    site: object({ publisher: object({ id: leaf, domain: leaf }), ext: object({ floor: leaf, bcat: leaf, data: leaf }), cur: leaf, domain: leaf }),
    app: maybe(object({ domain: leaf, ext: leaf })),
    user: object({ ext: object({ consent: leaf, data: leaf, eids: leaf }) }),
    source: object({ ext: object({ schain: leaf }) }),
    ext: object({ a: leaf, b: leaf, partner: object({ schain: leaf }) }),
    imp: fc.tuple(
      fc.record(
        {
          id: fc.constant('1'),
          tagid: leaf,
          bidfloor: leaf,
          banner: object({ format: fc.oneof(leaf, fc.array(object({ w: leaf, h: leaf }), { maxLength: 2 })), w: leaf, h: leaf, pos: leaf }),
          ext: object({ gpid: leaf, pos: leaf, secure: leaf }),
        },
        { requiredKeys: ['id'] },
      ),
    ),
  },
  { requiredKeys: ['imp'] },
);

/** Undefined values as JSON drops them (the converter's request is JSON; mergeDeep never writes undefined). */
const json = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, inner) => (typeof inner === 'number' && !Number.isFinite(inner) ? null : inner)));

describe('the in-repository adapter steps judge as apply/request-steps.ts (one judge)', () => {
  const plan = planOf(RECORD);
  const run = compiled(plan);

  it('leaves the same request, and skips the same copies, on many requests', () => {
    fc.assert(
      fc.property(requestArb, (raw) => {
        const request = json(raw) as Obj;
        const report: StepsReport = {};
        const want = prepareRequest(plan, structuredClone(request), [0], report);
        const got = run(structuredClone(request));
        expect(json(got.request)).toEqual(json(want));
        expect(got.skipped).toBe(report.warnings?.length ?? 0);
      }),
      { numRuns: 1500 },
    );
  });

  it('each banner size rule, on sizes missing, 0 and given', () => {
    for (const when of ['eitherMissing', 'bothMissing', 'missingOrZero', 'always']) {
      const one = compiled(planOf({ ...RECORD, remove: undefined, derive: [{ op: 'bannerSizeFromFormat', when }] }));
      for (const w of [undefined, 0, 10])
        for (const h of [undefined, 0, 20]) {
          const request = json({ imp: [{ id: '1', banner: { format: [{ w: 300, h: 250 }], w, h } }] });
          const want = prepareRequest(
            planOf({ ...RECORD, remove: undefined, derive: [{ op: 'bannerSizeFromFormat', when }] }),
            structuredClone(request),
            [0],
            {},
          );
          expect(one(structuredClone(request)).request, `${when} ${w} ${h}`).toEqual(want);
        }
    }
  });

  it('its helpers read, judge absence and take copied values as step-ops does', () => {
    const helpers = new Function(
      transformSync(
        [
          'const isPlainObject = (object) => Object.prototype.toString.call(object) === "[object Object]";',
          HELPERS.digits,
          HELPERS.decimalText,
          HELPERS.readJson,
          STEP_HELPERS.readPath,
          STEP_HELPERS.isAbsent,
          STEP_HELPERS.copyValue,
          'return { readPath, isAbsent, copyValue };',
        ].join('\n'),
        { loader: 'ts' },
      ).code,
    )() as { readPath: typeof readPath; isAbsent: typeof isAbsent; copyValue: (value: unknown, kind: string) => unknown };
    const kinds: TypedKind[] = ['text', 'floor', 'currency', 'flag', 'position', 'textList', 'any'];
    fc.assert(
      fc.property(leaf, fc.constantFrom(...kinds), fc.boolean(), (value, kind, numeric) => {
        if (value !== undefined && value !== null && value !== '') expect(helpers.copyValue(value, kind)).toEqual(taken(kind, value));
        expect(helpers.isAbsent(value ?? undefined, numeric)).toBe(isAbsent(value ?? undefined, numeric));
        const holder = { a: [value, { b: value }] };
        for (const path of [['a'], ['a', '0'], ['a', '1', 'b'], ['a', '01'], ['a', 'length'], ['toString']])
          expect(helpers.readPath(holder, path)).toEqual(readPath(holder, path));
      }),
      { numRuns: 2000 },
    );
  });
});
