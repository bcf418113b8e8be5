/**
 * What a record adds to the page's requests beyond its values engine, each a request builder a generated adapter imports
 * only when its record needs it. A Prebid JS record's headers (docs/spec.md#headers: fixed values only, checked by core/rules/headers.ts): made
 * into Prebid's ajax options once, when the plan is made, and added to each request by `withHeaders`, a request
 * builder a generated adapter imports only when its record has headers (so a record without pays no byte for it).
 */
import type { HeaderPlan } from '../core/rules/headers.js';
import { buildRequests, type RequestBuilder } from './build-requests.js';
import { typedEngine } from '../core/compact/features.js';
import { stepsEngine } from '../core/compact/steps.js';
import { stepsOf } from '../core/plan/steps-plan.js';
import type { AjaxHeaders } from './types.js';

/**
 * A record's checked headers as Prebid's ajax options, or `undefined` without any: `content-type` as
 * `contentType` (Prebid's default is `text/plain`), the others as `customHeaders`.
 * @example ajaxHeaders([{ name: 'x-openrtb-version', value: '2.6' }]) // { customHeaders: { 'x-openrtb-version': '2.6' } }
 */
export function ajaxHeaders(headers: readonly HeaderPlan[]): AjaxHeaders | undefined {
  if (!headers.length) return undefined;
  const out: AjaxHeaders = {};
  for (const { name, value } of headers) {
    if (name === 'content-type') out.contentType = value!;
    else (out.customHeaders ??= {})[name] = value!;
  }
  return out;
}

/**
 * The request builder `requests` (one request, by default; `requestsByUrl` for a template or split), each request it
 * makes carrying the plan's headers.
 * @example registerOnPage(plan, {}, [], withHeaders(requestsByUrl))
 */
export const withHeaders =
  (requests: RequestBuilder = buildRequests): RequestBuilder =>
  (engine, plan, ...rest) =>
    requests(engine, plan, ...rest).map((request) => (Object.assign(request.options, plan.ajax), request));

/**
 * The request builder `requests` on an engine that also writes typed targets (docs/spec.md#more-openrtb-targets): a generated
 * adapter imports it only when its record has one.
 * @example registerOnPage(plan, {}, [targets], withTargets())
 */
export const withTargets =
  (requests: RequestBuilder = buildRequests): RequestBuilder =>
  (engine, ...rest) =>
    requests(typedEngine(engine), ...rest);

/**
 * The request builder `requests` on an engine that first removes and derives what the record says
 * (docs/spec.md#removals, docs/spec.md#values-from-the-request) and keeps what the request held at targets written only where
 * it holds nothing (docs/spec.md#conditions): a generated adapter imports it only when its record does. Outside `withTargets`.
 */
export const withSteps =
  (requests: RequestBuilder = buildRequests): RequestBuilder =>
  (engine, plan, ...rest) => {
    const stepped = stepsEngine(engine, stepsOf(plan)!, [], true);
    // requestValues "first" with a template and no split: every bid of the auction goes to the first bid's URL.
    let first: string | undefined;
    const bind: typeof stepped.bind = (values, issues) => {
      const bound = stepped.bind(values, issues);
      if (bound.url) bound.url = first ??= bound.url;
      return bound;
    };
    return requests(plan.firstValues && !plan.split ? { ...stepped, bind } : stepped, plan, ...rest);
  };
