// Endpoint templates (docs/spec.md#endpoint-templates) and split (docs/spec.md#split-imp) in the page, against both bidders made from one record (the
// record-taking one and an adapter generated at build time, which imports `template` and `requestsByUrl`): each
// value's verdict and URL are the library's (`compile(record).sendable`, the reference every protocol wrapper
// uses), over the template tables of test/endpoint; a refused value leaves its bid out as invalid params do;
// bids that make one URL share a request, bids that make different URLs go in one request per URL, and with split
// each valid bid is sent alone; each request's answer is read against its own imps; the finished URL is judged
// again in the page, against the known entries the plan carries.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generatePrebidAdapter } from '../../src/codegen/index.js';
import { compile } from '../../src/core/compile/index.js';
import type { Issue } from '../../src/core/issues.js';
import type { AdapterRecord } from '../../src/core/types.js';
import { createPrebidBidder } from '../../src/prebid/index.js';
import { bidderSpec, requestsByUrl, template } from '../../src/prebid/runtime.js';
import { bidderPlan } from '../../src/prebid/bidder.js';
import { compileCompact } from '../../src/core/compact/engine.js';
import type { BidderPlan, PrebidBidderSpec } from '../../src/prebid/types.js';
import { ACCEPTED, HOSTILE_LABELS, HOSTILE_PATHS } from '../endpoint/template-tables.js';
import { bidderRequest } from './fixtures.js';
import { generatedSpec } from './generated.js';

const known = ['*.bid.example.com', 'other.example'];
/** The template of the tables (test/endpoint/template-tables.ts), as a Prebid.js URL carries no query: the account in the path. */
const record: AdapterRecord = {
  protocol: 'prebid-js',
  endpoint: 'https://{region}.bid.example.com/pub/{publisherId}/rtb/{accountId}',
  cpmField: 'price',
  bidderCode: 'acme',
  fields: [
    { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', default: 'eu' },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher', default: 'pub-1' },
    { name: 'predefinedEndpoint.account', param: 'accountId', type: 'text', display: 'Account', default: 'acc-1' },
    { name: 'predefinedRequestExt.partner.id', param: 'partnerId', type: 'text', display: 'Partner' },
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' },
  ],
};
const split: AdapterRecord = { ...record, split: 'imp' };

const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
afterEach(() => warn.mockClear());
/** The issues the bidder logged last as 'invalid params', as code, path and field. */
const lastLogged = () => {
  const calls = warn.mock.calls.filter(([message]) => String(message).endsWith('invalid params'));
  return (calls.at(-1)?.[1] as Issue[] | undefined)?.map(({ code, path, field }) => ({ code, path, field }));
};

const bidders = async (input: AdapterRecord, knownEndpoints = known): Promise<[string, PrebidBidderSpec][]> => [
  ['record-taking bidder', createPrebidBidder(input, { knownEndpoints })],
  ['generated adapter', await generatedSpec(input, knownEndpoints)],
];
const bid = (id: string, params: unknown) => ({ bidId: id, bidder: 'acme', params, mediaTypes: { banner: { sizes: [[300, 250]] } } });
/** Every request an auction sends: its URL, imp ids and parsed body. */
const requests = (spec: PrebidBidderSpec, bids: unknown[]) =>
  spec
    .buildRequests(bids.filter((one) => spec.isBidRequestValid(one as never)) as never, bidderRequest as never)
    .map((request) => ({ url: request.url, body: JSON.parse(request.data) }));
const ids = (body: { imp: { id: string }[] }) => body.imp.map((imp) => imp.id);

/** The library's verdict on one bid's values: its URL, or its issues (code, path, field). */
const library = compile(record, { knownEndpoints: known });
const libraryVerdict = (values: Record<string, unknown>) => {
  const sendable = library.sendable({ id: 'r', imp: [{ id: '1' }], site: {} } as never, values as never);
  return sendable.ok ? sendable.url!.href : sendable.issues.map(({ code, path, field }) => ({ code, path, field }));
};

