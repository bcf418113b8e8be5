/**
 * A bidfields record judged against Prebid Server's own adapter tests (`adapters/<bidder>/<bidder>test/**.json`):
 * the one judge that `bidfields conformance --pbs DIR --adapter FILE` and the peer suite (test/peer/prebid-server)
 * share. For each fixture:
 *
 * 1. the request is a copy of `mockBidRequest` without `imp[i].ext.bidder` (the rest of `imp[i].ext` stays; an
 *    `ext` that held `bidder` alone goes too, as in a request before any params), and the values of imp i are that `imp[i].ext.bidder` (keyed by Prebid Server's
 *    param names = the record's keys, docs/spec.md#param), or `null` for an imp without one (docs/spec.md#per-imp);
 * 2. the record builds its requests with `safeBuildRtbRequests` (an `rtb` record) or `safeBuildPrebidServerRequests`
 *    (a `prebid-server` one): one request, or with `split: 'imp'` one per imp given values (docs/spec.md#split-imp), each to the URL
 *    its values make (docs/spec.md#endpoint-templates);
 * 3. the requests are matched with `httpCalls` in order (request k ↔ `httpCalls[k]`; the counts must match), and
 *    each compared: the URL with `expectedRequest.uri` (both as the WHATWG URL parser writes them, so
 *    `http://a.example?x=1` equals `http://a.example/?x=1`; unless `compareUri` is off), the body with
 *    `expectedRequest.body` as JSON values (`0.5` equals `0.500`, key order ignored), and the headers with
 *    `expectedRequest.headers` where the fixture lists them (conformance/pbs-headers.ts).
 *
 * A difference is reported as the first JSON Pointer into the fixture where they part
 * (`/httpCalls/0/expectedRequest/body/imp/0/ext/bidder/zone`), with what each side holds there. `mockResponse` and
 * `expectedBidResponses` are read and compared by conformance/pbs-bids.ts (`bidsEqual`). No decision about enrichment is taken here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compile } from '../core/compile/index.js';
import type { CompiledAdapter } from '../core/compiled-adapter.js';
import { BidfieldsError, issue, type Issue } from '../core/issues.js';
import { fixedHostSuffix, parseTemplate } from '../core/endpoint/template.js';
import type { AdapterRecord, BidRequest, CompileOptions, FieldValues, Protocol } from '../core/types.js';
import { safeBuildRtbRequests } from '../protocols/rtb.js';
import { safeBuildPrebidServerRequests } from '../protocols/prebid-server.js';
import { expectedHeaders, headerDifference } from './pbs-headers.js';
import { asJson, firstJsonDifference, type Json, type JsonObject, type PbsDifference } from './pbs-compare.js';
import { bidsDifference } from './pbs-bids.js';
import { goKey, goStruct } from './go-json.js';

export { firstJsonDifference, type PbsDifference };

/** One Prebid Server adapter-test file; only what is read here. */
export interface PbsFixture {
  mockBidRequest: JsonObject & { imp?: Json };
  httpCalls?: { expectedRequest?: { uri?: Json; body?: Json; headers?: Json } }[];
}

/** One request as sent (built by the record) or as expected (a fixture's `httpCalls[k].expectedRequest`). */
export interface PbsCall {
  uri: string;
  body: Json;
  /** By lower-case name (docs/spec.md#headers); for an expected call, only when the fixture lists them (`listed`: as written). */
  headers?: Record<string, string>;
  listed?: object;
}

export interface PbsResult {
  /** The record built the very requests of `httpCalls` (URIs too, unless `compareUri` was off). */
  equal: boolean;
  /** No imp of the mock request carries `imp.ext.bidder`: every value is `null`, the record writes nothing. */
  withoutParams: boolean;
  /** The first difference (absent when equal). */
  difference?: PbsDifference;
  /**
   * The answers (`mockResponse`) read by the record equal `expectedBidResponses` and the count of
   * `expectedMakeBidsErrors` (conformance/pbs-bids.ts); absent when the record refused to build.
   */
  bidsEqual?: boolean;
  /** Where the reading first parts from the fixture (absent when the bids are equal). */
  bidsDifference?: PbsDifference;
  /** The build's issues when the record refused the values or the request (absent when it built). */
  issues?: Issue[];
  /** What the record built (absent when it refused). */
  got?: PbsCall[];
  expected: PbsCall[];
}

export interface PbsRunOptions {
  /** Compare each URL with `expectedRequest.uri` (default `true`). */
  compareUri?: boolean;
}

