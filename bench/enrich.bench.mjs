// `npm run bench`: compares enrichment strategies on the same writes (tag id, publisher id, site id, two ext
// params, one of them nested) and the same requests (1, 10, 100 imps). Contestants run interleaved in rounds so
// machine drift hits all alike; the median ns/op of the rounds is reported. bidfields runs on its default engine
// (code generated from the plan) and, for reference, on the interpreter (`codegen: false`, as on a page
// whose CSP forbids eval). Each batch is timed in this process's CPU time (process.cpuUsage: user + system, every
// thread, so a contestant's garbage collection counts), not wall time: on a shared machine another process's load
// moves wall-clock medians by 2-3× and CPU time by a few per cent. Prints goal lines as PASS/FAIL; it is a
// benchmark, not a test, so it always exits 0.
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { klona } from 'klona/json';
import { dset } from 'dset';
import { cloneDeep, set as lodashSet } from 'lodash-es';
import { buildRtbRequests, compile } from '../dist/index.js';
import { makeRequest } from './requests.mjs';

const fields = [
  { name: 'prd.impTagId', type: 'text', display: 'Tag id' },
  { name: 'prd.appPublisherId', type: 'text', display: 'Publisher id' },
  { name: 'prd.appSiteId', type: 'text', display: 'Site id' },
  { name: 'zoneId', type: 'number', display: 'Zone', integer: true },
  { name: 'bidder.placement', type: 'text', display: 'Placement' },
];
const values = { 'prd.impTagId': 'top-banner', 'prd.appPublisherId': 'pub-1001', 'prd.appSiteId': 'site-77', zoneId: 7, 'bidder.placement': 'home' };
const adapter = compile(fields);
if (adapter.engine !== 'generated') throw new Error(`the adapter runs on the ${adapter.engine} engine, not generated code`);
const bound = adapter.bind(values);
const interpreter = compile(fields, { codegen: false });
const boundInterpreter = interpreter.bind(values);

