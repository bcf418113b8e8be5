// What Prebid Server's Go code makes of a mock request or a bid (src/conformance/go-json.ts): decoded into its
// openrtb2 struct and encoded again, as its adapter tests do (docs/spec.md#whole-adapters).
import { describe, expect, it } from 'vitest';
import { goStruct } from '../../src/conformance/go-json.js';

describe('goStruct: a value through Go openrtb2 structs', () => {
  it('leaves out empty omitempty members, keeps a pointer member that is 0, and writes the others even when absent', () => {
    const request = { id: 'r', test: 0, imp: [{ instl: 0, secure: 0, tagid: '', metric: [], banner: { w: 0, h: 250 } }], site: { ref: '' } };
    expect(goStruct(request, 'BidRequest')).toEqual({ id: 'r', imp: [{ id: '', secure: 0, banner: { w: 0, h: 250 } }], site: {} });
    expect(goStruct({ imp: [{ id: '1', video: { w: 640 } }] }, 'BidRequest')).toEqual({ id: '', imp: [{ id: '1', video: { mimes: null, w: 640 } }] });
  });

  it('drops members the struct lacks, reads a name without case, and keeps ext as it came', () => {
    const request = {
      id: 'r',
      publisher: { id: 'p' },
      imp: [{ id: '1', TagID: 't', ext: { bidder: { zone: 0, empty: '' } } }],
      Device: { deviceType: 4, ua: 'x' },
    };
    expect(goStruct(request, 'BidRequest')).toEqual({
      id: 'r',
      imp: [{ id: '1', tagid: 't', ext: { bidder: { zone: 0, empty: '' } } }],
      device: { devicetype: 4, ua: 'x' },
    });
  });

  it('gives a bid as the harness compares it: id, impid and price always, empty members and unknown keys out', () => {
    const bid = { id: 'b', impid: '1', price: 0, adomain: [], burl: '', w: 300, h: 0, mtype: 1, seat: 'x', ext: { prebid: { type: 'banner' } } };
    expect(goStruct(bid, 'Bid')).toEqual({ id: 'b', impid: '1', price: 0, w: 300, mtype: 1, ext: { prebid: { type: 'banner' } } });
    expect(goStruct({ price: 1.5 }, 'Bid')).toEqual({ id: '', impid: '', price: 1.5 });
  });

  it('keeps a null pointer struct out and a value Go could not decode as it came', () => {
    expect(goStruct({ id: 'r', imp: [], site: null, app: { id: 5 } }, 'BidRequest')).toEqual({ id: 'r', imp: [], app: { id: 5 } });
  });
});
