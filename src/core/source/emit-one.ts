/**
 * A bound placement's enrichment of one imp as one write tree (docs/spec.md#removals): its removals, its derivations
 * and its field writes (the fields, `alsoTo`, constants and `with` constants) in one function, in the order of an
 * enrichment, each object on a written path copied once. The lines are those of the two passes it replaces (the
 * steps of emit-steps.ts, the checks and writes of enricher-source.ts) with one change: which objects this call made
 * is known from where the code stands, a variable per path (made.ts), not a list searched at run time, so a write
 * into an object a removal or derivation copied writes into that copy. Every judgement is still a call into
 * apply/step-ops.ts or the writes' own checks, as in the engines it stands in for.
 *
 * `applyOne(given, report)` is what `enrich` (without `mutate` or `allImps`) runs for a placement whose plan has
 * removals or derivations and neither typed targets nor `when: "absent"` guards (those still run around the writes,
 * run-enrichment.ts); any other call, and those plans, take the two passes.
 */
import type { Plan } from '../plan/compiled-plan.js';
import { generatesSteps, stepLines, stepsPrelude } from './emit-steps.js';
import { indent } from './code.js';
import { Made } from './made.js';

/** Whether a plan's placements enrich one imp in one write tree. */
export const writesOneTree = (plan: Plan): boolean => generatesSteps(plan.steps) && plan.typed.length === 0 && !plan.steps?.guards?.length;

/** The way out of an imp's writes written inline: none written, or the imp written. */
export const exitWrite = (value: string): string => (value === 'undefined' ? 'break write;' : `written = ${value};`);

/**
 * The lines of `function applyOne(given, report)` for a placement's plan: `checks`, the copying `apply`'s checks, and
 * `writes(made)`, its writes of imp 0 (the imp's inline, ending with {@link exitWrite}) testing `made`'s variables.
 */
export function oneTree(plan: Plan, checks: readonly string[], writes: (made: Made) => string[]): string[] {
  const made = new Made();
  // Generated in the order they run, so each test knows every object made before it.
  const steps = stepLines(plan.steps!, made);
  const written = writes(made);
  const body = [
    // A request the writes refuse for its shape gets no step (as run-enrichment.ts' aroundApply decides).
    'if (!plain(given) || !isArray(given.imp) || given.imp.length === 0) return apply(given, undefined, undefined, false, false, report);',
    'const enriched = plain(given.imp[0]);',
    ...made.declarations(),
    'let view = given;',
    ...steps,
    // The writes, on the view: the checks and writes of a copying `apply`, for imp 0 (a placement's values are in its
    // code: `w` is only tested for being there).
    'const request = view, w = null, perImp = undefined, allImps = false, mutateAsked = false;',
    ...checks,
    ...written,
  ];
  return [...stepsPrelude(true), 'function applyOne(given, report) {', ...indent(body), '}'];
}
