// Realistic OpenRTB 2.6 requests for the benchmark: site, device, user with several eids, regs, schain, and
// 1, 10 or 100 banner imps with ext.
export function makeRequest(impCount) {
  const imp = [];
  for (let i = 0; i < impCount; i++) {
    imp.push({
      id: String(i + 1),
      banner: {
        format: [
          { w: 300, h: 250 },
          { w: 300, h: 600 },
        ],
        pos: 1,
        api: [3, 5],
      },
      bidfloor: 0.25,
      bidfloorcur: 'USD',
      secure: 1,
      ext: { gpid: `/1234/home/slot-${i}`, data: { pbadslot: `slot-${i}`, adserver: { name: 'gam', adslot: `/1234/home/slot-${i}` } } },
    });
  }
  return {
    id: 'b6d2b1e4-5b5e-4f0c-9f7e-1a2b3c4d5e6f',
    imp,
    site: {
      id: 'site-1',
      domain: 'news.example.com',
      page: 'https://news.example.com/sports/article-123',
      ref: 'https://www.search.example/',
      cat: ['IAB17'],
      publisher: { id: 'pub-9', name: 'Example News', domain: 'example.com' },
      content: { language: 'en', keywords: 'football,league' },
    },
    device: {
      ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ip: '203.0.113.7',
      geo: { country: 'DEU', region: 'BE', city: 'Berlin', type: 2 },
      language: 'de',
      devicetype: 2,
      sua: { browsers: [{ brand: 'Chromium', version: ['124'] }], platform: { brand: 'Windows', version: ['10'] }, mobile: 0 },
    },
    user: {
      id: 'u-42',
      buyeruid: 'bu-77',
      consent: 'CPxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      eids: [
        { source: 'id5-sync.com', uids: [{ id: 'ID5*abc', atype: 1, ext: { linkType: 2 } }] },
        { source: 'liveramp.com', uids: [{ id: 'XY1000bIVBVah9ium-sZ3ykhPiXQbEcUpn4GjCtxrrw2BRDGM', atype: 3 }] },
        { source: 'criteo.com', uids: [{ id: 'crt-9f8e7d', atype: 1 }] },
        { source: 'pubcid.org', uids: [{ id: 'c29cb2ae-769d-42f6-891a-f53cadee823d', atype: 1 }] },
      ],
    },
    regs: { coppa: 0, gdpr: 1, us_privacy: '1---', gpp: 'DBACNYA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA', gpp_sid: [2] },
    source: {
      tid: 'f1e2d3c4',
      schain: {
        complete: 1,
        ver: '1.0',
        nodes: [
          { asi: 'ssp.example', sid: '123', hp: 1 },
          { asi: 'reseller.example', sid: '456', hp: 1 },
        ],
      },
    },
    tmax: 800,
    cur: ['USD'],
    ext: { prebid: { channel: { name: 'web' } } },
  };
}
