/**
 * Generated enrichers: for each adapter, and for each bound placement, the apply step as code made from
 * the plan. On a platform that runs code made at run time (Node, a page without a CSP that forbids `eval`), `compile`
 * runs it with `new Function`; elsewhere the interpreter applies the plan (`codegen: false` asks for it), or a
 * module written beforehand by `bidfields codegen --target node` is passed as the `enricher` option.
 */
import type { Plan } from '../plan/compiled-plan.js';
import { writtenAt, type WrittenValue } from '../plan/value-judge.js';
import { fixedValues, variableValues } from './code.js';
import { enricherBody } from './enricher-source.js';
import { literal } from './literal.js';
import { enricherRuntime, type EnricherFactory, type GeneratedApply, type GeneratedJudge, type GeneratedOne, type GeneratedSteps } from './runtime.js';
import type { EnricherModule } from '../types.js';

let allowed: boolean | undefined;

/**
 * Whether this platform runs code made at run time: false where a Content-Security-Policy without
 * `'unsafe-eval'` makes `new Function` throw (an `EvalError`). Tried once, the first time an adapter is compiled
 * with code generation, never when the module is imported (on such a page the try is reported as one CSP violation).
 */
export function canGenerate(): boolean {
  if (allowed === undefined) {
    try {
      allowed = new Function('return true')() === true;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}

/**
 * How many enrichments a bound placement runs on its adapter's code before it gets code of its own (made then, with
 * `new Function`, about 0.1 ms). @internal Tests set it to 0, to run a placement's own code at once.
 */
export const PLACEMENT_TIER = { calls: 1000 };

/** How an adapter applies its plan. */
export type EngineKind = 'generated' | 'module' | 'interpreter';

export interface Enricher {
  readonly kind: 'generated' | 'module';
  /** The adapter's apply: values from the array it is given. */
  readonly apply: GeneratedApply;
  /** The adapter's reading of values objects (the interpreter's `judgeValues`). */
  readonly judge: GeneratedJudge;
  /** The plan's removals and derivations as code (emit-steps.ts); undefined when it has none. */
  readonly steps: GeneratedSteps | undefined;
  /**
   * A bound placement's own apply, its values (`written`: every source's) in its code, and for a plan that removes or
   * derives, its enrichment of one imp in one write tree (emit-one.ts); undefined for a module.
   */
  placement(written: readonly unknown[]): { apply: GeneratedApply; one?: GeneratedOne } | undefined;
}

/** The generated source of a plan's enricher: the body of `function (rt) { … }`. */
export function adapterSource(plan: Plan): string {
  return enricherBody(plan, (array, hoisted) => variableValues(plan, array, hoisted), true);
}

/** Two FNV-1a hashes of the text, as 16 hex digits: identifies a generated source. */
export function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193 + 0x2000);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * The standalone ES module of a generated source (what `adapter.source()` prints and `bidfields codegen --target
 * node` writes): its fingerprint and its factory, importing nothing.
 */
export function moduleText(body: string): string {
  return `// A bidfields enricher (the apply step of one adapter, generated from its record's field plan): do not edit,
// regenerate it with \`bidfields codegen --target node\`. Pass it to compile, which checks that it was generated from
// the same record by the same bidfields:
//   import * as enricher from './this-file.js';
//   const adapter = compile(record, { enricher });
export const fingerprint = ${literal(fingerprint(body))};

export function enricher(rt) {
${body.replace(/^(?=.)/gm, '  ')}}
`;
}

const run = (plan: Plan, body: string) => (new Function('rt', body) as EnricherFactory)(enricherRuntime(plan));

/** The adapter's enricher made with `new Function` (the caller has checked {@link canGenerate}). */
export function generatedEnricher(plan: Plan, body: string): Enricher {
  const text = (value: unknown) => writtenAt([1, 'id'], value as WrittenValue);
  const { apply, judge, steps } = run(plan, body);
  return {
    kind: 'generated',
    apply,
    judge: judge!,
    steps,
    placement: (written) =>
      run(
        plan,
        enricherBody(plan, (_array, hoisted) => fixedValues(written, text, hoisted)),
      ),
  };
}

/**
 * The adapter's enricher from a written module.
 * @throws TypeError when the module is not an enricher module, or was generated from another plan (another record,
 * other compile options that change where values go, or another version of bidfields).
 */
export function moduleEnricher(plan: Plan, module: EnricherModule, body: string): Enricher {
  if (typeof module?.enricher !== 'function' || typeof module.fingerprint !== 'string')
    throw new TypeError('the enricher option must be a module written by `bidfields codegen` (with `fingerprint` and `enricher`)');
  if (module.fingerprint !== fingerprint(body))
    throw new TypeError(
      'the enricher module was generated from another record, other compile options or another bidfields version: regenerate it with `bidfields codegen --target node`',
    );
  const { apply, judge, steps } = (module.enricher as EnricherFactory)(enricherRuntime(plan));
  return { kind: 'module', apply, judge: judge!, steps, placement: () => undefined };
}
