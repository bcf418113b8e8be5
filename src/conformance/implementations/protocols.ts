/**
 * The protocol wrappers as a conformance implementation for `rtb` and `prebid-server` cases: compile the case's
 * adapter (Prebid Server with its `paramsLocation`), build the HTTP request, and answer with its method, URL and
 * headers as `http` and its body parsed back as `request`, so the runner compares the body like any enrichment.
 */
import { refused } from './refused.js';
import { compile } from '../../core/compile/index.js';
import type { CompiledAdapter } from '../../core/compiled-adapter.js';
import type { AdapterInput, BidRequest, CompileOptions, FieldValues } from '../../core/types.js';
import type { EngineKind } from '../../core/source/enricher.js';
import { compileOn } from './compile-on.js';
import type { PerImpValues } from '../../core/compiled-adapter.js';
import { compilePrebidServer, safeBuildPrebidServerRequest, safeBuildPrebidServerRequests } from '../../protocols/prebid-server.js';
import { safeBuildRtbRequest, safeBuildRtbRequests } from '../../protocols/rtb.js';
import type { Outcome, ResolvedCase } from '../types.js';

function compileFor(testCase: ResolvedCase, extra: CompileOptions): CompiledAdapter {
  const options = { ...testCase.compileOptions, ...extra };
  const input = testCase.adapter as AdapterInput;
  return testCase.kind === 'prebid-server'
    ? compilePrebidServer(input, { ...options, paramsLocation: testCase.protocolOptions?.paramsLocation })
    : compile(input, options);
}

/** Runs one `rtb` or `prebid-server` case through the wrappers (on `engine`, when one is asked for). */
export async function runProtocolCase(testCase: ResolvedCase, engine?: EngineKind): Promise<Outcome> {
  if (testCase.kind !== 'rtb' && testCase.kind !== 'prebid-server') throw new Error(`protocols do not run '${testCase.kind}' cases`);
  let adapter: CompiledAdapter;
  try {
    adapter = await compileOn(engine, (extra) => compileFor(testCase, extra));
  } catch (error) {
    return refused(error);
  }
  // Values per imp (an array): every request the wrapper sends (docs/spec.md#per-imp, docs/spec.md#split-imp).
  if (Array.isArray(testCase.values)) {
    const buildAll = testCase.kind === 'rtb' ? safeBuildRtbRequests : safeBuildPrebidServerRequests;
    const all = buildAll(adapter, testCase.request as BidRequest, testCase.values as PerImpValues);
    const warnings = [...adapter.warnings, ...all.warnings];
    if (!all.ok) return { ok: false, issues: all.issues, warnings };
    return { ok: true, requests: all.http.map(({ method, url, headers, body }) => ({ http: { method, url, headers }, request: JSON.parse(body) })), warnings };
  }
  const build = testCase.kind === 'rtb' ? safeBuildRtbRequest : safeBuildPrebidServerRequest;
  const result = build(adapter, testCase.request as BidRequest, (testCase.values ?? {}) as FieldValues, testCase.options);
  const warnings = [...adapter.warnings, ...result.warnings];
  if (!result.ok) return { ok: false, issues: result.issues, warnings };
  const { method, url, headers, body } = result.http;
  return { ok: true, request: JSON.parse(body), http: { method, url, headers }, warnings };
}
