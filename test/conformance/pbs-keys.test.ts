// Prebid Server's adapter tests read their fixtures with Go's encoding/json, which takes a key written in another case
// (`httpcalls` for `httpCalls`): the judge of `bidfields conformance --pbs` reads them as Go does, so such a
// fixture's expected calls are compared rather than taken for none (pubnative's native.json spells it so).
import { describe, expect, it } from 'vitest';
import { expectedCalls } from '../../src/conformance/pbs.js';

describe('expectedCalls reads a fixture as Go does', () => {
  it('takes a key in another case when the exact one is missing, and the exact one first', () => {
    const call = { expectedRequest: { uri: 'https://a.example/x', body: { id: 'r' } } };
    expect(expectedCalls({ mockBidRequest: {}, httpcalls: [call] } as never)).toEqual([{ uri: 'https://a.example/x', body: { id: 'r' } }]);
    expect(expectedCalls({ mockBidRequest: {}, HTTPCALLS: [{ ExpectedRequest: { URI: 'https://b.example/', Body: 1 } }] } as never)).toEqual([
      { uri: 'https://b.example/', body: 1 },
    ]);
    expect(expectedCalls({ mockBidRequest: {}, httpCalls: [], httpcalls: [call] } as never)).toEqual([]);
    expect(expectedCalls({ mockBidRequest: {} } as never)).toEqual([]);
  });
});
