// The in-repository adapter (generatePrebidAdapter's prebid-repo target) as a conformance implementation of the
// Prebid cases (prebid-js-request, prebid-js-response). Each case's record is generated into a module on Prebid's
// ortbConverter; all the modules are bundled, with ONE copy of Prebid 11's compiled core (test/codegen/prebid-repo/
// harness.ts), into a runner that a child process runs under jsdom (Prebid needs a browser; the child keeps
// jsdom's globals out of vitest's worker). The runner does what Prebid does with a spec: a bidder is left out of
// an ad unit none of whose media types it supports (prebid.js), Prebid's currency module is on for a case whose ortb2
// has the publisher's currency (which the module puts there), a bid's getFloor table becomes its floors module's
// function (withGetFloor, as for every Prebid run; Prebid's priceFloors module is in the bundle, so the converter
// writes the floors as it does on a page), bids are filtered by isBidRequestValid, the
// requests are sent as Prebid's bidderFactory sends them (each one's data as JSON, content type text/plain unless the
// request says otherwise; every request listed, in order, as `requests`), each request's answer is read with that
// request only, and the bids interpretResponse gives are those Prebid's own `isValid` lets into the
// auction (bidderFactory.js, with the auction index of Prebid's test helpers).
// It lives with the tests, not in src/conformance: it needs esbuild, jsdom and the prebid.js package, which are
// development dependencies.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { safeGeneratePrebidAdapter } from '../../../src/codegen/prebid-adapter.js';
import type { Implementation, Outcome, ResolvedCase } from '../../../src/conformance/types.js';
import { layOut, prebidSources } from '../../codegen/prebid-repo/harness.js';
import { normalise, SKIPPED } from './differences.js';
import { withParamKeys } from './param-keys.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const KINDS = ['prebid-js-request', 'prebid-js-response'] as const;

