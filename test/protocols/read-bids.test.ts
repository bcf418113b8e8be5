/**
 * readBids (docs/spec.md#read-bids) through its public API, for what the fixtures cannot hold: requests built, copied
 * or changed after the build; bodies given parsed (never changed, and read as their text is); answers too large or
 * too deep for a fixture, 10,000 bids; and callers that pass anything at all (it never throws, never pollutes).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/core/compile/index.js';
import { buildRtbRequests } from '../../src/protocols/rtb.js';
import { compilePrebidServer } from '../../src/protocols/prebid-server.js';
import { readBids } from '../../src/protocols/read-bids.js';
import { MAX_ANSWER_LENGTH } from '../../src/core/response/read-answer.js';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import type { AdapterInput, BidRequest } from '../../src/core/types.js';

const known = { knownEndpoints: ['bid.partner.example'] };
const record = { protocol: 'rtb', endpoint: 'https://bid.partner.example/rtb', fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag id' }] } as const;
const adapter = compile({ ...record, fields: [...record.fields], response: { macros: ['adm', 'burl'] } }, known);
const request = (): BidRequest => ({
  id: 'r',
  imp: [
    { id: '1', banner: { w: 300, h: 250 } },
    { id: '2', video: { mimes: ['video/mp4'] } },
  ],
  site: { id: 's' },
});
const answer = (...bid: unknown[]) => ({ status: 200, body: JSON.stringify({ seatbid: [{ bid }] }) });
const summary = (result: ReturnType<typeof readBids>) => ({
  bids: result.bids.map(({ impId, type, price }) => `${impId} ${type} ${price}`),
  issues: result.issues.map((found) => `${found.code} ${found.path}`),
  warnings: result.warnings.map((found) => `${found.code} ${found.path}`),
});

/** A deep copy with every object frozen: a write anywhere throws. */
function frozen<T>(value: T): T {
  const copy = structuredClone(value);
  const stack: unknown[] = [copy];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node === 'object' && node !== null) stack.push(...Object.values(Object.freeze(node)));
  }
  return copy;
}

describe('readBids: the request an answer is read against', () => {
  it('reads an answer against the imps of the request built, and of a copy of it (read from its body)', () => {
    const [http] = buildRtbRequests(adapter, request(), [{ 'prd.impTagId': 'a' }, null]);
    const bids = answer({ impid: '1', price: 1 }, { impid: '2', price: 2 }, { impid: '3', price: 3 });
    const built = summary(readBids(adapter, http!, bids));
    expect(built).toEqual({ bids: ['1 banner 1', '2 video 2'], issues: ['invalid_bid /seatbid/0/bid/2'], warnings: [] });
    expect(summary(readBids(adapter, structuredClone(http!), bids))).toEqual(built);
    expect(summary(readBids(adapter, request(), bids))).toEqual(built);
  });

  it('keeps the imps as sent: a caller that changes its request after the build does not change what the answer is read against', () => {
    const input = request();
    // The second imp is given no values: the request sent shares it with the caller's (copy-on-write).
    const [http] = buildRtbRequests(adapter, input, [{ 'prd.impTagId': 'a' }, null]);
    expect(JSON.parse(http!.body).imp[1]).toEqual(input.imp[1]);
    (input.imp[1] as { id: string }).id = 'changed';
    delete (input.imp[1] as { video?: unknown }).video;
    expect(summary(readBids(adapter, http!, answer({ impid: '2', price: 2 }))).bids).toEqual(['2 video 2']);
  });

  it('reads each split request against its own imps only', () => {
    const split = compile({ ...record, fields: [...record.fields], split: 'imp' }, known);
    const sent = buildRtbRequests(split, request(), [{ 'prd.impTagId': 'a' }, { 'prd.impTagId': 'b' }]);
    expect(sent).toHaveLength(2);
    const both = answer({ impid: '1', price: 1 }, { impid: '2', price: 2 });
    expect(summary(readBids(split, sent[0]!, both))).toMatchObject({ bids: ['1 banner 1'], issues: ['invalid_bid /seatbid/0/bid/1'] });
    expect(summary(readBids(split, sent[1]!, both))).toMatchObject({ bids: ['2 video 2'], issues: ['invalid_bid /seatbid/0/bid/0'] });
  });

  it('refuses a request it cannot read (no imp list, no body, not an object) as invalid_request, and a non-adapter as schema', () => {
    for (const odd of [null, undefined, 'text', 5, {}, { body: '{"imp":5}' }, { body: 'not json' }, { imp: {} }, []]) {
      expect(summary(readBids(adapter, odd as object, answer({ impid: '1', price: 1 }))).issues).toEqual(['invalid_request ']);
    }
    for (const odd of [null, undefined, {}, { plan: {} }, 'adapter']) {
      expect(summary(readBids(odd as never, request(), answer())).issues).toEqual(['schema ']);
    }
  });
});

