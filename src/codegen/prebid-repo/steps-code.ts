/**
 * The steps of an enrichment (docs/spec.md#removals, docs/spec.md#values-from-the-request, docs/spec.md#conditions) as
 * statements of the in-repository module's `request` hook, straight-line from the plan as core/source/emit-steps.ts
 * writes them for the server: each removal, banner size and copy with its paths as literals, in record order, for
 * each bid's imp in turn (as the page runtime applies bid after bid, core/compact/steps.ts). The judgements they call
 * (what counts as absent, what a target takes from a copy, how a path is read and written) are helpers in Prebid's
 * style that write out apply/step-ops.ts' operations; test/codegen/prebid-repo-steps-judge.test.ts runs them against
 * step-ops on many values, so that a change to one that the other lacks fails there.
 */
import type { DerivePlan, RecordPlan, RemovePlan, Target } from '../../core/plan/field-plan.js';
import { placeOf } from '../../core/definition/names.js';
import { INVENTORY_KEYS } from '../../core/rules/inventory.js';
import { CURRENCY } from '../../core/rules/currency.js';
import { kindOf, NUMERIC } from '../../core/plan/steps-plan.js';
import { styled } from './styled.js';

/** The helpers the step statements call (step-ops.ts' `readPath`, `isAbsent`, `taken`, the writes of `reach`, `kept`). */
export const STEP_HELPERS = {
  readPath: `/** The value at path below node, read through own keys of plain objects and array items by index: undefined for none, or null. */
function readPath(node: any, path: string[]): any {
  for (const key of path) {
    const readable = isPlainObject(node) || (Array.isArray(node) && /^\\d+$/.test(key));
    node = readable && {}.hasOwnProperty.call(node, key) ? (node as Record<string, unknown>)[key] ?? undefined : undefined;
  }
  return node;
}`,
  isAbsent: `/** Whether a target holds nothing: no value, "", an empty list, or 0 where a number goes. */
function isAbsent(value: unknown, isNumber: boolean): boolean {
  return value === undefined || value === "" || (Array.isArray(value) && !value.length) || (isNumber && value === 0);
}`,
  copyValue: `/**
 * A value copied from the request as its target takes it, or undefined when it takes none: text a string or a finite
 * number (as its decimal text), a floor a number of 0 or more, a currency three capital letters, a flag 0 or 1, a
 * position an integer 0-7, a list of text an array of strings; objects and arrays as JSON params are read (a copy).
 */
function copyValue(value: unknown, kind: string): unknown {
  if (kind === "text") return typeof value === "string" ? value : typeof value === "number" && isFinite(value) ? decimalText(value) : undefined;
  if (kind === "floor" && !(typeof value === "number" && value >= 0)) return undefined;
  if (kind === "currency" && !(typeof value === "string" && ${String(CURRENCY)}.test(value))) return undefined;
  if (kind === "flag" && value !== 0 && value !== 1) return undefined;
  if (kind === "position" && !(typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 7)) return undefined;
  if (kind === "textList" && !(Array.isArray(value) && value.every((item) => typeof item === "string"))) return undefined;
  if (typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && isFinite(value))) return value;
  return readJson({ value }, "value") ?? undefined;
}`,
  setPath: `/** Writes value at path below node, making objects where keys are missing; false when node, or a value on the way, is no object. */
function setPath(node: any, path: string[], value: unknown): boolean {
  if (!isPlainObject(node)) return false;
  let object: Record<string, unknown> = node;
  for (const key of path.slice(0, -1)) {
    const next = readPath(object, [key]);
    if (next === undefined) object = object[key] = {};
    else if (isPlainObject(next)) object = next;
    else return false;
  }
  object[path[path.length - 1]] = value;
  return true;
}`,
  keptKeys: `/** Only the given own keys of an object, as a new object. */
function keptKeys(object: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of keys) if ({}.hasOwnProperty.call(object, key)) kept[key] = object[key];
  return kept;
}`,
} as const;

export type StepHelper = keyof typeof STEP_HELPERS;

type Copy = Extract<DerivePlan, { op: 'copy' }>;

/** The expression of the object a target of `root` is written below: the imp, its banner, the inventory object or the request. */
function baseOf(root: number): string {
  const place = placeOf(root);
  return root === 7 ? 'readPath(imp, ["banner"])' : place === 'imp' ? 'imp' : place === 'inventory' ? 'inventory' : 'request';
}

/** The test that a target holds nothing yet (`when: "absent"`, docs/spec.md#conditions), judged where it is written. */
export const absentTest = ([root, ...keys]: Target, numeric: boolean): string => `isAbsent(readPath(${baseOf(root)}, ${styled(keys)}), ${numeric})`;

/** One removal (docs/spec.md#removals), from the request or from the bid's imp. */
function removal(step: RemovePlan): string[] {
  const holder = step.path.slice(0, -1);
  const last = step.path.at(-1)!;
  const lines = [`const holder = readPath(${step.imp ? 'imp' : 'request'}, ${styled(holder)});`];
  if (!step.keep) lines.push(`if (isPlainObject(holder)) delete holder.${last};`);
  else
    lines.push(
      `const original = readPath(holder, ${styled([last])});`,
      `if (isPlainObject(holder) && isPlainObject(original)) holder.${last} = keptKeys(original, ${styled(step.keep)});`,
    );
  const what = step.keep ? `all of ${step.imp ? 'imp.' : ''}${step.path.join('.')} but the keys it keeps` : `${step.imp ? 'imp.' : ''}${step.path.join('.')}`;
  return [`// Removed: ${what}.`, '{', ...lines.map((line) => '  ' + line), '}'];
}

