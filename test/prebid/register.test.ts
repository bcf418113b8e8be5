// registerPrebidBidder: straight to pbjs.registerBidAdapter once Prebid has loaded; before that, FIRST in
// pbjs.que (created when the page has none), so it runs before the page's own queued auction.
import { describe, expect, it, vi } from 'vitest';
import { registerPrebidBidder, type PrebidGlobal } from '../../src/prebid/index.js';
import { quiet, record } from './fixtures.js';

describe('registerPrebidBidder', () => {
  it('registers at once when Prebid is loaded', () => {
    const registerBidAdapter = vi.fn();
    const pbjs: PrebidGlobal = { libLoaded: true, que: [], registerBidAdapter };
    const spec = registerPrebidBidder(pbjs, record, quiet);
    expect(registerBidAdapter).toHaveBeenCalledExactlyOnceWith(undefined, 'acme', spec);
    expect(pbjs.que).toEqual([]);
  });
  it('queues first, before commands the page queued, when Prebid is not loaded yet', () => {
    const order: string[] = [];
    const pbjs: PrebidGlobal = { que: [() => order.push('page auction')] };
    const spec = registerPrebidBidder(pbjs, record, quiet);
    pbjs.registerBidAdapter = (_adapter, code, registered) => {
      expect(registered).toBe(spec);
      order.push(`register ${code}`);
    };
    for (const command of pbjs.que!) command();
    expect(order).toEqual(['register acme', 'page auction']);
  });
  it('creates pbjs.que when the page has none', () => {
    const pbjs: PrebidGlobal = {};
    registerPrebidBidder(pbjs, record, quiet);
    expect(pbjs.que).toHaveLength(1);
  });
  it('throws at config time for a bad record, registering nothing', () => {
    const pbjs: PrebidGlobal = { que: [] };
    expect(() => registerPrebidBidder(pbjs, { ...record, bidderCode: 'bad code' }, quiet)).toThrow(/invalid_bidder_code/);
    expect(pbjs.que).toEqual([]);
  });
});
