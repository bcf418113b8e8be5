/**
 * The compact engine: the record check the page runs (./check.ts), and on it the values and `safeEnrich` (with its
 * request-shape checks) that the library's compact engine runs, with the page runtime's engine (values-engine.ts,
 * features.ts, steps.ts). Untrusted JSON throughout: it compares with `===` only (`{"toString": 1}` must not throw).
 */
import type { Issue } from '../issues.js';
import { isPlainObject } from '../definition/plain-object.js';
import { own, unknownField, valuesEngine, type CompactEnrichResult } from './values-engine.js';
import { ALL_FEATURES, typedEngine } from './features.js';
import { stepsEngine } from './steps.js';
import { stepsOf } from '../plan/steps-plan.js';
import { checkCompact, worded, wordedIssue, type CheckedRecord } from './check.js';
import type { AdapterInput, CompileOptions } from '../types.js';

type Obj = Record<string, any>;

export type { CompactEnrichResult } from './values-engine.js';
export { checkCompact, wordedIssue, type CheckedRecord } from './check.js';

/** A record compiled by the compact engine: the checked record, with its values and enrichment. */
export interface CompactAdapter extends CheckedRecord {
  /** The issues of the entered values (docs/spec.md#values); empty when they are valid. */
  validateValues(values: unknown): Issue[];
  /** Applies the values to the request, copy-on-write (docs/spec.md#targets); never throws, never changes its inputs. */
  safeEnrich(request: unknown, values: unknown, options?: { allImps?: boolean }): CompactEnrichResult;
}

/** Own value, `null` counting as absent. */
const present = (object: Obj, key: string) => own(object, key) ?? undefined;

/**
 * Compiles an adapter record or bare field array with the compact engine.
 * @throws BidfieldsError with the issues of the run-time rules (./check.ts).
 * @example compileCompact({ protocol: 'prebid-js', bidderCode: 'x', cpmField: 'price', endpoint: 'https://bid.example.com', fields: [] }, { knownEndpoints: ['bid.example.com'] })
 */
export function compileCompact(input: AdapterInput | unknown, options: Pick<CompileOptions, 'knownEndpoints' | 'allowLocal'> = {}): CompactAdapter {
  const checked = checkCompact(input, options);
  const { plan } = checked;
  // Removals and derivations (docs/spec.md#removals) first, with their warnings, and guarded targets put back last.
  const stepWarnings: Issue[] = [];
  const values = valuesEngine(plan, ALL_FEATURES, unknownField);
  const steps = stepsOf(plan);
  const { bind, apply } = steps ? stepsEngine(typedEngine(values), steps, stepWarnings) : typedEngine(values);
  return {
    ...checked,
    validateValues(values) {
      const found: Issue[] = [];
      bind(values, found);
      return worded(found);
    },
    // The request's shape is checked here (docs/spec.md#targets), then the page runtime's apply writes the values.
    safeEnrich(request, values, options) {
      const issues: Issue[] = [];
      const fail = (code: string, path: string) => void issues.push(wordedIssue(code, path));
      const bound = bind(values, issues);
      const source = request as Obj;
      const imps = isPlainObject(source) ? present(source, 'imp') : undefined;
      const count = options?.allImps === true ? imps?.length : 1;
      // Values that do not bind write nothing, and their refusal carries no step's warning (as compile's, which runs no step then).
      const refusedValues = issues.length > 0;
      if (refusedValues) bound.clear();
      const shaped = isPlainObject(source) && Array.isArray(imps) && imps.length > 0;
      if (!isPlainObject(source)) fail('invalid_request', '');
      else if (imps !== undefined && !Array.isArray(imps)) fail('invalid_request', '/imp');
      else if (!shaped) fail('no_imp', '/imp');
      if (!shaped) return { ok: false, issues: worded(issues), warnings: [] };
      // Every imp in reach is checked (and skipped when it is not an object); the others are still written.
      const enriched = [];
      for (let index = 0; index < count; index++) isPlainObject(imps[index]) ? enriched.push(index) : fail('invalid_request', '/imp/' + index);
      // OpenRTB forbids app and site together: app is used (apply writes the first of app, site, dooh), with a warning.
      const warnings = present(source, 'app') !== undefined && present(source, 'site') !== undefined ? [wordedIssue('both_app_and_site', '/site')] : [];
      stepWarnings.length = 0;
      const out = apply(bound, { ...source, imp: imps.slice() }, enriched, issues);
      const stepped = stepWarnings.splice(0);
      if (!refusedValues) warnings.unshift(...worded(stepped));
      // A constant's object, a list or a JSON value is a copy of its own per bind (values-engine.ts), which apply writes
      // to every imp: each further imp gets its own copy, so no two imps share one either (as compile's per-write copies).
      // Only where apply left that very object: a guarded target (when: "absent") may hold the request's own value.
      if (out) {
        for (const index of enriched.slice(1)) {
          for (const [
            {
              to: [root, ...keys],
            },
            value,
          ] of bound) {
            if (root || typeof value !== 'object') continue;
            const last = keys.pop()!;
            let node = out.imp[index];
            for (const key of keys) node = node[key];
            if (node[last] === value) node[last] = JSON.parse(JSON.stringify(value));
          }
        }
      }
      return issues.length ? { ok: false, issues: worded(issues), warnings } : { ok: true, request: out, warnings };
    },
  };
}