describe.each(await bidders(record))('endpoint templates in the page: %s', (_name, spec) => {
  it.each(HOSTILE_LABELS)('leaves out a bid whose host value is %s, with the library’s issue', (_why, region) => {
    const expected = libraryVerdict({ region });
    expect(expected).toEqual([{ code: 'invalid_value', path: '/region', field: 'predefinedEndpoint.region' }]);
    expect(spec.isBidRequestValid(bid('b1', { region }))).toBe(false);
    expect(lastLogged()).toEqual(expected);
    expect(spec.buildRequests([bid('b1', { region })] as never, bidderRequest as never)).toEqual([]);
  });

  it.each(HOSTILE_PATHS)('leaves out a bid whose path value is %s, with the library’s issue', (_why, publisherId) => {
    const expected = libraryVerdict({ publisherId });
    expect(expected).toEqual([{ code: 'invalid_value', path: '/publisherId', field: 'prd.appPublisherId' }]);
    expect(spec.isBidRequestValid(bid('b1', { publisherId }))).toBe(false);
    expect(lastLogged()).toEqual(expected);
  });

  it.each(ACCEPTED)('sends %s to the URL the library builds', (_why, values) => {
    // The tables' query value goes into the last path segment here.
    const expected = libraryVerdict(values);
    expect(typeof expected).toBe('string');
    expect(requests(spec, [bid('b1', values)]).map((request) => request.url)).toEqual([expected]);
  });

  it('writes nothing for an endpoint-only field; a param that fills a placeholder and a target is written too', () => {
    const [sent] = requests(spec, [bid('b1', { region: 'us', publisherId: 'p7', accountId: 'a9', placementId: 'top' })]);
    expect(sent!.url).toBe('https://us.bid.example.com/pub/p7/rtb/a9');
    expect(sent!.body.site.publisher).toEqual({ id: 'p7' });
    expect(JSON.stringify(sent!.body)).not.toMatch(/"region"|"account"|a9/);
  });

  it('without split: one request per URL, in the order of each URL’s first bid; request-level values from its own bids, the later winning', () => {
    const sent = requests(spec, [
      bid('b1', { region: 'us', partnerId: 'first', placementId: 'a' }),
      bid('b2', { region: 'ap', partnerId: 'other' }),
      bid('b3', { region: 'x.evil.com' }),
      bid('b4', { region: 'US', partnerId: 'second' }),
      bid('b5', { region: 'us' }),
    ]);
    expect(sent.map(({ url, body }) => [url, ids(body), body.ext.partner.id])).toEqual([
      ['https://us.bid.example.com/pub/pub-1/rtb/acc-1', ['b1', 'b4', 'b5'], 'second'],
      ['https://ap.bid.example.com/pub/pub-1/rtb/acc-1', ['b2'], 'other'],
    ]);
    // A bid Prebid did not filter (buildRequests is given it anyway) is left out there too, with its issues.
    expect(
      requests({ ...spec, isBidRequestValid: () => true }, [bid('b3', { region: 'x.evil.com' }), bid('b1', {})]).map(({ url, body }) => [url, ids(body)]),
    ).toEqual([['https://eu.bid.example.com/pub/pub-1/rtb/acc-1', ['b1']]]);
  });

  it('reads each answer against its own request: a bid for another request’s imp is dropped', () => {
    const sent = spec.buildRequests([bid('b1', { region: 'us' }), bid('b2', { region: 'ap' })] as never, bidderRequest as never);
    expect(sent).toHaveLength(2);
    const answer = (impid: string, price: number) => ({ body: { seatbid: [{ bid: [{ impid, price, adm: '<div>ad</div>', w: 300, h: 250, mtype: 1 }] }] } });
    expect(spec.interpretResponse(answer('b2', 5), sent[0]!)).toEqual([]);
    expect(warn.mock.calls.some(([message]) => String(message).endsWith('bid left out, no valid impid'))).toBe(true);
    expect(spec.interpretResponse(answer('b2', 5), sent[1]!).map((found) => [found.requestId, found.cpm])).toEqual([['b2', 5]]);
  });
});

describe.each(await bidders(split))('split: "imp" in the page: %s', (_name, spec) => {
  it('sends each valid bid alone, with its own request-level values and URL, in bid order', () => {
    const sent = requests(spec, [
      bid('b1', { region: 'us', partnerId: 'p1', placementId: 'top' }),
      bid('b2', { region: 'us', partnerId: 'p2' }),
      bid('b3', { region: 'a.b' }),
      bid('b4', { publisherId: 'other' }),
    ]);
    expect(sent.map(({ url, body }) => [url, ids(body), body.ext?.partner.id, body.site.publisher.id])).toEqual([
      ['https://us.bid.example.com/pub/pub-1/rtb/acc-1', ['b1'], 'p1', 'pub-1'],
      ['https://us.bid.example.com/pub/pub-1/rtb/acc-1', ['b2'], 'p2', 'pub-1'],
      ['https://eu.bid.example.com/pub/other/rtb/acc-1', ['b4'], undefined, 'other'],
    ]);
    expect(sent[0]!.body.imp[0].tagid).toBe('top');
    expect(sent.every(({ body }) => body.id === 'r1' && body.tmax === 800)).toBe(true);
  });

  it('matches answers to their request only, even to one URL', () => {
    const sent = spec.buildRequests([bid('b1', {}), bid('b2', {})] as never, bidderRequest as never);
    expect(sent.map((request) => request.url)).toEqual(['https://eu.bid.example.com/pub/pub-1/rtb/acc-1', 'https://eu.bid.example.com/pub/pub-1/rtb/acc-1']);
    const answer = { body: { seatbid: [{ bid: ['b1', 'b2'].map((impid) => ({ impid, price: 1, adm: 'ad', w: 300, h: 250, mtype: 1 })) }] } };
    expect(spec.interpretResponse(answer, sent[0]!).map((found) => found.requestId)).toEqual(['b1']);
    expect(spec.interpretResponse(answer, sent[1]!).map((found) => found.requestId)).toEqual(['b2']);
  });
});

