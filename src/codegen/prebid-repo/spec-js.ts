/**
 * `test/spec/modules/<code>BidAdapter_spec.js`: the adapter's spec in Prebid's own style (mocha, chai, sinon), as Prebid's
 * karma set-up runs it. Its expectations are not written by hand: each verdict of `isBidRequestValid` is the one the
 * values engine (makeValueJudge, core/compact/values-engine.ts) gives for the same params, and the request fields expected
 * are the ones the engine writes, so the spec carries the record's rule into Prebid's repository and covers every
 * branch of the module's checks (a value accepted, not entered and refused for each param).
 */
import { unknownField, valuesEngine, type Bound } from '../../core/compact/values-engine.js';
import { ALL_FEATURES, typedEngine } from '../../core/compact/features.js';
import { buildUrl, templateHosts } from '../../core/endpoint/template.js';
import type { Issue } from '../../core/issues.js';
import { keyOf, type FieldPlan } from '../../core/plan/field-plan.js';
import type { CompileOptions, FieldDefinition } from '../../core/types.js';
import type { PrebidPlan } from '../prebid-plan.js';
import { styled } from './styled.js';
import { exampleParams } from './docs.js';
import { ALL_MEDIA_TYPES, type MediaType } from '../../core/rules/media-types.js';
import { answerOf, bidOf, mediaPrelude, mediaTests } from './spec-media.js';
import { stepTests } from './spec-steps.js';
import { stepsEngine } from '../../core/compact/steps.js';
import { stepsOf } from '../../core/plan/steps-plan.js';
import { responseTests } from './response-spec.js';

/** Values every param is tried with, beyond its example: not entered, each kind of JSON, hostile decimals. */
const TRIED: unknown[] = [undefined, '', null, 'abc', ' 7 ', '9007199254740993', 1e21, -1e-7, 0, 2.5, -1, true, 'false', {}, ['x']];

/** More values for a field, from its own rule: its bounds and just past them, its options. */
function triedFor(field: FieldPlan): unknown[] {
  const values = [...TRIED];
  if (field.minLength !== undefined) values.push('x'.repeat(Math.max(0, field.minLength - 1)), 'x'.repeat(field.minLength));
  if (field.maxLength !== undefined && field.maxLength < 500) values.push('x'.repeat(field.maxLength), 'x'.repeat(field.maxLength + 1));
  for (const bound of [field.min, field.max]) if (bound !== undefined) values.push(bound, bound - 1, bound + 1, String(bound), bound + 0.5);
  for (const option of field.options ?? []) values.push(option, String(option));
  return values;
}

/** What a spec needs beyond the plan: the known endpoints a template's URL is judged against. */
export type SpecOptions = { split?: boolean } & Pick<CompileOptions, 'knownEndpoints' | 'allowLocal'>;

/** The endpoint the params make (the plan's URL, or its template filled by core's buildUrl), or undefined when refused. */
function endpointFor(plan: PrebidPlan, bound: Bound, options: SpecOptions): string | undefined {
  if (!plan.template) return plan.url;
  const byKey = new Map([...bound].map(([field, value]) => [keyOf(field as FieldPlan), value]));
  const url = buildUrl(plan.template, templateHosts(plan.template, 'prebid-js', options), (key) => byKey.get(key));
  return url instanceof URL ? url.href : undefined;
}

/** Whether the engine takes `params` (and, with a template, the URL they make passes). */
const isValid = (plan: PrebidPlan, params: unknown, options: SpecOptions) => {
  const issues: Issue[] = [];
  const bound = valuesEngine(plan, ALL_FEATURES, unknownField).bind(params, issues);
  return issues.length === 0 && endpointFor(plan, bound, options) !== undefined;
};

/** The site every request of the spec has (the inventory object of the publisher and site ids). */
const SITE = { page: 'https://publisher.example/article', domain: 'publisher.example', publisher: { domain: 'publisher.example' } };

/**
 * A bid of the partner's answer with `cpm` at the CPM field (price is a decoy unless it is the CPM field), and the
 * fields of a bid of `type` when one is given.
 */
function answerBid(cpmField: string, cpm: unknown, type?: MediaType): Record<string, unknown> {
  const bid: Record<string, any> = {
    id: 'seat-bid-1',
    impid: 'bid-1',
    price: 0.01,
    crid: 'creative-1',
    adomain: ['brand.example'],
    ...(type && answerOf(type)),
  };
  const keys = cpmField.split('.');
  let node = bid;
  for (const key of keys.slice(0, -1)) node = node[key] = typeof node[key] === 'object' && node[key] !== null ? node[key] : {};
  if (cpm === undefined) delete node[keys[keys.length - 1]!];
  else node[keys[keys.length - 1]!] = cpm;
  return bid;
}

