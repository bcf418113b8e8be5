// A demand partner for the real-browser test: an https endpoint (self-signed certificate for `localhost`, made
// in memory at test time, so no openssl is needed) that records every request and answers by scenario, taken
// from the path `/bid/<scenario>` of the adapter's endpoint. Well-formed scenarios bid on every banner imp;
// the others send the malformed answers the bidder module must survive.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

export interface Received {
  method: string;
  /** The Cookie header the request came with (the partner's cookies, when the page sends credentials). */
  cookie?: string;
  scenario: string;
  /** The request's path (`/bid/<scenario>`, `/bid/split-<zone>`). */
  path: string;
  contentType: string | undefined;
  body: string;
}

type Imp = { id: string; banner?: unknown; native?: unknown };
type Answer = { status: number; body: string };

const json = (value: unknown): Answer => ({ status: 200, body: JSON.stringify(value) });

/** The imp ids the split scenario's requests carried so far. */
const splitImps = new Set<string>();

/** The partner's answer for a scenario, given the OpenRTB request it received (and its own origin, for notice URLs). */
function answer(scenario: string, request: { id?: string; imp?: Imp[] }, origin: string): Answer {
  const banners = (request.imp ?? []).filter((imp) => imp.banner);
  // `price` is a decoy in every scenario read through ext.bidfields.cpm: a bid must never win on it.
  const bid = (imp: Imp, index: number, extra: Record<string, unknown> = {}) => ({
    id: `b-${imp.id}`,
    impid: imp.id,
    price: 0.01,
    adm: `<div class="bidfields-ad">ad for ${imp.id}</div>`,
    crid: `cr-${index}`,
    w: 300,
    h: 250,
    mtype: 1,
    adomain: ['brand.example'],
    ext: { bidfields: { cpm: 2.5 + index } },
    ...extra,
  });
  const seat = (bids: unknown[]) => json({ id: request.id, cur: 'USD', seatbid: [{ seat: 'acme', bid: bids }] });
  switch (scenario) {
    case 'ext-cpm':
      return seat(banners.map((imp, i) => bid(imp, i)));
    case 'split': {
      // One request per bid (split): each answered for its own banner imps, plus a decoy bid (CPM 99) for every imp
      // of the scenario's earlier requests, which the bidder must not attribute to this request.
      const decoys = [...splitImps].map((impid) => ({
        id: `d-${impid}`,
        impid,
        price: 99,
        adm: '<div>decoy</div>',
        w: 300,
        h: 250,
        mtype: 1,
        ext: { bidfields: { cpm: 99 } },
      }));
      for (const imp of request.imp ?? []) splitImps.add(imp.id);
      return seat([...banners.map((imp, i) => bid(imp, i)), ...decoys]);
    }
    case 'answers':
      // Read by the record's response rules: no mtype (the type is ext.kind's), the price macro in the markup, a brand and
      // a deal priority, and the second banner priced 0 (left out by dropZeroPrice).
      return seat(
        banners.map((imp, i) => {
          const { mtype: _mtype, ...rest } = bid(imp, i, {
            adm: `<div class="bidfields-ad">\${AUCTION_PRICE}</div>`,
            ext: { bidfields: { cpm: i === 1 ? 0 : 2.5 + i }, kind: 'display', brand: 'Brand', priority: 3 },
          });
          return rest;
        }),
      );
    case 'price':
      return seat(banners.map((imp, i) => bid(imp, i, { price: 1.75 + i, ext: {} })));
    case 'notices':
      // The win notice (nurl) and the billing notice (burl, with the price macro) come back to /notice/….
      return seat(
        banners.map((imp, i) => bid(imp, i, { nurl: `${origin}/notice/nurl-${imp.id}`, burl: `${origin}/notice/burl-${imp.id}?price=\${AUCTION_PRICE}` })),
      );
    case 'native-malformed': {
      // Native markup Prebid 11's native code cannot read (no assets array) next to good banner bids: Prebid throws
      // on it inside its response callback unless the module drops it, and the whole answer is then lost.
      const natives = (request.imp ?? []).filter((imp) => imp.native);
      const broken = natives.map((imp) => ({
        id: `n-${imp.id}`,
        impid: imp.id,
        price: 0.01,
        mtype: 4,
        adm: JSON.stringify({ link: { url: 'https://brand.example/' } }),
        ext: { bidfields: { cpm: 9 } },
      }));
      return seat([...banners.map((imp, i) => bid(imp, i)), ...broken]);
    }
    case 'not-json':
      return { status: 200, body: '<html><body>502 Bad Gateway</body></html>' };
    case 'empty':
      return { status: 200, body: '' };
    case 'no-content':
      return { status: 204, body: '' };
    case 'null':
      return { status: 200, body: 'null' };
    case 'cpm-text':
      return seat(banners.map((imp, i) => bid(imp, i, { price: 3, ext: { bidfields: { cpm: '2.5' } } })));
    case 'cpm-negative':
      return seat(banners.map((imp, i) => bid(imp, i, { price: 3, ext: { bidfields: { cpm: -2.5 } } })));
    case 'no-impid':
      return seat(banners.map((imp, i) => ({ ...bid(imp, i), impid: undefined })));
    case 'unknown-impid':
      return seat(banners.map((imp, i) => bid(imp, i, { impid: `${imp.id}-other` })));
    case 'huge':
      return seat(banners.map((imp, i) => bid(imp, i, { adm: `<div>${'x'.repeat(12_000_000)}</div>` })));
    case 'server-error':
      return { status: 500, body: '{"error":"boom"}' };
    default:
      return { status: 404, body: '' };
  }
}

/** Starts the partner on an ephemeral port of 127.0.0.1 (reached as `localhost`). */
export async function startPartner(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const received: Received[] = [];
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const notice = req.url?.startsWith('/notice/');
      // `/bid/<scenario>`, or `/bid/split-<zone>` (an endpoint template's URL: the scenario, then the bid's zone).
      const scenario = notice ? 'notice' : (/^\/bid\/([a-z-]+?)(?:-\d+)?$/.exec(req.url ?? '')?.[1] ?? '');
      const body = notice ? req.url! : Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', scenario, path: req.url ?? '', contentType: req.headers['content-type'], body, cookie: req.headers.cookie });
      // The page's origin and credentials allowed: Prebid's own ajax sends cookies (withCredentials) unless told not to,
      // and a browser refuses a credentialed answer that only says '*'.
      const cors = { 'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-credentials': 'true', vary: 'origin' };
      if (notice) {
        res.writeHead(204, cors).end();
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(req.method === 'OPTIONS' ? 204 : 405, cors).end();
        return;
      }
      let request = {};
      try {
        request = JSON.parse(body);
      } catch {
        // answered by scenario all the same
      }
      const { status, body: out } = answer(scenario, request, `https://localhost:${(server.address() as AddressInfo).port}`);
      res.writeHead(status, { ...cors, 'content-type': out.startsWith('<') ? 'text/html' : 'application/json' }).end(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