/** What the runner does with one case's spec (runs inside the bundle, under jsdom). */
const RUNNER = `
import { isValid } from 'src/adapters/bidderFactory.js';
import 'modules/priceFloors.js';
import { withGetFloor } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../../src/conformance/prebid-bids.ts'))};
import { hook } from 'src/hook.js';
import { config } from 'src/config.js';
import { stubAuctionIndex } from 'test/helpers/indexStub.js';
import { setConfig as setCurrency, resetCurrency } from 'modules/currency.js';
import fs from 'node:fs';

// A publisher's set-up for outstream video: Prebid takes an outstream bid only with a renderer to play it.
const OUTSTREAM_RENDERER = { url: 'https://renderer.publisher.example/outstream.js', render() {} };
const json = (value) => JSON.parse(JSON.stringify(value));

function runCase(spec, testCase) {
  const request = testCase.kind === 'prebid-js-request';
  // prebid.js drops a bidder from an ad unit none of whose media types it supports; the rest reach the adapter.
  const supported = spec.supportedMediaTypes ?? ['banner'];
  const bids = withGetFloor(json(testCase.bids ?? [])).map((bid) => ({ adUnitCode: bid.bidId, ...bid })).map((bid) => ({ adUnitId: bid.adUnitCode, ...bid })).filter((bid) => Object.keys(bid.mediaTypes ?? {}).some((type) => supported.includes(type)));
  const valid = bids.filter((bid) => spec.isBidRequestValid(bid));
  const nothing = request ? { ok: true, http: null, requests: [], warnings: [] } : { ok: true, bids: [], warnings: [] };
  if (!valid.length) return nothing;
  let sent;
  try {
    sent = [].concat(spec.buildRequests(valid, { ...json(testCase.bidderRequest ?? {}), bids: valid }) ?? []).filter(Boolean);
  } catch (error) {
    return nothing; // bidderFactory logs the error and sends nothing
  }
  if (request) {
    // Every request sent, in order, as bidderFactory sends each (data as JSON, text/plain unless it says otherwise, with its custom headers).
    const requests = sent.map((one) => {
      const body = typeof one.data === 'string' ? one.data : JSON.stringify(one.data);
      const headers = { ...one.options?.customHeaders, 'content-type': one.options?.contentType ?? 'text/plain' };
      return { http: { method: one.method ?? 'POST', url: one.url, headers }, request: JSON.parse(body) };
    });
    // As the other Prebid implementations answer (src/conformance/implementations/prebid.ts, runSpec): the one
    // request is also http / request.
    if (requests.length > 1) return { ok: true, requests, warnings: [] };
    return requests.length ? { ok: true, http: requests[0].http, request: requests[0].request, requests, warnings: [] } : nothing;
  }
  // Each request sent gets its own answer (responses[i], or response for the first), read with that request only;
  // a request without an answer gives no bids.
  const answers = testCase.responses ?? [testCase.response];
  const given = sent.flatMap((one, at) => {
    if (at >= answers.length) return [];
    let answer;
    try {
      answer = spec.interpretResponse({ body: answers[at], headers: { get: () => null } }, one);
    } catch (error) {
      answer = []; // bidderFactory logs the error; no bids from this answer
    }
    if (process.env.BIDFIELDS_DEBUG) console.log('answer', JSON.stringify(answer), JSON.stringify(one));
    return Array.isArray(answer) ? answer : answer?.bids ?? (answer ? [answer] : []);
  });
  const index = stubAuctionIndex({ bidRequests: valid, adUnits: valid.map((bid) => ({ adUnitId: bid.adUnitId, code: bid.adUnitCode, mediaTypes: bid.mediaTypes, nativeOrtbRequest: bid.nativeOrtbRequest, ...(bid.mediaTypes?.video?.context === 'outstream' && { renderer: OUTSTREAM_RENDERER }) })) });
  const kept = given.filter((bid) => {
    const bidRequest = valid.find((candidate) => candidate.bidId === bid.requestId);
    return bidRequest !== undefined && isValid(bidRequest.adUnitCode, Object.assign(bid, { adUnitId: bidRequest.adUnitId }), { index });
  });
  // adUnitId is the auction's, not the adapter's: it is set above only for Prebid's index.
  return { ok: true, bids: json(kept.map(({ adUnitId, ...bid }) => bid)), warnings: [] };
}

hook.ready();
// A publisher's set-up for video: Prebid takes instream VAST XML only with a cache to put it in.
config.setConfig({ cache: { url: 'https://cache.publisher.example/' }, debug: !!process.env.BIDFIELDS_DEBUG });
const outcomes = globalThis.__cases.map(([spec, testCase]) => {
  // The publisher's currency in ortb2 is what Prebid's currency module puts there: the module is on for the case.
  const currency = testCase.bidderRequest?.ortb2?.ext?.prebid?.adServerCurrency;
  try {
    if (currency) setCurrency({ adServerCurrency: currency });
    return runCase(spec, testCase);
  } catch (error) {
    return { threw: String(error && error.stack || error) };
  } finally {
    if (currency) resetCurrency();
  }
});
fs.writeFileSync(process.argv[2], JSON.stringify(outcomes));
`;

/** Prebid's console output is its own logging (invalid bids, converter errors): quiet, as in its test runs. */
const QUIET = process.env.BIDFIELDS_DEBUG ? '' : "for (const level of ['log', 'info', 'warn', 'error']) console[level] = () => {};\n";

const key = (testCase: ResolvedCase) => `${testCase.file}\u0000${testCase.name}`;

/**
 * Generates, bundles and runs every Prebid case of `cases` at once; the implementation answers from the results,
 * with the known differences from the page runtime applied (differences.ts; their names go to `applied`) and the
 * cases the converter cannot answer at all skipped with why.
 * @param name the name fixture `skip` entries use.
 */