// The same writes, by hand: the floor for a non-mutating enrichment (copy exactly the touched path). It uses
// the fastest copy idiom we know on V8 (spread when no key is added, a key loop when one is: adding a key to a
// spread clone costs ~1 µs), the same one bidfields uses, so the floor is a real floor.
function copyAdding(source) {
  const copy = {};
  for (const key in source) if (Object.hasOwn(source, key)) copy[key] = source[key];
  return copy;
}
function handCopyOnWrite(r) {
  const imp0 = r.imp[0];
  const imps = r.imp.slice();
  const imp = Object.hasOwn(imp0, 'tagid') ? { ...imp0 } : copyAdding(imp0);
  imp.tagid = 'top-banner';
  const ext = Object.hasOwn(imp0.ext, 'zoneId') && Object.hasOwn(imp0.ext, 'bidder') ? { ...imp0.ext } : copyAdding(imp0.ext);
  ext.zoneId = 7;
  ext.bidder = ext.bidder ? { ...ext.bidder, placement: 'home' } : { placement: 'home' };
  imp.ext = ext;
  imps[0] = imp;
  const site = { ...r.site };
  site.id = 'site-77';
  const publisher = { ...r.site.publisher };
  publisher.id = 'pub-1001';
  site.publisher = publisher;
  const out = { ...r };
  out.imp = imps;
  out.site = site;
  return out;
}
// … and for an in-place one.
function handInPlace(r) {
  const imp0 = r.imp[0];
  imp0.tagid = 'top-banner';
  const ext = imp0.ext ?? (imp0.ext = {});
  ext.zoneId = 7;
  (ext.bidder ?? (ext.bidder = {})).placement = 'home';
  r.site.id = 'site-77';
  (r.site.publisher ?? (r.site.publisher = {})).id = 'pub-1001';
  return r;
}
// … and the same in place with the checks SPEC requires of any enrichment (a safe floor for mutate): only own
// properties, only plain objects stepped into, null as absent, app before site before dooh. The own-property test is
// the fastest exact one we know for a plain object (the one bidfields generates: `key in object`, and Object.hasOwn
// only when Object.prototype has the key; Object.hasOwn alone is a call V8 does not inline on Node 20), so that this
// is a real floor.
const plain = (value) => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
const OP = Object.prototype;
// Each test written out at its place, with its key as a constant (as V8 caches best, and as the copy-on-write floor does).
function handSafeInPlace(r) {
  if (!plain(r)) throw new Error('not an object');
  const imps = 'imp' in r && (!('imp' in OP) || Object.hasOwn(r, 'imp')) ? (r.imp ?? undefined) : undefined;
  if (!Array.isArray(imps) || imps.length === 0) throw new Error('no imp');
  const imp0 = imps[0];
  const app = 'app' in r && (!('app' in OP) || Object.hasOwn(r, 'app')) ? (r.app ?? undefined) : undefined;
  const site = 'site' in r && (!('site' in OP) || Object.hasOwn(r, 'site')) ? (r.site ?? undefined) : undefined;
  const inventory = app ?? site ?? ('dooh' in r && (!('dooh' in OP) || Object.hasOwn(r, 'dooh')) ? (r.dooh ?? undefined) : undefined);
  if (!plain(imp0) || !plain(inventory)) throw new Error('not an object');
  const publisher =
    'publisher' in inventory && (!('publisher' in OP) || Object.hasOwn(inventory, 'publisher')) ? (inventory.publisher ?? undefined) : undefined;
  if (publisher !== undefined && !plain(publisher)) throw new Error('path conflict');
  imp0.tagid = 'top-banner';
  let ext = 'ext' in imp0 && (!('ext' in OP) || Object.hasOwn(imp0, 'ext')) ? (imp0.ext ?? undefined) : undefined;
  if (ext === undefined) imp0.ext = ext = {};
  else if (!plain(ext)) throw new Error('path conflict');
  ext.zoneId = 7;
  let bidder = 'bidder' in ext && (!('bidder' in OP) || Object.hasOwn(ext, 'bidder')) ? (ext.bidder ?? undefined) : undefined;
  if (bidder === undefined) ext.bidder = bidder = {};
  else if (!plain(bidder)) throw new Error('path conflict');
  bidder.placement = 'home';
  inventory.id = 'site-77';
  if (publisher === undefined) inventory.publisher = { id: 'pub-1001' };
  else publisher.id = 'pub-1001';
  return r;
}
function viaPaths(clone, setter) {
  return (r) => {
    const out = clone(r);
    setter(out, 'imp.0.tagid', 'top-banner');
    setter(out, 'site.publisher.id', 'pub-1001');
    setter(out, 'site.id', 'site-77');
    setter(out, 'imp.0.ext.zoneId', 7);
    setter(out, 'imp.0.ext.bidder.placement', 'home');
    return out;
  };
}
function structuredAssign(r) {
  const out = structuredClone(r);
  const imp0 = out.imp[0];
  imp0.tagid = 'top-banner';
  imp0.ext.zoneId = 7;
  (imp0.ext.bidder ??= {}).placement = 'home';
  out.site.id = 'site-77';
  out.site.publisher.id = 'pub-1001';
  return out;
}

const contestants = {
  'adapter.enrich': (r) => adapter.enrich(r, values).request,
  'bind(values).enrich': (r) => bound.enrich(r).request,
  'bound, mutate: true': (r) => bound.enrich(r, { mutate: true }).request,
  'interpreter: adapter.enrich': (r) => interpreter.enrich(r, values).request,
  'interpreter: bound': (r) => boundInterpreter.enrich(r).request,
  'interpreter: bound, mutate': (r) => boundInterpreter.enrich(r, { mutate: true }).request,
  'klona + dset (Prebid.js)': viaPaths(klona, dset),
  'lodash cloneDeep + set': viaPaths(cloneDeep, lodashSet),
  'structuredClone + assign': structuredAssign,
  'hand copy-on-write (floor)': handCopyOnWrite,
  'hand in-place, safe (floor)': handSafeInPlace,
  'hand in-place, unsafe': handInPlace,
};

// BENCH_ONLY=a,b runs only contestants whose name contains one of the parts (for profiling one at a time).
if (process.env.BENCH_ONLY) {
  const parts = process.env.BENCH_ONLY.split(',');
  for (const name of Object.keys(contestants)) if (!parts.some((part) => name.includes(part))) delete contestants[name];
}

// All contestants must produce the same request, or the comparison means nothing.
const reference = JSON.stringify(handCopyOnWrite(makeRequest(3)));
for (const [name, run] of Object.entries(contestants)) {
  if (JSON.stringify(run(makeRequest(3))) !== reference) throw new Error(`${name} produces a different request`);
}

