/**
 * The in-repository adapter does not read answers by a record's `response` rules yet (docs/spec.md#read-bids): its
 * module reads the CPM field on Prebid's ortbConverter. A record with `response` is refused rather than generated
 * with its rules ignored (`unsupported_target` at `/response`); the standalone target and the record-taking module
 * read them, through the core's one reader.
 */
import { issue, type Issue } from '../../core/issues.js';
import type { BidderPlan } from '../../prebid/types.js';

export function repoResponseIssues(plan: Pick<BidderPlan, 'response'>): Issue[] {
  return plan.response ? [issue('unsupported_target', '/response', 'the in-repository target does not read response rules yet; use --target standalone')] : [];
}
