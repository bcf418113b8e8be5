/**
 * `createPrebidBidder`: an adapter record becomes a Prebid.js bidder spec, for pages that receive records at run
 * time. The record is checked here, once, by the compact check (core/compact/check.ts, the size-bound twin of `compile`'s), so a bad
 * record, endpoint or CPM field fails when the page's Prebid set-up is built, loudly, and never during an
 * auction; the checked adapter then runs on the page runtime (./spec.ts) that generated adapters use too.
 */
import { checkCompact, wordedIssue, type CheckedRecord } from '../core/compact/check.js';
import { templateHosts } from '../core/endpoint/template.js';
import type { EndpointOptions } from '../core/endpoint/endpoint-rules.js';
import { ALL_FEATURES } from '../core/compact/features.js';
import { BidfieldsError } from '../core/issues.js';
import type { AdapterRecord } from '../core/types.js';
import type { RecordPlan } from '../core/plan/field-plan.js';
import { bidderSpec } from './spec.js';
import { stepsOf } from '../core/plan/steps-plan.js';
import { requestPerBid, requestsByUrl, template } from './endpoint.js';
import { readAnswers } from './read-answers.js';
import { ajaxHeaders, withHeaders, withSteps, withTargets } from './headers.js';
import type { BidderPlan, PrebidBidderOptions, PrebidBidderSpec } from './types.js';

/**
 * Compiles a `prebid-js` adapter record into a Prebid.js bidder spec (`code` = the record's `bidderCode`).
 * @throws BidfieldsError with every issue the compact engine finds in the record (`wrong_protocol`,
 * `invalid_endpoint`, `unknown_endpoint`, `invalid_cpm_field`, `invalid_bidder_code`, field issues), and
 * `invalid_gvlid` (path `/gvlid`, into the options) for a GVL ID that is not a positive integer; rules about
 * how a record is written are `validateAdapter`'s, run where records are written (see core/compact/check.ts).
 * @example
 * import { registerBidder } from '../src/adapters/bidderFactory.js'; // inside a Prebid.js source build
 * registerBidder(createPrebidBidder(record, { knownEndpoints: ['bid.partner.com'] }));
 */
export function createPrebidBidder(record: AdapterRecord, options: PrebidBidderOptions): PrebidBidderSpec {
  const adapter = checkCompact(record, options);
  const issues = [];
  if (adapter.protocol !== 'prebid-js') issues.push(wordedIssue('wrong_protocol', '/protocol'));
  if (!adapter.endpoint && !adapter.template) issues.push(wordedIssue('invalid_endpoint', '/endpoint'));
  // A GVL ID is a positive integer; a wrong one would silently fail every TCF consent check.
  const { gvlid } = options;
  if (gvlid !== undefined && !isGvlid(gvlid)) issues.push(wordedIssue('invalid_gvlid', '/gvlid'));
  if (issues.length) throw new BidfieldsError(issues);
  const plan = bidderPlan(adapter, options, gvlid);
  // Every feature (a template's URL when the record has one), and one request per URL for a template (per bid with
  // split), or per bid for split alone: the request builders a generated adapter imports (codegen/emit.ts).
  const { template: parts, split } = plan;
  const byUrl = parts ? requestsByUrl : split ? requestPerBid : undefined;
  const headed = plan.ajax ? withHeaders(byUrl) : byUrl;
  const stepped = hasSteps(plan) ? withSteps(headed) : headed;
  const features = parts ? [...ALL_FEATURES, template] : ALL_FEATURES;
  // A record with `response` has its answers read by the core's one reader (docs/spec.md#read-bids).
  return bidderSpec(plan, options, features, hasTyped(plan) ? withTargets(stepped) : stepped, plan.response && readAnswers);
}

/**
 * The checked constants the page runs for a `prebid-js` record the compact engine compiled (with an endpoint or a
 * template): the record-taking bidder's and a generated adapter's, made here alike. A template comes with the hosts
 * its URLs may have (`templateHosts`, from the known endpoints), for the judgement of each URL in the page.
 */
export function bidderPlan(adapter: CheckedRecord, options: EndpointOptions, gvlid?: number): BidderPlan {
  const { template, split } = adapter;
  const ajax = ajaxHeaders(adapter.headers);
  return {
    code: adapter.bidderCode!,
    ...(template ? { template, hosts: templateHosts(template, 'prebid-js', options) } : { url: adapter.endpoint!.href }),
    cpm: adapter.cpmField!,
    ...adapter.plan,
    ...(adapter.mediaTypes && { mediaTypes: adapter.mediaTypes }),
    ...(split && { split }),
    ...(gvlid !== undefined && { gvlid }),
    ...(ajax && { ajax }),
    ...(adapter.response && { response: adapter.response }),
  };
}

/** Whether a plan writes a typed target (docs/spec.md#more-openrtb-targets): a field, an alsoTo or a constant at root 4 or above. */
export const hasTyped = (plan: RecordPlan): boolean =>
  [
    ...plan.fields.flatMap((field) => [field.to, ...(field.also ?? [])]),
    ...[...(plan.constants ?? []), ...(plan.with ?? [])].map((constant) => constant.to),
  ].some((to) => to[0] > 3);

/** A GVL ID: a positive integer. */
export const isGvlid = (gvlid: unknown): gvlid is number => Number.isInteger(gvlid) && (gvlid as number) > 0;

/** Whether a plan removes or derives anything before its writes (docs/spec.md#removals), or guards a target (docs/spec.md#conditions). */
export const hasSteps = (plan: RecordPlan): boolean => stepsOf(plan) !== undefined;