/** Milliseconds of CPU time this process has used, or of wall time with BENCH_CLOCK=wall (see the header). */
const cpu =
  process.env.BENCH_CLOCK === 'wall'
    ? () => performance.now()
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
const inPlace = (name) => name.includes('mutate') || name.includes('in-place');
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length * (process.env.BENCH_QUANTILE ? Number(process.env.BENCH_QUANTILE) : 0.5))];
let sink = 0;

function measure(impCount) {
  const request = makeRequest(impCount);
  const mutable = makeRequest(impCount);
  const samples = Object.fromEntries(Object.keys(contestants).map((name) => [name, []]));
  const budgetNs = 2e6; // ~2 ms per contestant per round
  const rounds = 25;
  const batch = {};
  for (const [name, run] of Object.entries(contestants)) {
    const input = inPlace(name) ? mutable : request;
    let n = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) sink ^= run(input).imp.length;
      if ((performance.now() - t0) * 1e6 > budgetNs / 4 || n > 1e6) break;
      n *= 2;
    }
    batch[name] = n * 4;
  }
  for (let round = 0; round < rounds; round++) {
    const names = Object.keys(contestants);
    if (round % 2) names.reverse();
    for (const name of names) {
      const run = contestants[name];
      const input = inPlace(name) ? mutable : request;
      const n = batch[name];
      // Collect before each batch, so no contestant pays for the garbage another one left behind.
      globalThis.gc?.();
      const t0 = cpu();
      for (let i = 0; i < n; i++) sink ^= run(input).imp.length;
      samples[name].push(((cpu() - t0) * 1e6) / n);
    }
  }
  return samples;
}

/** The median ns/op of each contestant's rounds. */
const medians = (samples) => Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, median(list)]));
/**
 * How many times `b` costs `a`: the median over rounds of a's time over b's in the same round. Two batches of one
 * round run a few milliseconds apart, under the same load, so their ratio varies far less than either time.
 */
const ratio = (samples, a, b) => (samples[a] && samples[b] ? median(samples[a].map((ns, round) => ns / samples[b][round])) : NaN);

/**
 * Runs `runs` (name → function returning a number) warmed for `warmMs` each, then in 25 interleaved rounds of `n`
 * calls (the order reversed every other round, garbage collected before each batch); the CPU ns/op of each round.
 */
function interleaved(runs, n, warmMs = 300) {
  const samples = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (const run of Object.values(runs)) {
    const t0 = performance.now();
    while (performance.now() - t0 < warmMs) sink ^= run();
  }
  for (let round = 0; round < 25; round++) {
    const names = Object.keys(runs);
    if (round % 2) names.reverse();
    for (const name of names) {
      const run = runs[name];
      globalThis.gc?.();
      const t0 = cpu();
      for (let i = 0; i < n; i++) sink ^= run();
      samples[name].push(((cpu() - t0) * 1e6) / n);
    }
  }
  return samples;
}

/** Prints a table: each contestant's median ns/op, and the median of its rounds' ratios to `floor`. */
function table(title, samples, floor, width = 46) {
  console.log(`\n${title}: median ns/op over interleaved rounds; median of the rounds' ratios to ${floor}`);
  for (const [name, ns] of Object.entries(medians(samples)))
    console.log(`  ${name.padEnd(width)} ${fmt(ns).padStart(10)}   ${ratio(samples, name, floor).toFixed(2)}×`);
}

const goals = [];
// A goal whose contestants BENCH_ONLY left out is not judged.
const goal = (text, ok, detail) => void (detail.includes('NaN') || goals.push(`${ok ? 'PASS' : 'FAIL'}  ${text}  (${detail})`));
const fmt = (ns) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);

console.log(`bidfields enrichment benchmark — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}`);
// Warm every contestant on every request size first: a bidder service runs warm, and without this the first size
// measured would carry the JIT's tier-up of everything.
for (const impCount of [1, 10, 100]) {
  const request = makeRequest(impCount);
  for (const [name, run] of Object.entries(contestants)) {
    const input = inPlace(name) ? makeRequest(impCount) : request;
    const t0 = performance.now();
    while (performance.now() - t0 < 150) sink ^= run(input).imp.length;
  }
}
const results = {};
const b = 'bind(values).enrich',
  k = 'klona + dset (Prebid.js)',
  f = 'hand copy-on-write (floor)',
  safe = 'hand in-place, safe (floor)',
  m = 'bound, mutate: true';
for (const impCount of [1, 10, 100]) {
  const samples = (results[impCount] = measure(impCount));
  table(`${impCount} imp(s)`, samples, f, 30);
}

