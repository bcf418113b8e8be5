/**
 * The in-repository spec's tests of a record's `response` rules (docs/spec.md#read-bids): each expectation is what
 * the core's one reader (core/response/read-answer.ts) reads from the same answer, so the spec carries the record's
 * rules into Prebid's repository: a bid read with every value the record names, the same values of the wrong kind
 * left out, a zero price, the price macro, and a bid no rule types.
 */
import { readAnswer, type ReadBid } from '../../core/response/read-answer.js';
import { sentImps } from '../../core/response/sent-imps.js';
import type { BidPath, ResponsePlan } from '../../core/plan/response-plan.js';
import type { ValueKind } from '../../core/response/bid-values.js';
import type { MediaType } from '../../core/rules/media-types.js';
import { answerOf } from './spec-media.js';
import { styled } from './styled.js';

/** A value each kind keeps, and one it leaves out. */
const SAMPLES: Record<ValueKind, [unknown, unknown]> = {
  text: ['Sample', 7],
  texts: [['brand.example'], 'brand.example'],
  id: ['id-7', 1.5],
  url: ['https://brand.example/r.js', 'javascript:alert(1)'],
  object: [{ ver: '1.0' }, 'x'],
  count: [30, -1],
  integer: [5, 'x'],
};

/** `bid` with `value` at `at` (objects made on the way). */
function put(bid: Record<string, any>, at: BidPath, value: unknown): void {
  let node = bid;
  for (const key of at.keys.slice(0, -1)) node = node[key] = typeof node[key] === 'object' && node[key] !== null ? node[key] : {};
  node[at.keys[at.keys.length - 1]!] = value;
}

/** The reads of a plan: each path, its kind, and where Prebid's bid has it. */
function readsOf(plan: ResponsePlan): { at: BidPath; kind: ValueKind; where: string[] }[] {
  return [
    ...(plan.dealPriority ? [{ at: plan.dealPriority, kind: 'integer' as const, where: ['dealPriority'] }] : []),
    ...(plan.duration ? [{ at: plan.duration, kind: 'count' as const, where: ['duration'] }] : []),
    ...(plan.primaryCategory ? [{ at: plan.primaryCategory, kind: 'text' as const, where: ['meta', 'primaryCatId'] }] : []),
    ...plan.meta.map((read) => ({ at: read.path, kind: read.kind, where: ['meta', read.name] })),
  ];
}

/** What the core reads from `bid` answering one imp of `type`. */
function read(plan: ResponsePlan, bid: Record<string, unknown>, type: MediaType): ReadBid[] {
  return readAnswer(plan, sentImps([{ id: 'bid-1', [type]: {} }])!, 200, { cur: 'USD', seatbid: [{ bid: [bid] }] }).bids;
}

/** The Prebid bid fields a bid the core read gives (docs/answers.md, "In a Prebid.js page"). */
function expected(one: ReadBid): { top: Record<string, unknown>; meta: Record<string, unknown> } {
  const meta: Record<string, unknown> = { ...one.meta };
  if (one.video?.primaryCategory !== undefined) meta.primaryCatId = one.video.primaryCategory;
  return {
    top: {
      requestId: one.impId,
      mediaType: one.type,
      cpm: one.price,
      currency: one.currency,
      ...(one.dealPriority !== undefined && { dealPriority: one.dealPriority }),
      ...(one.video?.duration !== undefined && { duration: one.video.duration }),
    },
    meta,
  };
}

/** The tests, for a partner that takes `types` (its first is the spec's default ad unit). */
export function responseTests(plan: ResponsePlan, cpmField: string, types: readonly MediaType[]): string {
  const type: MediaType = types.includes('video') ? 'video' : types[0]!;
  const cpm = { keys: cpmField.split('.'), pointer: '' };
  const base = (price: number, kept: boolean): Record<string, any> => {
    const bid: Record<string, any> = { id: 'seat-bid-1', impid: 'bid-1', crid: 'creative-1', ...answerOf(type) };
    put(bid, cpm, price);
    for (const { at, kind } of readsOf(plan)) put(bid, at, SAMPLES[kind][kept ? 0 : 1]);
    return bid;
  };
  const request = `build([bidRequest(PARAMS, [${styled(type)}])])`;
  const good = base(2.5, true);
  const [first] = read(plan, good, type);
  const wrong = base(2.5, false);
  const [kept] = read(plan, wrong, type);
  const zero = base(0, true);
  const bare: Record<string, any> = { id: 'seat-bid-1', impid: 'bid-1', crid: 'creative-1' };
  put(bare, cpm, 2.5);
  const tests = [];
  if (first) {
    const { top, meta } = expected(first);
    tests.push(`    it('reads the values the partner\\'s rules name', function () {
      const [bid] = answer(${styled(good)}, ${request});
      expect(bid).to.deep.include(${styled(top)});
      expect(bid.meta).to.deep.include(${styled(meta)});
    });`);
  }
  if (kept && readsOf(plan).length) {
    const { meta } = expected(kept);
    const absent = readsOf(plan).filter(({ where }) => (where[0] === 'meta' ? !(where[1]! in meta) : true));
    tests.push(`    it('leaves out a value of the wrong kind, keeping the bid', function () {
      const [bid] = answer(${styled(wrong)}, ${request});
${absent.map(({ where }) => `      expect(bid${where.length > 1 ? '.meta' : ''}).not.to.have.property(${styled(where[where.length - 1])});`).join('\n')}
    });`);
  }
  tests.push(`    it(${styled(plan.dropZeroPrice ? 'leaves out a bid priced 0' : 'keeps a bid priced 0')}, function () {
      expect(answer(${styled(zero)}, ${request})).to.have.length(${read(plan, zero, type).length});
    });`);
  if (plan.macros.includes('adm') && first) {
    const priced = { ...good, adm: 'a ${AUCTION_PRICE} b' };
    const markup = read(plan, priced, type)[0]!.bid.adm;
    const { adm: _adm, ...rest } = priced;
    tests.push(`    it('replaces the price macro in the markup', function () {
      // The macro, written so that no lint rule reads it as a template string.
      const macro = ['$', '{AUCTION_PRICE}'].join('');
      const [bid] = answer({ ...${styled(rest)}, adm: \`a \${macro} b\` }, ${request});
      expect(bid.${first.type === 'video' ? 'vastXml' : 'ad'}).to.equal(${styled(markup)});
    });`);
  }
  if (!read(plan, bare, type).length)
    tests.push(`    it('leaves out a bid none of the rules types', function () {
      expect(answer(${styled(bare)}, ${request})).to.deep.equal([]);
    });`);
  return `
  describe('interpretResponse by the partner\\'s answer rules', function () {
${tests.join('\n\n')}
  });
`;
}
