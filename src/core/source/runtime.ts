/**
 * What a generated enricher runs on, as ajv's generated validators run on `ajv/dist/runtime`: the helpers it calls
 * (the interpreter's own: the plain-object test, the copy that keeps an own `__proto__` as data, the issue table),
 * handed to its factory as `rt`, so a written module (`bidfields codegen`) imports nothing and runs on the
 * bidfields that compiles its record.
 */
import type { BidRequest } from '../types.js';
import { fresh, type Report } from '../apply/apply-writes.js';
import { applyIssues } from '../apply/apply-issues.js';
import { copyFor, isArray, isPlainObject } from '../definition/plain-object.js';
import { writtenAt, type WrittenValue } from '../plan/value-judge.js';
import type { Issue } from '../issues.js';
import type { Plan } from '../plan/compiled-plan.js';
import { isNotEntered, isRefusal } from '../plan/value-judge.js';
import { valueIssues } from '../apply/value-issues.js';
import { judgeValues } from '../apply/bind-values.js';
import * as stepOps from '../apply/step-ops.js';

import type { GeneratedApply, GeneratedOne, GeneratedSteps } from '../apply/run-enrichment.js';

export type { GeneratedApply, GeneratedOne, GeneratedSteps, PerImpSources } from '../apply/run-enrichment.js';

/** A generated `judge`: the interpreter's `judgeValues` for one plan (the written values of its fields, or the issues). */
export type GeneratedJudge = (values: unknown, base: string) => { written?: readonly unknown[]; issues: Issue[] };

/** The helpers a generated enricher calls. */
export interface EnricherRuntime {
  /** The adapter's plan: its fields (each with its value judge), one-of groups and keys. */
  plan: Plan;
  values: typeof valueIssues;
  isNotEntered(raw: unknown): boolean;
  isRefusal(verdict: unknown): boolean;
  /** No issues (a shared, frozen list). */
  none: readonly Issue[];
  /** The interpreter's reading of values, which the enricher of a large adapter calls. */
  judgeValues: typeof judgeValues;
  plain(value: unknown): boolean;
  /** `Array.isArray`, false for a revoked proxy. */
  isArray(value: unknown): boolean;
  copyFor(source: Record<string, unknown>, addsKeys: boolean): Record<string, unknown>;
  /** A value at a predefined target: a number as its decimal string. */
  str(value: unknown): unknown;
  /** A list's or JSON field's value as written: a copy of its own (docs/spec.md#lists-json-ids), so no two results share one. */
  json(value: unknown): unknown;
  issues: typeof applyIssues;
  fail(report: Report, found: Issue): void;
  /** Whether `values` holds a value at any of `indexes` (long lists of a large adapter). */
  some(values: readonly unknown[], indexes: readonly number[]): boolean;
  /** The position in `indexes` of the first where `values` holds a value, else -1. */
  first(values: readonly unknown[], indexes: readonly number[]): number;
  /**
   * Whether writing adds a key `object` does not own: `entries` are (spec, key, …), a spec -1 (a key always
   * written), the index of the value that writes the key, or the indexes of those that do.
   */
  adds(object: Record<string, unknown>, values: readonly unknown[], entries: readonly (number | readonly number[] | string)[]): boolean;
  /** The operations of the steps (apply/step-ops.ts), which a plan's generated `steps` calls (emit-steps.ts). */
  steps: typeof stepOps;
}

/** The factory a generated source is the body of (`function (rt) { … }`), and a written module exports. */
export type EnricherFactory = (rt: EnricherRuntime) => { apply: GeneratedApply; judge?: GeneratedJudge; steps?: GeneratedSteps; one?: GeneratedOne };

const PREDEFINED = [1, 'id'] as const;

function some(values: readonly unknown[], indexes: readonly number[]): boolean {
  for (let i = 0; i < indexes.length; i++) if (values[indexes[i]!] !== undefined) return true;
  return false;
}

const NONE: readonly Issue[] = Object.freeze([]);

/** The runtime of one adapter's enricher. */
export const enricherRuntime = (plan: Plan): EnricherRuntime => ({
  plan,
  values: valueIssues,
  isNotEntered,
  isRefusal: isRefusal as (verdict: unknown) => boolean,
  none: NONE,
  judgeValues,
  plain: isPlainObject,
  isArray,
  copyFor,
  str: (value) => writtenAt(PREDEFINED, value as WrittenValue),
  json: fresh,
  issues: applyIssues,
  fail: (report, found) => void (report.issues ??= []).push(found),
  some,
  first: (values, indexes) => {
    for (let i = 0; i < indexes.length; i++) if (values[indexes[i]!] !== undefined) return i;
    return -1;
  },
  adds: (object, values, entries) => {
    for (let i = 0; i < entries.length; i += 2) {
      const spec = entries[i] as number | readonly number[];
      const written = spec === -1 || (typeof spec === 'number' ? values[spec] !== undefined : some(values, spec));
      if (written && !Object.hasOwn(object, entries[i + 1] as string)) return true;
    }
    return false;
  },
  steps: stepOps,
});