const r1 = results[1],
  r100 = results[100];
goal('bound enrich ≥ 7× faster than klona+dset at 1 imp', ratio(r1, k, b) >= 7, `${ratio(r1, k, b).toFixed(1)}×`);
goal('bound enrich ≥ 60× faster than klona+dset at 100 imps', ratio(r100, k, b) >= 60, `${ratio(r100, k, b).toFixed(1)}×`);
for (const n of [1, 100]) {
  const r = results[n];
  goal(`bound enrich ≤ 1.15× the hand copy-on-write floor at ${n} imp(s)`, ratio(r, b, f) <= 1.15, `${ratio(r, b, f).toFixed(2)}×`);
  goal(`unbound enrich ≤ 2× the floor at ${n} imp(s)`, ratio(r, 'adapter.enrich', f) <= 2, `${ratio(r, 'adapter.enrich', f).toFixed(2)}×`);
  goal(`mutate ≤ 1.5× the safe in-place floor at ${n} imp(s)`, ratio(r, m, safe) <= 1.5, `${ratio(r, m, safe).toFixed(2)}×`);
}

// Values per imp (docs/spec.md#per-imp): a bidder service that maps each of 10 slots to one of 10 bound placements (each its own
// tag id, zone and placement; the same publisher and site) enriches the request with enrichImps, against the same
// writes by hand (copy-on-write, as the floor above) and bind().enrich of one placement into a one-imp request.
// Measured like the rest: interleaved rounds, median.
{
  const slots = Array.from({ length: 10 }, (_, i) => ({ tagid: `slot-${i}`, zoneId: i + 1, placement: `p-${i}` }));
  const placements = slots.map((slot) => adapter.bind({ ...values, 'prd.impTagId': slot.tagid, zoneId: slot.zoneId, 'bidder.placement': slot.placement }));
  const interpreterPlacements = slots.map((slot) =>
    interpreter.bind({ ...values, 'prd.impTagId': slot.tagid, zoneId: slot.zoneId, 'bidder.placement': slot.placement }),
  );
  const handImps = (r) => {
    const imps = r.imp.slice();
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      const imp0 = imps[i];
      const imp = Object.hasOwn(imp0, 'tagid') ? { ...imp0 } : copyAdding(imp0);
      imp.tagid = slot.tagid;
      const ext = Object.hasOwn(imp0.ext, 'zoneId') && Object.hasOwn(imp0.ext, 'bidder') ? { ...imp0.ext } : copyAdding(imp0.ext);
      ext.zoneId = slot.zoneId;
      ext.bidder = ext.bidder ? { ...ext.bidder, placement: slot.placement } : { placement: slot.placement };
      imp.ext = ext;
      imps[i] = imp;
    }
    const site = { ...r.site };
    site.id = 'site-77';
    const publisher = { ...r.site.publisher };
    publisher.id = 'pub-1001';
    site.publisher = publisher;
    const out = { ...r };
    out.imp = imps;
    out.site = site;
    return out;
  };
  const request10 = makeRequest(10);
  const request1 = makeRequest(1);
  const runs = {
    'enrichImps, 10 imps / 10 placements': () => adapter.enrichImps(request10, placements).request,
    'interpreter: enrichImps': () => interpreter.enrichImps(request10, interpreterPlacements).request,
    'hand copy-on-write, 10 imps (floor)': () => handImps(request10),
    'bind(values).enrich, 1 imp': () => bound.enrich(request1).request,
  };
  const reference = JSON.stringify(handImps(request10));
  for (const [name, run] of Object.entries(runs).slice(0, 2)) if (JSON.stringify(run()) !== reference) throw new Error(`${name} produced a different request`);
  const samples = interleaved(Object.fromEntries(Object.entries(runs).map(([name, run]) => [name, () => run().imp.length])), 20000);
  const floorName = 'hand copy-on-write, 10 imps (floor)';
  table('values per imp', samples, floorName, 40);
  const imps = ratio(samples, 'enrichImps, 10 imps / 10 placements', floorName);
  goal('enrichImps (10 imps, 10 placements) ≤ 1.3× its hand floor', imps <= 1.3, `${imps.toFixed(2)}×`);
  // Issue 20's goal: the cost per imp of enrichImps within 1.5× of today's bind().enrich (one placement, one imp).
  const perImp = ratio(samples, 'enrichImps, 10 imps / 10 placements', 'bind(values).enrich, 1 imp') / 10;
  goal('enrichImps per imp ≤ 1.5× bind().enrich of one imp', perImp <= 1.5, `${perImp.toFixed(2)}× per imp`);
}

