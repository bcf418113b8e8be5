/**
 * `read-bids` cases (docs/spec.md#read-bids) for the library: compile the record (a `prebid-server` one with its
 * `paramsLocation`), take the request sent (built from `values` by the protocol wrapper, as a bidder service does, or
 * the case's OpenRTB request as it is) and read each answer with `readBids`. A body that is no string stands for its
 * JSON text, so every case reads text, as a service does; with `responses`, the issues and warnings of answer k are
 * reported at `/<k>` followed by their path in that answer.
 */
import { refused } from './refused.js';
import { compile } from '../../core/compile/index.js';
import type { CompiledAdapter, PerImpValues } from '../../core/compiled-adapter.js';
import type { Issue } from '../../core/issues.js';
import type { AdapterInput, BidRequest, CompileOptions, FieldValues } from '../../core/types.js';
import type { EngineKind } from '../../core/source/enricher.js';
import { compileOn } from './compile-on.js';
import { compilePrebidServer, safeBuildPrebidServerRequest, safeBuildPrebidServerRequests } from '../../protocols/prebid-server.js';
import { safeBuildRtbRequest, safeBuildRtbRequests } from '../../protocols/rtb.js';
import { readBids } from '../../protocols/read-bids.js';
import type { Outcome, ResolvedCase } from '../types.js';

/** The protocol of a case's adapter: a bare field array is a Prebid Server one. */
const protocolOf = (adapter: unknown): unknown => (Array.isArray(adapter) ? 'prebid-server' : (adapter as { protocol?: unknown } | null)?.protocol);

export function compileFor(testCase: ResolvedCase, extra: CompileOptions): CompiledAdapter {
  const options = { ...testCase.compileOptions, ...extra };
  const input = testCase.adapter as AdapterInput;
  return protocolOf(input) === 'prebid-server'
    ? compilePrebidServer(input, { ...options, paramsLocation: testCase.protocolOptions?.paramsLocation })
    : compile(input, options);
}

/** The requests sent: built from the case's values by the wrapper of the record's protocol, or the case's request. */
export function sent(adapter: CompiledAdapter, testCase: ResolvedCase): { requests: unknown[]; warnings: readonly Issue[] } | { refused: Outcome } {
  const { values } = testCase;
  if (values === undefined) return { requests: [testCase.request], warnings: [] };
  const pbs = protocolOf(testCase.adapter) === 'prebid-server';
  const request = testCase.request as BidRequest;
  const built = Array.isArray(values)
    ? (pbs ? safeBuildPrebidServerRequests : safeBuildRtbRequests)(adapter, request, values as PerImpValues)
    : (pbs ? safeBuildPrebidServerRequest : safeBuildRtbRequest)(adapter, request, values as FieldValues);
  if (!built.ok) return { refused: { ok: false, issues: built.issues, warnings: [...adapter.warnings, ...built.warnings] } };
  return { requests: Array.isArray(built.http) ? built.http : [built.http], warnings: built.warnings };
}

/** Runs one `read-bids` case (on `engine`, when one is asked for: it builds the requests). */
export async function runReadBidsCase(testCase: ResolvedCase, engine?: EngineKind): Promise<Outcome> {
  let adapter: CompiledAdapter;
  try {
    adapter = await compileOn(engine, (extra) => compileFor(testCase, extra));
  } catch (error) {
    return refused(error);
  }
  const built = sent(adapter, testCase);
  if ('refused' in built) return built.refused;
  const several = testCase.responses !== undefined;
  const answers = testCase.responses ?? [testCase.response];
  const bids: unknown[] = [];
  const issues: Issue[] = [];
  const warnings: Issue[] = [...adapter.warnings, ...built.warnings];
  const at = (k: number) => (found: Issue) => (several ? { ...found, path: `/${k}${found.path}` } : found);
  answers.forEach((answer, k) => {
    if (answer === null || answer === undefined) return;
    const { status, body = '' } = answer as { status: number; body?: unknown };
    const read = readBids(adapter, built.requests[k] as object, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });
    bids.push(...read.bids);
    issues.push(...read.issues.map(at(k)));
    warnings.push(...read.warnings.map(at(k)));
  });
  return issues.length ? { ok: false, issues, bids, warnings } : { ok: true, bids, warnings };
}