/** True for a parsed JSON file in Prebid Server's adapter-test format (a `mockBidRequest` object). */
export function isPbsFixture(value: unknown): value is PbsFixture {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isObject((value as { mockBidRequest?: unknown }).mockBidRequest);
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The known endpoints a record's endpoint implies (docs/spec.md#protocols, docs/spec.md#endpoint-templates): its host, or for a template with placeholder host
 * labels a `*.` entry over the fixed labels after them (`https://{region}.bid.example.com/` → `*.bid.example.com`).
 * Empty when the endpoint is missing or gives no host (the record's check then says why).
 * @example knownEndpointsOf('https://{env}.bid.example.com/rtb?pid={pid}', 'rtb') // ['*.bid.example.com']
 */
export function knownEndpointsOf(endpoint: unknown, protocol: Protocol): string[] {
  if (typeof endpoint !== 'string') return [];
  const template = parseTemplate(endpoint, protocol);
  if (template === 'placement') return [];
  if (template !== undefined) {
    const suffix = fixedHostSuffix(template);
    if (suffix !== undefined) return [`*.${suffix}`];
  }
  // No host placeholder: the host itself, read with any path or query placeholder filled by a probe.
  try {
    return [new URL(endpoint.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, 'x')).hostname];
  } catch {
    return [];
  }
}

/** The record with its endpoint replaced (`endpoint`: a test host's template, as Prebid Server's tests configure). */
export function withEndpoint(record: AdapterRecord, endpoint: string | undefined): AdapterRecord {
  return endpoint === undefined ? record : { ...record, endpoint };
}

/**
 * Compiles a record for the run: an `rtb` or `prebid-server` record, with the known endpoints given or, when none
 * are, those its endpoint implies ({@link knownEndpointsOf}).
 * @throws BidfieldsError with the record's issues (`wrong_protocol` for a `prebid-js` record or a bare field array).
 */
export function compilePbsRecord(record: AdapterRecord, options: Pick<CompileOptions, 'knownEndpoints' | 'allowLocal' | 'strict'> = {}): CompiledAdapter {
  if (!isObject(record) || (record.protocol !== 'rtb' && record.protocol !== 'prebid-server')) {
    throw new BidfieldsError([
      issue('wrong_protocol', isObject(record) ? '/protocol' : '', "the record must be an adapter record with protocol 'rtb' or 'prebid-server'"),
    ]);
  }
  const knownEndpoints = options.knownEndpoints ?? knownEndpointsOf(record.endpoint, record.protocol);
  return compile(record, { ...options, knownEndpoints });
}

/** The request and values a fixture gives (step 1 above). */
export function splitFixture(fixture: PbsFixture): { request: JsonObject; perImp: (FieldValues | null)[] } {
  // What Prebid Server hands its adapter: the mock request as Go's openrtb2.BidRequest decodes it (conformance/go-json.ts).
  const request = goStruct(structuredClone(fixture.mockBidRequest), 'BidRequest') as JsonObject;
  const imps = Array.isArray(request.imp) ? request.imp : [];
  const perImp = imps.map((imp) => {
    if (!isObject(imp) || !isObject(imp.ext) || !('bidder' in imp.ext)) return null;
    const params = imp.ext.bidder;
    delete imp.ext.bidder;
    // The ext held the params alone: without them the imp has none (as a request before any params would).
    if (Object.keys(imp.ext).length === 0) delete imp.ext;
    return params as FieldValues;
  });
  return { request, perImp };
}

/** The calls a fixture expects, in order. */
export function expectedCalls(fixture: PbsFixture): PbsCall[] {
  const calls: unknown = goKey(fixture, 'httpCalls');
  return (Array.isArray(calls) ? calls : []).map((call) => {
    const expected = goKey(call, 'expectedRequest');
    const listed: unknown = goKey(expected, 'headers');
    const headers = expectedHeaders(listed);
    const uri: unknown = goKey(expected, 'uri');
    return {
      uri: typeof uri === 'string' ? uri : '',
      body: asJson(goKey(expected, 'body') ?? null),
      ...(headers && { headers, listed: listed as object }),
    };
  });
}

/** One fixture through a compiled record (steps 1–3 above). Never throws. */
export function runPbsFixture(adapter: CompiledAdapter, fixture: PbsFixture, options: PbsRunOptions = {}): PbsResult {
  try {
    return runFixture(adapter, fixture, options);
  } catch (error) {
    // Copying and comparing JSON recurse (structuredClone, JSON.stringify, isDeepStrictEqual): a fixture nested
    // 100,000 levels deep overflows the stack there; it fails, and the run goes on to the next fixture.
    if (!(error instanceof RangeError)) throw error;
    return {
      equal: false,
      withoutParams: false,
      expected: [],
      difference: { pointer: '', detail: `the fixture cannot be compared: ${error.message} (nested too deeply?)` },
    };
  }
}

function runFixture(adapter: CompiledAdapter, fixture: PbsFixture, options: PbsRunOptions): PbsResult {
  const { request, perImp } = splitFixture(fixture);
  const expected = expectedCalls(fixture);
  const withoutParams = perImp.every((values) => values === null);
  // A fixture is JSON read from disk; the library checks the request's shape itself (invalid_request).
  const build = adapter.protocol === 'prebid-server' ? safeBuildPrebidServerRequests : safeBuildRtbRequests;
  const built = build(adapter, request as unknown as BidRequest, perImp);
  if (!built.ok) {
    const first = built.issues[0];
    const detail = `refused: ${built.issues.map((found) => `${found.code} at ${found.path || '(root)'}`).join(', ')}${first ? ` (${first.message})` : ''}`;
    return { equal: false, withoutParams, issues: built.issues, expected, difference: { pointer: issuePointer(first), detail } };
  }
  const got = built.http.map((http) => ({ uri: http.url, body: JSON.parse(http.body) as Json, headers: http.headers }));
  const difference = firstCallDifference(got, expected, options.compareUri !== false);
  const bids = bidsDifference(adapter, fixture, built.http);
  return {
    equal: difference === undefined,
    withoutParams,
    got,
    expected,
    ...(difference && { difference }),
    bidsEqual: !bids,
    ...(bids && { bidsDifference: bids }),
  };
}

/**
 * Where a refusal points in the fixture: a value issue `/<i>/<key>` is `/mockBidRequest/imp/<i>/ext/bidder/<key>`, a
 * request issue `/imp/…` is `/mockBidRequest/imp/…`; an issue of the record itself (`/endpoint`, `/protocol`) has no
 * place in the fixture and keeps its path, marked `record:`.
 */
function issuePointer(found: Issue | undefined): string {
  if (found === undefined) return '';
  const value = /^\/(\d+)(\/.*)?$/.exec(found.path);
  if (value) return `/mockBidRequest/imp/${value[1]}/ext/bidder${value[2] ?? ''}`;
  if (found.path === '/endpoint' || found.path === '/protocol') return `record:${found.path}`;
  return `/mockBidRequest${found.path}`;
}

/** The first difference between the built calls and the expected ones, in fixture order. */
export function firstCallDifference(got: readonly PbsCall[], expected: readonly PbsCall[], compareUri = true): PbsDifference | undefined {
  const count = Math.min(got.length, expected.length);
  for (let k = 0; k < count; k++) {
    const at = `/httpCalls/${k}/expectedRequest`;
    if (compareUri && canonicalUri(got[k]!.uri) !== canonicalUri(expected[k]!.uri)) {
      return { pointer: `${at}/uri`, detail: `expected ${JSON.stringify(expected[k]!.uri)}, got ${JSON.stringify(got[k]!.uri)}` };
    }
    const body = firstJsonDifference(got[k]!.body, expected[k]!.body);
    if (body !== undefined) return { pointer: `${at}/body${body.pointer}`, detail: body.detail };
    const { headers, listed } = expected[k]!;
    const header = headers && got[k]!.headers && headerDifference(got[k]!.headers!, headers, listed!);
    if (header) return { pointer: at + header[0], detail: header[1] };
  }
  if (got.length !== expected.length) {
    const plural = (n: number) => `${n} request${n === 1 ? '' : 's'}`;
    return { pointer: '/httpCalls', detail: `${plural(got.length)} built, ${expected.length} expected` };
  }
  return undefined;
}

/** A URI as the WHATWG URL parser writes it (`http://a.example?x=1` → `http://a.example/?x=1`), or as given when it is no URL. */
function canonicalUri(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** Every `*.json` file below `dir` (recursively, symbolic links not followed), as paths relative to it, sorted. */
export function findJsonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative === '' ? entry.name : path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && entry.name.endsWith('.json')) out.push(child);
    }
  };
  walk('');
  return out.sort();
}