/** The banner size from its first format (docs/spec.md#values-from-the-request), by `when` (step-ops.ts' `sizeWanted`). */
function bannerSize(when: string): string[] {
  const wanted =
    when === 'bothMissing'
      ? ' && readPath(banner, ["w"]) === undefined && readPath(banner, ["h"]) === undefined'
      : when === 'eitherMissing'
        ? ' && (readPath(banner, ["w"]) === undefined || readPath(banner, ["h"]) === undefined)'
        : when === 'missingOrZero'
          ? ' && [readPath(banner, ["w"]), readPath(banner, ["h"])].some((side) => side === undefined || side === 0)'
          : '';
  return [
    `// The banner's size from its first format (${when}).`,
    '{',
    '  const banner = readPath(imp, ["banner"]);',
    '  const format = readPath(banner, ["format"]);',
    '  const first = Array.isArray(format) ? format[0] : undefined;',
    '  const w = readPath(first, ["w"]);',
    '  const h = readPath(first, ["h"]);',
    `  if (isPlainObject(banner) && Number.isFinite(w) && Number.isFinite(h)${wanted}) Object.assign(banner, { w, h });`,
    '}',
  ];
}

/** One copy (docs/spec.md#values-from-the-request), of the value read before any step (`from<k>`). */
function copy(step: Copy, k: number): string[] {
  const [root, ...keys] = step.to;
  const kind = kindOf(step.to);
  const tests = [
    ...(root === 7 ? ['readPath(imp, ["banner"]) !== undefined'] : []),
    ...(step.absent ? [absentTest(step.to, NUMERIC.includes(kind))] : []),
    `!setPath(${baseOf(root)}, ${styled(keys)}, value)`,
  ];
  const from = `${step.imp ? 'imp.' : ''}${step.from.join('.')}`;
  const written = tests.length > 1 ? `(${tests.join(' && ')})` : tests[0];
  return [
    `// Copied from ${from}${step.absent ? ' where nothing is there yet' : ''}.`,
    `if (from${k} !== undefined && from${k} !== "") {`,
    `  const value = copyValue(from${k}, ${styled(kind)});`,
    `  if (value === undefined || ${written}) logWarn(BIDDER_CODE, "value not copied:", ${styled(from)});`,
    '}',
  ];
}

/** Whether the module's request hook runs steps: the record removes or derives something. */
export const hasSteps = (plan: Pick<RecordPlan, 'remove' | 'derive'>): boolean => Boolean(plan.remove?.length || plan.derive?.length);

/** Whether any copy of the plan writes into the inventory object. */
export const copiesToInventory = (plan: Pick<RecordPlan, 'derive'>): boolean =>
  (plan.derive ?? []).some((step) => step.op === 'copy' && placeOf(step.to[0]) === 'inventory');

/**
 * The statements of a plan's steps: `given`, before the loop over the imps (what the copies read from the request as
 * the converter gave it, then the request's removals, once, before anything is written: docs/spec.md#removals), and
 * `each`, at the start of each imp's turn (what its copies read from the imp as given, then its removals, then the
 * derivations in record order; a request-level copy once per imp, as the page runtime does, so a later bid's wins).
 */
export function stepStatements(plan: Pick<RecordPlan, 'remove' | 'derive'>): { given: string[]; each: string[] } {
  const derive = plan.derive ?? [];
  const read = (step: DerivePlan, k: number) =>
    step.op === 'copy' ? [`const from${k} = readPath(${step.imp ? 'imp' : 'request'}, ${styled(step.from)});`] : [];
  const removals = plan.remove ?? [];
  return {
    given: [...derive.flatMap((step, k) => (step.op === 'copy' && !step.imp ? read(step, k) : [])), ...removals.filter((step) => !step.imp).flatMap(removal)],
    each: [
      ...derive.flatMap((step, k) => (step.op === 'copy' && step.imp ? read(step, k) : [])),
      ...removals.filter((step) => step.imp).flatMap(removal),
      ...derive.flatMap((step, k) => (step.op === 'copy' ? copy(step, k) : bannerSize(step.when))),
    ],
  };
}

/** The helpers a plan's steps and guards call. */
export function stepHelpersFor(plan: Pick<RecordPlan, 'remove' | 'derive'>, guarded: boolean): StepHelper[] {
  const used = new Set<StepHelper>(guarded ? ['readPath', 'isAbsent'] : []);
  if (plan.remove?.length) used.add('readPath');
  if (plan.remove?.some((step) => step.keep)) used.add('keptKeys');
  for (const step of plan.derive ?? []) {
    used.add('readPath');
    if (step.op === 'copy') ['copyValue', 'setPath', ...(step.absent ? ['isAbsent'] : [])].forEach((name) => used.add(name as StepHelper));
  }
  return (Object.keys(STEP_HELPERS) as StepHelper[]).filter((helper) => used.has(helper));
}

/** The inventory object of the request, as the request hook reads it (the first of app, site and dooh). */
export const INVENTORY_LINE = `const inventory = ${INVENTORY_KEYS.map((key) => `request.${key}`).join(' ?? ')};`;
