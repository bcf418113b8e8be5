/**
 * Removals and derivations (docs/spec.md#removals, docs/spec.md#values-from-the-request) on the page and in the compact engine:
 * apply/request-steps.ts (its operations, apply/step-ops.ts, the one judge of them), run before the values engine's writes. Apart from values-engine.ts so
 * that a page whose record has neither ships none of it.
 */
import { guardAbsent, prepareRequest, type Steps } from '../apply/request-steps.js';
import type { Issue } from '../issues.js';
import { placeOf } from '../definition/names.js';
import type { Bound, Source, ValuesEngine } from './values-engine.js';

type Obj = Record<string, any>;

/**
 * The engine that first runs the record's steps on a view of the request; `copy_skipped` warnings go to `warnings`.
 * `chained`: the page applies bid after bid, each on the request the one before made (prebid/build-requests.ts, the
 * same `id`): a copy then reads the request-level objects as the page first gave them, before any removal, and the
 * request-level steps are not run again, as for a single call.
 */
export function stepsEngine(engine: ValuesEngine, steps: Steps, warnings: Issue[] = [], chained = false): ValuesEngine {
  let previous: [out: Obj, given: Obj] | undefined;
  // A later bid of the same request runs its imp's steps only: the request's removals and copies to request-level
  // targets ran once, with the first bid, before anything was written (one enrichment of every imp, docs/spec.md#removals).
  const later: Steps = {
    ...steps,
    remove: steps.remove?.filter((removal) => removal.imp),
    derive: steps.derive?.filter((step) => step.op !== 'copy' || placeOf(step.to[0]) === 'imp'),
  };
  const sent = new Set<string>();
  return {
    bind: engine.bind,
    apply(bound, request, imps, issues) {
      const last = previous;
      const same = chained && last !== undefined && Object.keys(request).every((key) => key === 'imp' || request[key] === last[0][key]);
      const given = same ? { ...last[1], imp: request.imp } : request;
      const report = { warnings };
      // requestValues "first" (docs/spec.md#conditions): a request-level value an earlier bid of the request wrote stays.
      if (!same) sent.clear();
      const names: string[] = [];
      if (steps.firstValues) {
        const url = bound.url;
        const level = ([source]: [Source, unknown]) => placeOf(source.to[0]) === 'inventory' || placeOf(source.to[0]) === 'request';
        bound = new Map([...bound].filter((entry) => !(level(entry) && sent.has(entry[0].name)))) as Bound;
        for (const entry of bound) if (level(entry)) names.push(entry[0].name);
        bound.url = url;
      }
      const view = prepareRequest(same ? later : steps, request, imps, report, given);
      const restore = guardAbsent(steps.guards ?? [], view, imps);
      const out = engine.apply(bound, view, imps, issues);
      // Guarded targets (when: "absent") keep what the request held there.
      if (out) restore?.(out);
      if (out) {
        previous = [out, given];
        for (const name of names) sent.add(name);
      }
      return out;
    },
  };
}