// A bidder service's whole hot path (docs/spec.md#protocols, docs/spec.md#headers): buildRtbRequests on a bound placement (enrich, headers, the body
// as text) against JSON.stringify of the very request it sends (serialising is the floor a service cannot avoid), on
// fixtures/requests/iab26-site-simple-banner.json with a three-field RTB record, without and with headers read
// from the request, and (printed, no goal) on an endpoint template. Measured like the rest: interleaved rounds, median
// of the rounds' ratios.
{
  const request = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/requests/iab26-site-simple-banner.json'), 'utf8'));
  const record = {
    protocol: 'rtb',
    endpoint: 'https://bid.partner.example/rtb',
    fields: [
      { name: 'prd.impTagId', type: 'text', display: 'Tag id' },
      { name: 'prd.appPublisherId', type: 'text', display: 'Publisher id' },
      { name: 'predefinedImpExt.zone', type: 'number', display: 'Zone', integer: true },
    ],
  };
  const headers = { Referer: { from: 'site.page' }, 'X-User': { from: ['user.buyeruid', 'user.id'] }, 'X-Openrtb-Version': { value: '2.5' } };
  const entered = { 'prd.impTagId': 'top', 'prd.appPublisherId': 'pub-1', 'predefinedImpExt.zone': 7 };
  const known = { knownEndpoints: ['bid.partner.example'] };
  const plain = compile(record, known);
  const withHeaders = compile({ ...record, headers }, known);
  // An endpoint template (docs/spec.md#endpoint-templates) filled by a value written nowhere else: the same body, a URL per placement.
  const templated = compile(
    {
      ...record,
      endpoint: 'https://{region}.bid.partner.example/rtb',
      fields: [...record.fields, { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', required: true }],
    },
    { knownEndpoints: ['*.bid.partner.example'] },
  );
  const placement = plain.bind(entered);
  const headed = withHeaders.bind(entered);
  const regional = templated.bind({ ...entered, region: 'eu' });
  const enriched = placement.enrich(request).request;
  const runs = {
    'JSON.stringify(the request sent) (floor)': () => JSON.stringify(enriched).length,
    'bound enrich + JSON.stringify': () => JSON.stringify(placement.enrich(request).request).length,
    'buildRtbRequests(adapter, req, [placement])': () => buildRtbRequests(plain, request, [placement])[0].body.length,
    'the same, record with 3 headers': () => buildRtbRequests(withHeaders, request, [headed])[0].body.length,
    'the same, endpoint template {region}': () => buildRtbRequests(templated, request, [regional])[0].body.length,
  };
  const regionalSent = buildRtbRequests(templated, request, [regional])[0];
  if (regionalSent.body !== JSON.stringify(enriched) || regionalSent.url !== 'https://eu.bid.partner.example/rtb')
    throw new Error('the templated build sent another request');
  const sent = buildRtbRequests(withHeaders, request, [headed])[0];
  if (sent.body !== JSON.stringify(enriched) || sent.headers.referer !== request.site.page) throw new Error('buildRtbRequests sent another request');
  const samples = interleaved(runs, 20000);
  const floorName = 'JSON.stringify(the request sent) (floor)';
  table("a bidder service's hot path", samples, floorName);
  const build = ratio(samples, 'buildRtbRequests(adapter, req, [placement])', floorName);
  goal('buildRtbRequests on a bound placement ≤ 1.2× JSON.stringify of the request it sends', build <= 1.2, `${build.toFixed(2)}×`);
  const built = ratio(samples, 'the same, record with 3 headers', floorName);
  goal('the same with 3 headers read from the request ≤ 1.2× JSON.stringify', built <= 1.2, `${built.toFixed(2)}×`);
}

// A record with headers, a floor (docs/spec.md#more-openrtb-targets), a list and a JSON param (docs/spec.md#headers,
// docs/spec.md#lists-json-ids), bound, against a hand-written floor that makes the same writes copy-on-write and builds the same
// headers with the same checks (own properties only, the header value rule), both serialising the body as the wrapper does.
{
  const request = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/requests/iab26-site-simple-banner.json'), 'utf8'));
  const record = {
    protocol: 'rtb',
    endpoint: 'https://bid.partner.example/rtb',
    headers: { Referer: { from: 'site.page' }, 'X-User': { from: ['user.buyeruid', 'user.id'] }, 'X-Openrtb-Version': { value: '2.5' } },
    fields: [
      { name: 'prd.impTagId', type: 'text', display: 'Tag id' },
      { name: 'prd.impBidFloor', type: 'number', display: 'Floor' },
      { name: 'predefinedImpExt.keywords', type: 'list', items: 'text', display: 'Keywords' },
      { name: 'predefinedImpExt.custom', type: 'json', display: 'Custom' },
    ],
  };
  const entered = {
    'prd.impTagId': 'top',
    'prd.impBidFloor': 0.5,
    'predefinedImpExt.keywords': 'sports, news',
    'predefinedImpExt.custom': { tier: 2, tags: ['a'] },
  };
  const adapter = compile(record, { knownEndpoints: ['bid.partner.example'] });
  const placement = adapter.bind(entered);
  const url = 'https://bid.partner.example/rtb';
  const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
  const own = (object, key) => (object !== null && typeof object === 'object' && Object.hasOwn(object, key) ? object[key] : undefined);
  const sendable = (value) => value !== undefined && value.length <= 1024 && /^[\x20-\x7e\xa0-\xff]+$/.test(value);
  const hand = (r) => {
    const imp0 = r.imp[0];
    const imp = copyAdding(imp0);
    imp.tagid = 'top';
    imp.bidfloor = 0.5;
    const ext = imp0.ext ? copyAdding(imp0.ext) : {};
    ext.keywords = ['sports', 'news'];
    ext.custom = { tier: 2, tags: ['a'] };
    imp.ext = ext;
    const imps = r.imp.slice();
    imps[0] = imp;
    const out = { ...r, imp: imps };
    const headers = { 'content-type': 'application/json', 'x-openrtb-version': '2.5' };
    const referer = text(own(own(out, 'site'), 'page'));
    if (sendable(referer)) headers.referer = referer;
    const user = text(own(own(out, 'user'), 'buyeruid')) ?? text(own(own(out, 'user'), 'id'));
    if (sendable(user)) headers['x-user'] = user;
    return { method: 'POST', url, headers, body: JSON.stringify(out), redirect: 'error' };
  };
  const built = buildRtbRequests(adapter, request, [placement])[0];
  if (JSON.stringify(built) !== JSON.stringify(hand(request))) throw new Error('the hand floor and buildRtbRequests differ');
  const runs = {
    'hand writes + headers + body (floor)': () => hand(request).body.length,
    'buildRtbRequests, bound (headers, floor, list, JSON)': () => buildRtbRequests(adapter, request, [placement])[0].body.length,
  };
  const samples = interleaved(runs, 20000);
  const floorName = 'hand writes + headers + body (floor)';
  table('headers, a floor, a list and a JSON param', samples, floorName);
  const bound = ratio(samples, 'buildRtbRequests, bound (headers, floor, list, JSON)', floorName);
  goal('a bound record with headers, a floor, a list and a JSON param ≤ 1.15× its hand floor', bound <= 1.15, `${bound.toFixed(2)}×`);
}

// Values from the request, conditions and removals (docs/spec.md#removals, docs/spec.md#conditions): a bound placement on a
// record that removes site.publisher, sets the banner size from its first format, copies the gpid into the bidder's
// params and writes a with constant, against a hand-written copy-on-write floor making the same writes.
{
  const stepsRecord = {
    protocol: 'rtb',
    fields: [
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', with: [{ name: 'predefinedImpExt.bidder.type', value: 'publisher' }] },
      { name: 'predefinedImpExt.bidder.placementId', param: 'pid', type: 'text', display: 'Id' },
    ],
    remove: ['site.publisher'],
    derive: [
      { op: 'bannerSizeFromFormat', when: 'eitherMissing' },
      { op: 'copy', from: 'imp.ext.gpid', to: 'predefinedImpExt.bidder.gpid' },
    ],
  };
  const stepsRequest = makeRequest(1);
  stepsRequest.imp[0].banner = { format: [{ w: 300, h: 250 }] };
  stepsRequest.imp[0].ext = { ...stepsRequest.imp[0].ext, gpid: '/1/top' };
  const placement = compile(stepsRecord).bind({ placementId: 'top', pid: 'p-1' });
  const handSteps = (r) => {
    const imp0 = r.imp[0];
    const format = imp0.banner.format[0];
    const banner = copyAdding(imp0.banner);
    banner.w = format.w;
    banner.h = format.h;
    const ext = copyAdding(imp0.ext);
    ext.bidder = { gpid: imp0.ext.gpid, placementId: 'p-1', type: 'publisher' };
    const imp = copyAdding(imp0);
    imp.banner = banner;
    imp.tagid = 'top';
    imp.ext = ext;
    const site = {};
    for (const key in r.site) if (key !== 'publisher' && Object.hasOwn(r.site, key)) site[key] = r.site[key];
    const out = { ...r };
    out.site = site;
    out.imp = [imp];
    return out;
  };
  // The same, making the checks SPEC requires on the way (as the safe in-place floor does): own properties of plain
  // objects, null as absent, the banner size only from a first format of two finite numbers and only where w or h is
  // missing, the gpid only when it is there and not "", each object written into found plain or created. Each test is
  // written at its place with a constant key (own: `key in o`, and Object.hasOwn only when Object.prototype has the key).
  const handStepsChecked = (r) => {
    if (!plain(r)) throw new Error('not an object');
    const imps = 'imp' in r && (!('imp' in OP) || Object.hasOwn(r, 'imp')) ? (r.imp ?? undefined) : undefined;
    if (!Array.isArray(imps) || imps.length === 0) throw new Error('no imp');
    const imp0 = imps[0];
    if (!plain(imp0)) throw new Error('not an object');
    let out = r;
    const site0 = 'site' in r && (!('site' in OP) || Object.hasOwn(r, 'site')) ? (r.site ?? undefined) : undefined;
    if (plain(site0) && Object.hasOwn(site0, 'publisher')) {
      out = { ...r };
      const site = {};
      for (const key in site0) if (key !== 'publisher' && Object.hasOwn(site0, key)) site[key] = site0[key];
      out.site = site;
    }
    const imp = copyAdding(imp0);
    const banner0 = 'banner' in imp0 && (!('banner' in OP) || Object.hasOwn(imp0, 'banner')) ? (imp0.banner ?? undefined) : undefined;
    if (plain(banner0)) {
      const format = 'format' in banner0 && (!('format' in OP) || Object.hasOwn(banner0, 'format')) ? banner0.format : undefined;
      const first = Array.isArray(format) && format.length ? format[0] : undefined;
      const w = plain(first) && 'w' in first && (!('w' in OP) || Object.hasOwn(first, 'w')) ? first.w : undefined;
      const h = plain(first) && 'h' in first && (!('h' in OP) || Object.hasOwn(first, 'h')) ? first.h : undefined;
      const hasW = 'w' in banner0 && (!('w' in OP) || Object.hasOwn(banner0, 'w')) && banner0.w != null;
      const hasH = 'h' in banner0 && (!('h' in OP) || Object.hasOwn(banner0, 'h')) && banner0.h != null;
      if (Number.isFinite(w) && Number.isFinite(h) && (!hasW || !hasH)) {
        const banner = copyAdding(banner0);
        banner.w = w;
        banner.h = h;
        imp.banner = banner;
      }
    }
    const ext0 = 'ext' in imp0 && (!('ext' in OP) || Object.hasOwn(imp0, 'ext')) ? (imp0.ext ?? undefined) : undefined;
    let ext;
    if (ext0 === undefined) ext = {};
    else if (plain(ext0)) ext = copyAdding(ext0);
    else throw new Error('path conflict');
    const gpid = ext0 !== undefined && 'gpid' in ext && (!('gpid' in OP) || Object.hasOwn(ext, 'gpid')) ? (ext.gpid ?? undefined) : undefined;
    const bidder0 = 'bidder' in ext && (!('bidder' in OP) || Object.hasOwn(ext, 'bidder')) ? (ext.bidder ?? undefined) : undefined;
    let bidder;
    if (bidder0 === undefined) bidder = {};
    else if (plain(bidder0)) bidder = copyAdding(bidder0);
    else throw new Error('path conflict');
    if (typeof gpid === 'string' && gpid !== '') bidder.gpid = gpid;
    bidder.placementId = 'p-1';
    bidder.type = 'publisher';
    ext.bidder = bidder;
    imp.tagid = 'top';
    imp.ext = ext;
    if (out === r) out = { ...r };
    const list = imps.slice();
    list[0] = imp;
    out.imp = list;
    return out;
  };
  for (const hand of [handSteps, handStepsChecked])
    if (JSON.stringify(placement.enrich(stepsRequest).request) !== JSON.stringify(hand(stepsRequest))) throw new Error('the steps floor writes something else');
  const samples = interleaved(
    {
      'hand copy-on-write with the steps (floor)': () => handSteps(stepsRequest).imp.length,
      'the same with the checks SPEC requires': () => handStepsChecked(stepsRequest).imp.length,
      'bind().enrich, removal + derive + with': () => placement.enrich(stepsRequest).request.imp.length,
    },
    20_000,
  );
  table('removals, derivations and with constants', samples, 'hand copy-on-write with the steps (floor)');
  const stepsRatio = ratio(samples, 'bind().enrich, removal + derive + with', 'hand copy-on-write with the steps (floor)');
  goal('bound enrich with a removal, banner size, copy and with constant ≤ 1.15× its hand floor', stepsRatio <= 1.15, `${stepsRatio.toFixed(2)}×`);
  const checkedRatio = ratio(samples, 'bind().enrich, removal + derive + with', 'the same with the checks SPEC requires');
  console.log(`  (against the hand floor that makes SPEC's checks: ${checkedRatio.toFixed(2)}×)`);
}

// Compiling a 1,000-field adapter, with code generation (the default) and without.
const big = Array.from({ length: 1000 }, (_, i) => ({
  name: `p${i % 10}.k${i}`,
  type: i % 3 === 0 ? 'number' : i % 3 === 1 ? 'text' : 'select',
  display: `Field ${i}`,
  ...(i % 3 === 2
    ? {
        options: [
          { name: 'a', value: 1 },
          { name: 'b', value: 2 },
        ],
      }
    : {}),
}));
if (compile(big).engine !== 'generated') throw new Error('the 1,000-field adapter is not generated');
// Each compile of a different record (the first field renamed: a new source), so no cache of V8's answers for it;
// both kinds warmed alike (the first compiles of a process also pay for compiling the checker itself), then
// interleaved, as the enrichment contestants are.
let variant = 0;
const another = () => big.map((field, i) => (i ? field : { ...field, name: `p0.v${++variant}` }));
const compileOnce = (options) => {
  const fields = another();
  const t0 = cpu();
  compile(fields, options);
  return cpu() - t0;
};
for (let i = 0; i < 8; i++) {
  compileOnce(undefined);
  compileOnce({ codegen: false });
}
const compileTimes = { generated: [], interpreted: [] };
for (let i = 0; i < 15; i++) {
  compileTimes.generated.push(compileOnce(undefined));
  compileTimes.interpreted.push(compileOnce({ codegen: false }));
}
const compileMs = median(compileTimes.generated);
const interpretedMs = median(compileTimes.interpreted);
console.log(`\ncompiling a 1,000-field adapter (median CPU time): ${compileMs.toFixed(2)} ms with code generation, ${interpretedMs.toFixed(2)} ms without`);
goal('compiling (with code generation) a 1,000-field adapter ≤ 20 ms', compileMs <= 20, `${compileMs.toFixed(2)} ms`);

// CLI wall time against a bare node start.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-bench-'));
fs.writeFileSync(path.join(tmp, 'a.json'), JSON.stringify(fields));
fs.writeFileSync(path.join(tmp, 'v.json'), JSON.stringify(values));
fs.writeFileSync(path.join(tmp, 'r.json'), JSON.stringify(makeRequest(1)));
const cli = path.resolve(import.meta.dirname, '../dist/cli.js');
const wall = (args) =>
  median(
    Array.from({ length: 15 }, () => {
      const t0 = performance.now();
      const p = spawnSync(process.execPath, args, { stdio: 'ignore' });
      if (p.status !== 0) throw new Error(`${args.join(' ')}: exit ${p.status}`);
      return performance.now() - t0;
    }),
  );
const nodeMs = wall(['-e', '0']);
const cliMs = wall([cli, 'enrich', '--adapter', path.join(tmp, 'a.json'), '--values', path.join(tmp, 'v.json'), '--request', path.join(tmp, 'r.json')]);
fs.rmSync(tmp, { recursive: true, force: true });
goal(
  '`bidfields enrich` wall time ≤ 2× `node -e 0`',
  cliMs / nodeMs <= 2,
  `${cliMs.toFixed(1)} ms vs ${nodeMs.toFixed(1)} ms = ${(cliMs / nodeMs).toFixed(2)}×`,
);

console.log('\nGoals:');
for (const line of goals) console.log('  ' + line);
if (sink === 0.5) console.log(sink);