describe('readBids: bodies', () => {
  it('reads a body given parsed as its text is read, and never changes it (macros replaced in copies)', () => {
    const body = frozen({
      cur: 'EUR',
      seatbid: [{ bid: [{ impid: '1', price: 1.5, mtype: 1, adm: '<img src="/p=${AUCTION_PRICE}">', burl: 'https://b.example/?p=${AUCTION_PRICE}' }] }],
    });
    const before = structuredClone(body);
    const parsed = readBids(adapter, request(), { status: 200, body });
    const text = readBids(adapter, request(), { status: 200, body: JSON.stringify(body) });
    expect(parsed).toEqual(text);
    expect(parsed.bids[0]!.bid).toEqual({ ...before.seatbid[0]!.bid[0], adm: '<img src="/p=1.5">', burl: 'https://b.example/?p=1.5' });
    expect(parsed.bids[0]!.bid).not.toBe(body.seatbid[0]!.bid[0]);
    expect(body).toEqual(before);
  });

  it('gives every read-bids fixture answer the same result whether its body is text or parsed', () => {
    const cases = loadFixtures(path.resolve(import.meta.dirname, '../../fixtures'))
      .flatMap((file) => file.cases)
      .filter((found) => found.kind === 'read-bids' && found.values === undefined && found.response !== undefined);
    expect(cases.length).toBeGreaterThan(40);
    let compared = 0;
    for (const found of cases) {
      const input = found.adapter as AdapterInput;
      let compiled;
      try {
        compiled =
          (input as { protocol?: string }).protocol === 'prebid-server'
            ? compilePrebidServer(input, found.compileOptions)
            : compile(input, found.compileOptions);
      } catch {
        continue;
      }
      const { status, body = '' } = found.response as { status: number; body?: unknown };
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        continue;
      }
      // A string body is text by the API's own rule, so a JSON string has no parsed form to compare.
      if (typeof parsed === 'string') continue;
      const asText = readBids(compiled, found.request as object, { status, body: text });
      const asParsed = readBids(compiled, found.request as object, { status, body: frozen(parsed) });
      expect(asParsed, found.name).toEqual(asText);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('refuses a body over the length it reads as bad_response, without parsing it', () => {
    const long = '{"seatbid":[],"pad":"' + 'x'.repeat(MAX_ANSWER_LENGTH) + '"}';
    expect(summary(readBids(adapter, request(), { status: 200, body: long })).issues).toEqual(['bad_response ']);
    const fits = '{"seatbid":[],"pad":"' + 'x'.repeat(MAX_ANSWER_LENGTH - 30) + '"}';
    expect(summary(readBids(adapter, request(), { status: 200, body: fits })).issues).toEqual([]);
  });

  it('reads a bid nested 100,000 levels deep without recursing into it, and refuses a deep answer that is no object', () => {
    const depth = 100_000;
    const deep = '{"seatbid":[{"bid":[{"impid":"1","price":1,"ext":' + '['.repeat(depth) + ']'.repeat(depth) + '}]}]}';
    const read = readBids(adapter, request(), { status: 200, body: deep });
    expect(summary(read)).toEqual({ bids: ['1 banner 1'], issues: [], warnings: [] });
    const array = '['.repeat(depth) + ']'.repeat(depth);
    expect(summary(readBids(adapter, request(), { status: 200, body: array })).issues).toEqual(['bad_response ']);
  });

  it('reads 10,000 bids, in order, each against the imp it names (1,000 imps: found by a map)', () => {
    const imps = Array.from({ length: 1000 }, (_, i) => ({ id: `imp-${i}`, [i % 2 ? 'video' : 'banner']: {} }));
    const many = { id: 'r', imp: imps, site: { id: 's' } } as BidRequest;
    const bids = Array.from({ length: 10_000 }, (_, i) => ({ id: `b${i}`, impid: i % 1001 === 1000 ? 'nope' : `imp-${i % 1001}`, price: i / 100 }));
    const read = readBids(adapter, many, { status: 200, body: JSON.stringify({ seatbid: [{ bid: bids }] }) });
    const dropped = bids.flatMap((bid, i) => (bid.impid === 'nope' ? [`invalid_bid /seatbid/0/bid/${i}`] : []));
    expect(read.issues.map((found) => `${found.code} ${found.path}`)).toEqual(dropped);
    expect(read.bids).toHaveLength(10_000 - dropped.length);
    const kept = bids.filter((bid) => bid.impid !== 'nope');
    expect(read.bids.map((bid) => [bid.bid.id, bid.impId, bid.type])).toEqual(
      kept.map((bid) => [bid.id, bid.impid, Number(bid.impid.slice(4)) % 2 ? 'video' : 'banner']),
    );
  });
});

describe('readBids: hostile callers and answers', () => {
  it('never throws: getters and proxies that throw, revoked proxies, odd statuses and responses', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const throwing = {
      get seatbid() {
        throw new Error('getter');
      },
    };
    const trap = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error('trap');
        },
        get: () => {
          throw new Error('trap');
        },
      },
    );
    const responses: unknown[] = [
      null,
      undefined,
      5,
      'text',
      [],
      proxy,
      trap,
      { status: '200', body: '{}' },
      { status: 200, body: 5 },
      { status: 200, body: null },
      { status: 200, body: throwing },
      { status: 200, body: proxy },
      { status: 200, body: { seatbid: [trap] } },
      { status: 200, body: { seatbid: [{ bid: [proxy] }] } },
      {
        get status() {
          throw new Error('status');
        },
      },
    ];
    responses.forEach((response, i) => {
      const result = readBids(adapter, request(), response as never);
      expect(result.bids, `response ${i}`).toEqual([]);
      expect(result.issues.length, `response ${i}`).toBeGreaterThan(0);
    });
    expect(readBids(adapter, proxy, answer()).issues[0]!.code).toBe('invalid_request');
    expect(readBids(trap as never, request(), answer()).issues[0]!.code).toBe('schema');
  });

  it("writes no prototype and leaks no key: prototype keys in the answer stay the bid's own data", () => {
    const hostile = compile(
      {
        ...record,
        fields: [...record.fields],
        response: {
          meta: { dchain: 'ext.dchain', networkName: 'ext.__x' },
          bidType: [{ from: 'ext.t', map: { a: 'banner' } }, { from: 'imp' }],
          macros: ['adm'],
        },
      },
      known,
    );
    const body =
      '{"__proto__":{"polluted":1},"seatbid":[{"__proto__":{"polluted":2},"bid":[{"__proto__":{"polluted":3},"constructor":{"prototype":{"polluted":4}},' +
      '"impid":"1","price":1,"adm":"${AUCTION_PRICE}","ext":{"t":"__proto__","dchain":{"constructor":{"polluted":5}},"__x":"n"}}]}]}';
    const read = readBids(hostile, request(), { status: 200, body });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const [bid] = read.bids;
    expect(bid!.type).toBe('banner');
    expect(Object.getPrototypeOf(bid!.meta)).toBe(Object.prototype);
    expect(Object.keys(bid!.meta!)).toEqual(['networkName']);
    expect(Object.getPrototypeOf(bid!.bid)).toBe(Object.prototype);
    expect(Object.keys(bid!.bid)).toContain('__proto__');
    expect(read.warnings.map((found) => `${found.code} ${found.path}`)).toEqual(['bid_field_skipped /seatbid/0/bid/0/ext/dchain']);
  });
});
