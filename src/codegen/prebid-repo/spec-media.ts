/**
 * The media types of the in-repository adapter's spec (spec-js.ts): the ad units it builds bid requests for (`MEDIA`:
 * banner, video and native, as Prebid hands them to an adapter), the partner's answer of each type, and one test per
 * media type (docs/spec.md#protocols): one the partner takes is sent in the imp and read back as its type; one it does
 * not take is sent neither alone nor as part of a multi-format ad unit.
 */
import { ALL_MEDIA_TYPES, type MediaType } from '../../core/rules/media-types.js';
import { styled } from './styled.js';

/** What each media type's bid answer carries, and what Prebid's bid made from it includes. */
const ANSWERS: Record<MediaType, { answer: Record<string, unknown>; bid: Record<string, unknown> }> = {
  banner: { answer: { mtype: 1, adm: '<div>ad</div>', w: 300, h: 250 }, bid: { mediaType: 'banner', ad: '<div>ad</div>', width: 300, height: 250 } },
  video: { answer: { mtype: 2, adm: '<VAST version="4.0"></VAST>' }, bid: { mediaType: 'video', vastXml: '<VAST version="4.0"></VAST>' } },
  native: { answer: { mtype: 4, adm: '{"assets":[{"id":1,"title":{"text":"Title"}}]}' }, bid: { mediaType: 'native' } },
};

/** The answer fields of a bid of `type` (a non-empty object: its entries are written into an object literal). */
export const answerOf = (type: MediaType) => ANSWERS[type].answer;

/** What Prebid's bid of `type` includes. */
export const bidOf = (type: MediaType) => ANSWERS[type].bid;

/** The spec's ad units by media type, and `bidRequest(params, types)`: a bid request of those media types (default the first the partner takes). */
export function mediaPrelude(code: string, first: MediaType): string {
  return `/** Prebid's native request of the native ad unit (Prebid makes it from mediaTypes.native.ortb). */
const NATIVE_REQUEST = { ver: '1.2', assets: [{ id: 1, required: 1, title: { len: 80 } }] };

/** The ad unit's mediaTypes for each media type. */
const MEDIA = {
  banner: { sizes: [[300, 250]] },
  video: { context: 'instream', playerSize: [[640, 480]], mimes: ['video/mp4'], protocols: [2, 3] },
  native: { ortb: NATIVE_REQUEST }
};

function bidRequest(params = PARAMS, types = [${styled(first)}]) {
  const bid = {
    bidder: ${styled(code)},
    bidId: 'bid-1',
    adUnitCode: 'test-div',
    auctionId: 'auction-1',
    bidderRequestId: 'bidder-request-1',
    params,
    mediaTypes: {}
  };
  for (const type of types) bid.mediaTypes[type] = MEDIA[type];
  if (types.includes('native')) bid.nativeOrtbRequest = NATIVE_REQUEST;
  return bid;
}`;
}

/** One test for each media type: those the partner takes, and those it does not. */
export function mediaTests(mediaTypes: readonly MediaType[]): string {
  const takes = mediaTypes.join(' and ');
  const tests = ALL_MEDIA_TYPES.map((type) =>
    mediaTypes.includes(type)
      ? `
    it(${styled(`sends a ${type} ad unit's ${type} in its imp, and reads a ${type} bid`)}, function () {
      const request = build([bidRequest(PARAMS, [${styled(type)}])]);
      expect(request.data.imp[0]).to.have.property(${styled(type)});
      const [bid] = answer({ ...BID, ${styled(answerOf(type)).slice(2, -2)} }, request);
      expect(bid).to.deep.include(${styled(bidOf(type))});
    });`
      : `
    it(${styled(`sends no ${type}: it takes ${takes} only`)}, function () {
      expect([].concat(spec.buildRequests([bidRequest(PARAMS, [${styled(type)}])], bidderRequest()))).to.deep.equal([]);
      const request = build([bidRequest(PARAMS, [${styled(type)}, ${styled(mediaTypes[0])}])]);
      expect(request.data.imp[0]).to.not.have.property(${styled(type)});
      expect(request.data.imp[0]).to.have.property(${styled(mediaTypes[0])});
    });`,
  );
  return `
  describe('media types', function () {${tests.join('\n')}
  });
`;
}