const fixed: AdapterRecord = {
  ...split,
  endpoint: 'https://bid.example.com/x',
  fields: record.fields.filter((field) => !field.name.startsWith('predefinedEndpoint.')),
};
describe.each(await bidders(fixed, ['bid.example.com']))('split without a template: %s', (_name, spec) => {
  it('sends each valid bid alone to the endpoint, a bid with invalid params left out (a param the record does not know is no invalid one)', () => {
    const sent = requests(spec, [bid('b1', { partnerId: 'a' }), bid('b2', { partnerId: {} }), bid('b3', { partnerId: 'b', nope: 1 })]);
    expect(sent.map(({ url, body }) => [url, ids(body), body.ext.partner.id])).toEqual([
      ['https://bid.example.com/x', ['b1'], 'a'],
      ['https://bid.example.com/x', ['b3'], 'b'],
    ]);
  });
});

describe('the page judges each finished URL again, against the hosts its plan carries', () => {
  const plan = (hosts: string[]): BidderPlan => ({
    code: 'acme',
    template: ['https://', { key: 'region', place: 'host' }, '.bid.example.com/rtb'],
    hosts,
    cpm: 'price',
    fields: [{ name: 'predefinedEndpoint.region', key: 'region', to: [3, 'region'], type: 'text', default: 'eu' }],
  });
  it('sends to a URL below its hosts, and refuses every URL when it is not (unknown_endpoint at the value)', () => {
    const log = vi.fn();
    const covered = bidderSpec(plan(['.bid.example.com']), { log }, [template], requestsByUrl);
    expect(covered.buildRequests([bid('b1', { region: 'us' })] as never, bidderRequest as never).map((request) => request.url)).toEqual([
      'https://us.bid.example.com/rtb',
    ]);
    const uncovered = bidderSpec(plan(['bid.example.com', '.example.net', '.xbid.example.com']), { log }, [template], requestsByUrl);
    expect(uncovered.isBidRequestValid(bid('b1', { region: 'us' }))).toBe(false);
    expect(log).toHaveBeenLastCalledWith('bidfields acme: invalid params', [
      { code: 'unknown_endpoint', path: '/region', message: 'unknown_endpoint', field: 'predefinedEndpoint.region' },
    ]);
    expect(uncovered.buildRequests([bid('b1', { region: 'us' })] as never, bidderRequest as never)).toEqual([]);
  });

  it('the record-taking bidder carries only the bases of the known entries that cover the template; a generated adapter none of the list', () => {
    const knownEndpoints = ['other.example', '*.example.com', '*.bid.example.com', 'bid.example.com', 'internal.example.com'];
    expect(bidderPlan(compileCompact(record, { knownEndpoints }), { knownEndpoints }).hosts).toEqual(['.example.com', '.bid.example.com']);
    const { files } = generatePrebidAdapter(record, { knownEndpoints });
    const carried = JSON.parse(/registerOnPage\((\{.*\}), \{\}/m.exec(files[0].text)![1]!) as BidderPlan;
    expect(carried).not.toHaveProperty('hosts');
    expect(files[0].text).not.toMatch(/other\.example|internal|"\*\./);
  });
});

describe('a template on a local test host (allowLocal, the host listed exactly)', () => {
  const local: AdapterRecord = { ...fixed, endpoint: 'https://127.0.0.1:8443/pub/{publisherId}' };
  it.each([
    ['record-taking bidder', async () => createPrebidBidder(local, { knownEndpoints: ['127.0.0.1'], allowLocal: true })],
    ['generated adapter', async () => generatedSpec(local, ['127.0.0.1'], { allowLocal: true } as never)],
  ])('%s: builds each URL under the same allowLocal it was checked with', async (_name, make) => {
    const spec = await make();
    expect(
      spec
        .buildRequests([bid('b1', { publisherId: 'p 1' }), bid('b2', {})] as never, bidderRequest as never)
        .map((request) => [request.url, ids(JSON.parse(request.data))]),
    ).toEqual([
      ['https://127.0.0.1:8443/pub/p%201', ['b1']],
      ['https://127.0.0.1:8443/pub/pub-1', ['b2']],
    ]);
  });
  it('is refused without allowLocal, as validateAdapter refuses it', () => {
    expect(() => createPrebidBidder(local, { knownEndpoints: ['127.0.0.1'] })).toThrow(/invalid endpoint/);
  });
});
