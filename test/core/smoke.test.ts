import { describe, expect, it } from 'vitest';
import { compile, validateAdapter, BidfieldsError } from '../../src/index.js';

describe('smoke', () => {
  it('enriches', () => {
    const adapter = compile({ protocol: 'prebid-server', fields: [
      { name: 'prd.impTagId', type: 'text', display: 'Tag' },
      { name: 'prd.appPublisherId', type: 'number', display: 'Pub' },
      { name: 'bidder.zone', type: 'number', display: 'Zone', integer: true },
      { name: 'predefinedImpExt.bidder.size', type: 'select', display: 'Size', options: [{ name: 'a', value: 1 }] },
    ] });
    const req = { id: '1', imp: [{ id: 'i', ext: { keep: 1 } }], site: { publisher: { name: 'x' } }, device: {} };
    const out = adapter.enrich(req as never, { 'prd.impTagId': 't', 'prd.appPublisherId': ' 42 ', 'bidder.zone': '7', 'predefinedImpExt.bidder.size': 1 });
    expect(out.request).toEqual({ id: '1', imp: [{ id: 'i', tagid: 't', ext: { keep: 1, bidder: { zone: 7, size: 1 } } }], site: { publisher: { name: 'x', id: '42' } }, device: {} });
    expect((out.request as any).device).toBe(req.device);
    expect(req.imp[0]).toEqual({ id: 'i', ext: { keep: 1 } });
  });
  it('reports', () => {
    expect(validateAdapter({ protocol: 'rtb', fields: [{ name: 'zone', type: 'text', display: 'Z', bogus: 1 }, { name: '__proto__.x', type: 'text', display: 'Z' }] })).toMatchObject([]);
    expect(() => compile([{ name: 'a', type: 'select', display: 'x' }] as never)).toThrow(BidfieldsError);
  });
});