/** The source of the spec. */
export function repoSpec(plan: PrebidPlan, definitions: readonly FieldDefinition[], options: SpecOptions = {}): string {
  const split = options.split === true;
  const mediaTypes = ALL_MEDIA_TYPES.filter((type) => !plan.mediaTypes || plan.mediaTypes.includes(type));
  const first = mediaTypes[0]!;
  const { params } = exampleParams(plan, definitions);
  const code = styled(plan.code);
  const valid = isValid(plan, params, options);
  const verdicts = plan.fields.flatMap((field) =>
    triedFor(field).map((value) => {
      const tried: Record<string, unknown> = { ...params };
      if (value === undefined) delete tried[keyOf(field)];
      else tried[keyOf(field)] = value;
      return `      [${styled(keyOf(field))}, ${value === undefined ? 'undefined' : styled(value)}, ${isValid(plan, tried, options)}],`;
    }),
  );
  // What the engine writes for the example params into a one-imp request with the spec's site.
  const issues: Issue[] = [];
  // Typed targets (docs/spec.md#more-openrtb-targets) written as the page runtime writes them.
  // With the record's steps and guards (docs/spec.md#removals, docs/spec.md#conditions) as the page runtime runs them.
  const steps = stepsOf(plan);
  const typed = typedEngine(valuesEngine(plan, ALL_FEATURES, unknownField));
  const engine = steps ? stepsEngine(typed, steps) : typed;
  const bound = engine.bind(params, issues);
  const written = valid ? engine.apply(bound, { imp: [{}], site: structuredClone(SITE) }, [0], issues) : undefined;
  const [imp] = written?.imp ?? [{}];
  const requestExt = written?.ext;
  // Whether the example params send a site, app or dooh id: then a request with none of those objects sends no bid.
  // The floor sent where the floors module gave 1.5: the params' own, unless the floor is written only where there is none.
  const floorSent = written && engine.apply(bound, { imp: [{ bidfloor: 1.5, bidfloorcur: 'USD' }], site: structuredClone(SITE) }, [0], [])?.imp[0].bidfloor;
  const floorTitle =
    imp.bidfloor === undefined || floorSent === 1.5
      ? 'sends the price floor of the floors module (getFloor)'
      : 'asks the floors module (getFloor), and sends the floor its params enter';
  const needsInventory = written !== undefined && engine.apply(bound, { imp: [{}] }, [0], []) === undefined;
  const buildTests = written
    ? `
  describe('buildRequests', function () {
    it('sends one POST of an OpenRTB request to the endpoint, each bid\\'s params in its imp', function () {
      const request = build([bidRequest()]);
      expect(request.method).to.equal('POST');
      expect(request.url).to.equal(${styled(endpointFor(plan, bound, options))});
      expect(request.data.imp).to.have.length(1);
      expect(request.data.imp[0]).to.deep.include(${styled({ id: 'bid-1', ...imp })});
      expect(request.data.site).to.deep.equal(${styled(written.site)});${requestExt ? `\n      expect(request.data.ext).to.deep.include(${styled(requestExt)});` : ''}
    });

    it(${split ? "'sends one request per bid'" : "'sends one request for all bids'"}, function () {
      const second = { ...bidRequest(), bidId: 'bid-2', adUnitCode: 'test-div-2' };
      const requests = [].concat(spec.buildRequests([bidRequest(), second], bidderRequest()));
      expect(requests.map((request) => request.data.imp.map((imp) => imp.id))).to.deep.equal(${split ? "[['bid-1'], ['bid-2']]" : "[['bid-1', 'bid-2']]"});
    });

    it(${styled(floorTitle)}, function () {
      const bid = bidRequest();
      bid.getFloor = sinon.stub().returns({ currency: 'USD', floor: 1.5 });
      const request = build([bid]);
      expect(bid.getFloor.called).to.equal(true);
      expect(request.data.imp[0].bidfloor).to.equal(${styled(floorSent ?? 1.5)});
    });${
      needsInventory
        ? `

    it('sends no bid whose site or publisher id has no site, app or dooh to go into', function () {
      expect([].concat(spec.buildRequests([bidRequest()], { ...bidderRequest(), ortb2: {} }))).to.deep.equal([]);
    });`
        : ''
    }
  });
${stepTests(plan, params, first)}${mediaTests(mediaTypes)}
  describe('interpretResponse', function () {
    it('reads the CPM at ${plan.cpm.replace(/'/g, '')}', function () {
      const [bid] = answer({ ...BID, ${styled(answerOf(first)).slice(2, -2)} });
      expect(bid).to.deep.include(${styled({ requestId: 'bid-1', cpm: 2.5, currency: plan.response?.currency ?? 'USD', creativeId: 'creative-1', ...bidOf(first) })});
    });

    it('leaves out a bid without a CPM there, or with one that is text or negative', function () {
      expect(answer(${styled(answerBid(plan.cpm, undefined, first))})).to.deep.equal([]);
      expect(answer(${styled(answerBid(plan.cpm, '2.5', first))})).to.deep.equal([]);
      expect(answer(${styled(answerBid(plan.cpm, -1, first))})).to.deep.equal([]);
    });

    it('gives no bids for an empty answer', function () {
      const request = build([bidRequest()]);
      expect(spec.interpretResponse({ body: { id: 'response-1', seatbid: [] } }, request).bids).to.deep.equal([]);
    });
  });
${plan.response ? responseTests(plan.response, plan.cpm, mediaTypes) : ''}`
    : `
  // The test parameters of the module doc are not valid params yet (a placeholder): fill them in, then add
  // buildRequests and interpretResponse tests.
`;
  return `// ${plan.code} bid adapter. Generated by \`bidfields prebid-adapter --target prebid-repo\` with the module: each
// expected verdict and request field below is what the partner's bidfields record gives for the same params.
import { expect } from 'chai';
import sinon from 'sinon';
import { spec } from 'modules/${plan.code}BidAdapter.js';
import { newBidder } from 'src/adapters/bidderFactory.js';
import * as events from 'src/events.js';
import { EVENTS } from 'src/constants.js';
import 'modules/priceFloors.js';

const PARAMS = ${styled(params)};

${mediaPrelude(plan.code, first)}

/** The first request buildRequests makes for \`bids\` (it makes one for all bids, or one per bid). */
function build(bids) {
  return [].concat(spec.buildRequests(bids, bidderRequest()))[0];
}

/** A bid of the partner's answer with a CPM of 2.5 at ${plan.cpm.replace(/[*/]/g, '')}, of no media type yet. */
const BID = ${styled(answerBid(plan.cpm, 2.5))};

/** The bids Prebid gets from an answer of \`bid\` to \`request\`. */
function answer(bid, request = build([bidRequest()])) {
  return spec.interpretResponse({ body: { id: 'response-1', cur: 'USD', seatbid: [{ seat: ${code}, bid: [bid] }] } }, request).bids;
}

function bidderRequest() {
  return {
    bidderCode: ${code},
    bidderRequestId: 'bidder-request-1',
    auctionId: 'auction-1',
    timeout: 1000,
    ortb2: { site: ${styled(SITE)} },
    bids: [bidRequest()]
  };
}

describe('${plan.code}BidAdapter', function () {
  const adapter = newBidder(spec);

  it(${styled(`registers a bidder for ${mediaTypes.join(', ')}`)}, function () {
    expect(adapter.callBids).to.be.a('function');
    expect(spec.code).to.equal(${code});
    expect(spec.supportedMediaTypes).to.deep.equal(${styled(mediaTypes)});${plan.gvlid ? `\n    expect(spec.gvlid).to.equal(${plan.gvlid});` : ''}
  });

  describe('isBidRequestValid', function () {
    it('${valid ? 'accepts' : 'refuses'} the test parameters', function () {
      expect(spec.isBidRequestValid(bidRequest())).to.equal(${valid});
    });

    it('refuses params that are not an object', function () {
      expect(spec.isBidRequestValid(bidRequest('params'))).to.equal(false);
    });

    it('ignores a param it does not take, as Prebid adapters do, and logs it once', function () {
      const warnings = [];
      const listener = (event) => warnings.push(event.arguments);
      events.on(EVENTS.AUCTION_DEBUG, listener);
      expect(spec.isBidRequestValid(bidRequest({ ...PARAMS, notAParam: 1 }))).to.equal(${valid});
      expect(spec.isBidRequestValid(bidRequest({ ...PARAMS, notAParam: 2 }))).to.equal(${valid});
      events.off(EVENTS.AUCTION_DEBUG, listener);
      expect(warnings.filter((args) => args.includes('notAParam'))).to.have.length(${valid ? 1 : 0});
    });

    // [param, value (undefined: left out), valid]: each param tried with the others as in PARAMS.
    const cases = [
${verdicts.join('\n')}
    ];
    cases.forEach(([key, value, valid]) => {
      it(\`\${valid ? 'accepts' : 'refuses'} \${key} = \${JSON.stringify(value)}\`, function () {
        const params = { ...PARAMS };
        if (value === undefined) delete params[key];
        else params[key] = value;
        expect(spec.isBidRequestValid(bidRequest(params))).to.equal(valid);
      });
    });
  });
${buildTests}});
`;
}
