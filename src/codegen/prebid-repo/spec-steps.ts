/**
 * The spec's tests of a record's steps (docs/spec.md#removals, docs/spec.md#values-from-the-request,
 * docs/spec.md#conditions), for the in-repository adapter's spec (spec-js.ts): a page whose first-party data holds
 * what the record removes and copies, and the same page with a value at each copy's source that its target cannot
 * take. What each test expects is what the page runtime's engine with the record's steps (core/compact/steps.ts)
 * writes for the same params and page, not written by hand; and the page's ortb2 must come out unchanged.
 */
import { unknownField, valuesEngine } from '../../core/compact/values-engine.js';
import { ALL_FEATURES, typedEngine } from '../../core/compact/features.js';
import { stepsEngine } from '../../core/compact/steps.js';
import { stepsOf } from '../../core/plan/steps-plan.js';
import type { Issue } from '../../core/issues.js';
import type { PrebidPlan } from '../prebid-plan.js';
import type { MediaType } from '../../core/rules/media-types.js';
import { styled } from './styled.js';

type Obj = Record<string, any>;

/** The page's first-party data: what the spec's site has, and objects for removals and copies to find. */
export const STEPS_ORTB2: Obj = {
  site: {
    page: 'https://publisher.example/article',
    domain: 'publisher.example',
    publisher: { id: 'publisher-1', domain: 'publisher.example' },
    ext: { data: { section: 'news' } },
  },
  user: { ext: { consent: 'consent-1', data: { segment: 's1' } } },
  source: { ext: { schain: { ver: '1.0', complete: 1, nodes: [{ asi: 'exchange.example', sid: '1', hp: 1 }] } } },
  ext: { data: { page: 'home' } },
};

/** The ad unit's first-party data. */
export const STEPS_ORTB2_IMP: Obj = { ext: { gpid: '/1234/home/top', data: { pbadslot: '/1234/home/top' } } };

/** Keys of the request the converter sets itself: a copy from them is not tried with a hostile value. */
const CONVERTER_KEYS = ['id', 'test', 'tmax', 'cur', 'imp'];

/** A value no target takes from a copy: JSON too large for a param (a string would be text, taken as it is). */
const UNTAKEN = { note: 'x'.repeat(5000) };

/** The page and ad unit data with the untaken value at each copy's source. */
function hostile(plan: PrebidPlan): [ortb2: Obj, ortb2Imp: Obj] {
  const ortb2 = structuredClone(STEPS_ORTB2);
  const ortb2Imp = structuredClone(STEPS_ORTB2_IMP);
  for (const step of plan.derive ?? []) {
    if (step.op !== 'copy' || (!step.imp && CONVERTER_KEYS.includes(step.from[0]!))) continue;
    let node = step.imp ? ortb2Imp : ortb2;
    for (const key of step.from.slice(0, -1))
      node = node[key] = typeof node[key] === 'object' && node[key] !== null && !Array.isArray(node[key]) ? node[key] : {};
    node[step.from.at(-1)!] = structuredClone(UNTAKEN);
  }
  return [ortb2, ortb2Imp];
}

/** What the engine with the record's steps makes of `params` for one bid of `first` on the page `ortb2`, `ortb2Imp`. */
function expected(plan: PrebidPlan, params: unknown, first: MediaType, ortb2: Obj, ortb2Imp: Obj): Obj | undefined {
  const engine = stepsEngine(typedEngine(valuesEngine(plan, ALL_FEATURES, unknownField)), stepsOf(plan)!, [], true);
  const issues: Issue[] = [];
  const imp: Obj = { ...structuredClone(ortb2Imp), ...(first === 'banner' && { banner: { format: [{ w: 300, h: 250 }] } }) };
  return engine.apply(engine.bind(params, issues), { ...structuredClone(ortb2), imp: [imp] }, [0], issues);
}

/** The assertions on a request sent (`request.data`) that it is `want`: the imp's written keys, the request's objects. */
function assertions(want: Obj): string[] {
  const [imp] = want.imp as Obj[];
  const { banner, ...keys } = imp!;
  const lines = Object.entries(keys).map(([key, value]) => `expect(imp[${styled(key)}]).to.deep.equal(${styled(value)});`);
  if (banner?.w !== undefined) lines.push(`expect(imp.banner).to.deep.include(${styled({ w: banner.w, h: banner.h })});`);
  for (const key of ['site', 'user', 'source'])
    lines.push(
      want[key] === undefined ? `expect(request.data.${key}).to.equal(undefined);` : `expect(request.data.${key}).to.deep.equal(${styled(want[key])});`,
    );
  if (want.ext !== undefined) lines.push(`expect(request.data.ext).to.deep.include(${styled(want.ext)});`);
  return lines;
}

/** One test: the bid of PARAMS on a page with `ortb2`, its ad unit with `ortb2Imp`, sends what the engine writes. */
function stepTest(title: string, plan: PrebidPlan, params: unknown, first: MediaType, [ortb2, ortb2Imp]: [Obj, Obj]): string {
  const want = expected(plan, params, first, ortb2, ortb2Imp);
  if (!want) return '';
  return `
    it(${styled(title)}, function () {
      const bid = { ...bidRequest(), ortb2Imp: ${styled(ortb2Imp)} };
      const page = { ...bidderRequest(), ortb2: ${styled(ortb2)} };
      const before = JSON.parse(JSON.stringify([page.ortb2, bid.ortb2Imp]));
      const request = [].concat(spec.buildRequests([bid], page))[0];
      const [imp] = request.data.imp;
${assertions(want)
  .map((line) => '      ' + line)
  .join('\n')}
      // The page's first-party data is the page's: nothing of it is changed.
      expect([page.ortb2, bid.ortb2Imp]).to.deep.equal(before);
    });
`;
}

/** The spec's `describe` of the steps, or '' for a record without any. */
export function stepTests(plan: PrebidPlan, params: unknown, first: MediaType): string {
  if (!plan.remove?.length && !plan.derive?.length) return '';
  const copies = plan.derive?.some((step) => step.op === 'copy');
  return `
  describe('what the record removes from the request and derives from it', function () {${stepTest(
    'removes, then derives from the request as Prebid made it, then writes the params',
    plan,
    params,
    first,
    [STEPS_ORTB2, STEPS_ORTB2_IMP],
  )}${copies ? stepTest('copies no value its target cannot take', plan, params, first, hostile(plan)) : ''}  });
`;
}
