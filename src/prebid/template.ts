/**
 * The `template` feature of the page runtime (SPEC §8.7): a record whose endpoint holds placeholders builds its URL
 * per bid, when the bid's params are bound, with the library's own `buildUrl` (core/endpoint/template.ts: a host
 * value one DNS label, path and query values percent-encoded, the finished URL judged again against the known
 * endpoints the record was checked with). A value the template refuses is an issue of the params at its key, with
 * the library's code (`invalid_value`, `unknown_endpoint`, `invalid_endpoint`), so the bid is left out with a
 * warning as for any invalid param. A generated adapter imports it only when its record has a template.
 */
import { buildUrl } from '../core/endpoint/template.js';
import { pointer, problem, type Feature } from '../core/compact/values-engine.js';
import type { BidderPlan } from './types.js';

/** Builds the bid's URL into the bound values (`bound.url`) once its params have no other issue. */
export const template: Feature = (plan, judges) => (bound, issues) => {
  const { template: parts, known } = plan as BidderPlan;
  // A field a placeholder names is required or has a default (a record rule), so it is bound when params are valid.
  if (issues.length) return;
  const built = buildUrl(parts!, (key) => bound.get(judges.get(key)![0]), 'prebid-js', { knownEndpoints: known });
  if (built instanceof URL) bound.url = built.href;
  else issues.push(problem(built[1], pointer(built[0]), judges.get(built[0])?.[0].name));
};