export async function prebidRepoImplementation(cases: readonly ResolvedCase[], applied = new Set<string>(), name = 'prebid-repo'): Promise<Implementation> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-prebid-repo-conformance-'));
  const outcomes = new Map<string, Outcome>();
  try {
    const prebidCases: [ResolvedCase, string][] = [];
    cases.forEach((testCase, index) => {
      if (!(KINDS as readonly string[]).includes(testCase.kind)) return;
      const keyed = withParamKeys(testCase);
      const generated = safeGeneratePrebidAdapter(keyed.adapter, {
        knownEndpoints: [],
        ...testCase.compileOptions,
        target: 'prebid-repo',
        maintainer: 'prebid@partner.example',
      });
      if (!generated.ok) {
        outcomes.set(key(testCase), { ok: false, issues: generated.issues, warnings: [] });
        return;
      }
      const at = path.join(dir, `case-${index}`);
      layOut(at, [generated.files[0]]);
      prebidCases.push([keyed, path.join(at, generated.files[0].name)]);
    });
    // The modules first (cases.js), then the runner: imports run in order, so the runner sees every spec.
    const entry = path.join(dir, 'entry.js');
    const specs = prebidCases.map(([, file], index) => `import { spec as spec${index} } from ${JSON.stringify(file)};`).join('\n');
    fs.writeFileSync(path.join(dir, 'quiet.js'), QUIET + "window.process = { env: { NODE_ENV: 'production' } };\n");
    // Each case as JSON.parse reads it: as an object literal, its own "__proto__" keys (a hostile JSON param's) would
    // set prototypes instead.
    fs.writeFileSync(
      path.join(dir, 'cases.js'),
      `${specs}\nglobalThis.__cases = [${prebidCases.map(([testCase], index) => `[spec${index}, JSON.parse(${JSON.stringify(JSON.stringify(testCase))})]`).join(',\n')}];\n`,
    );
    fs.writeFileSync(path.join(dir, 'runner.js'), RUNNER);
    fs.writeFileSync(entry, "import './quiet.js';\nimport './cases.js';\nimport './runner.js';\n");
    fs.writeFileSync(
      path.join(dir, 'jsdom.cjs'),
      `const { JSDOM } = require(${JSON.stringify(require.resolve('jsdom'))});
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'https://publisher.example/article' });
for (const key of ['fetch', 'Request', 'Response', 'Headers']) if (!(key in dom.window)) dom.window[key] = globalThis[key];
globalThis.window = dom.window;
for (const key of Object.getOwnPropertyNames(dom.window)) if (!(key in globalThis)) globalThis[key] = dom.window[key];
`,
    );
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: path.join(dir, 'bundle.mjs'),
      logLevel: 'silent',
      plugins: [prebidSources()],
    });
    const results = path.join(dir, 'outcomes.json');
    const child = await run(process.execPath, ['--require', path.join(dir, 'jsdom.cjs'), path.join(dir, 'bundle.mjs'), results], {
      maxBuffer: 64 * 1024 * 1024,
    });
    if (process.env.BIDFIELDS_DEBUG) process.stderr.write(child.stdout + child.stderr);
    const ran = JSON.parse(fs.readFileSync(results, 'utf8')) as (Outcome | { threw: string })[];
    prebidCases.forEach(([testCase], index) => {
      const outcome = ran[index]!;
      // Prebid itself threw (in its own validation of a bid): in an auction that stalls the bidder's callback.
      outcomes.set(
        key(testCase),
        'threw' in outcome ? { ok: false, issues: [{ code: 'prebid_threw', path: '', message: outcome.threw }], warnings: [] } : outcome,
      );
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    name,
    kinds: KINDS,
    skips: (testCase) => SKIPPED[testCase.name],
    run(testCase) {
      const outcome = outcomes.get(key(testCase));
      if (!outcome) throw new Error(`case not prepared: ${testCase.name}`);
      return normalise(outcome, testCase, applied);
    },
  };
}
