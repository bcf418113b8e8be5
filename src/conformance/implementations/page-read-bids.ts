/**
 * `read-bids` cases (docs/spec.md#read-bids) through the Prebid.js page's reader: the record's `response` compiled by
 * the compact engine (what the record-taking `bidfields/prebid` and the generated adapters carry as their plan), each
 * answer read by `readPageAnswer` (src/prebid/read-answers.ts) as Prebid hands it to a bidder: the body parsed as
 * JSON (its text when it is none), against the imps of the request's `data`. The requests are built as the library's
 * run builds them (read-bids.ts), so only the reading differs. Prebid calls a bidder only with an answer that
 * succeeded, with its body alone: a case with another status than 200 or 204 (or a 204 with a body, which a browser
 * never gives) is skipped, with that reason.
 */
import { refused } from './refused.js';
import { compileCompact } from '../../core/compact/engine.js';
import { defaultResponsePlan } from '../../core/plan/response-plan.js';
import type { Issue } from '../../core/issues.js';
import type { CompiledAdapter } from '../../core/compiled-adapter.js';
import { readPageAnswer } from '../../prebid/read-answers.js';
import { compileFor, sent } from './read-bids.js';
import type { Implementation, Outcome, ResolvedCase } from '../types.js';

/** The answers of a case, `null` for a request that gets none. */
const answersOf = (testCase: ResolvedCase): unknown[] => testCase.responses ?? [testCase.response];

/** A body as Prebid's ajax hands it to `interpretResponse`: parsed when it is JSON text, else as it is. */
function asPrebidGivesIt(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function run(testCase: ResolvedCase): Outcome {
  let adapter: CompiledAdapter;
  let plan;
  try {
    adapter = compileFor(testCase, {});
    const record = testCase.adapter as { response?: unknown; cpmField?: unknown };
    // The plan the page carries: the compact engine's, which a page without `response` leaves out (every default then).
    plan = compileCompact(testCase.adapter, { ...testCase.compileOptions }).response ?? defaultResponsePlan(String(record.cpmField ?? 'price'));
  } catch (error) {
    return refused(error);
  }
  const built = sent(adapter, testCase);
  if ('refused' in built) return built.refused;
  const several = testCase.responses !== undefined;
  const bids: unknown[] = [];
  const issues: Issue[] = [];
  const warnings: Issue[] = [...adapter.warnings, ...built.warnings];
  const at = (k: number) => (found: Issue) => (several ? { ...found, path: `/${k}${found.path}` } : found);
  answersOf(testCase).forEach((answer, k) => {
    if (answer === null || answer === undefined) return;
    const { body = '' } = answer as { body?: unknown };
    const request = built.requests[k] as { body?: unknown };
    const data = typeof request.body === 'string' ? request.body : JSON.stringify(request);
    const read = readPageAnswer(plan, { body: asPrebidGivesIt(body) }, { data });
    bids.push(...read.bids);
    issues.push(...read.issues.map(at(k)));
    warnings.push(...read.warnings.map(at(k)));
  });
  return issues.length ? { ok: false, issues, bids, warnings } : { ok: true, bids, warnings };
}

/** The page's reader as a conformance implementation of `read-bids` cases. */
export const pageReaderImplementation: Implementation = {
  name: 'prebid-page-reader',
  kinds: ['read-bids'],
  skips(testCase) {
    if (Array.isArray(testCase.adapter)) return 'a bare field array is a Prebid Server record, which the compact engine of the page does not take';
    const answers = answersOf(testCase) as ({ status?: unknown; body?: unknown } | null)[];
    if (answers.some((answer) => answer && answer.status !== 200 && answer.status !== 204))
      return 'the page never sees a status: Prebid calls interpretResponse with the body alone, for any 2xx or 304, and never for others';
    if (answers.some((answer) => answer?.status === 204 && answer.body !== undefined && answer.body !== ''))
      return 'a 204 answer has no body in a browser: Prebid hands the page an empty one';
    return undefined;
  },
  run,
};
