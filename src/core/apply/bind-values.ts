/**
 * Validates and coerces entered values against a plan (docs/spec.md#values, docs/spec.md#records) and arranges them as writes. Runs once per set
 * of values: `adapter.bind(values)` keeps the result for many requests, `adapter.enrich` does it each call.
 */
import type { Issue } from '../issues.js';
import type { Plan } from '../plan/compiled-plan.js';
import type { ExtTreeNode } from '../plan/ext-tree.js';
import { earliest, type BoundWrites, type ExtWrite, type RequestWrites } from '../plan/bound-writes.js';
import { isNotEntered, isRefusal, writtenAt, type WrittenValue } from '../plan/value-judge.js';
import { writtenOf } from '../plan/value-kinds.js';
import { isPlainObject } from '../definition/plain-object.js';
import { valueIssues } from './value-issues.js';

/** The names of a plan's sources: fields, then constants. */
const sourceName = (plan: Plan, index: number): string =>
  index < plan.fields.length ? plan.fields[index]!.name : plan.constants[index - plan.fields.length]!.name;

/** The bound leaves of an ext tree, as writes; undefined when none is bound below `nodes`. */
function pick(nodes: readonly ExtTreeNode[], written: readonly unknown[], plan: Plan): ExtWrite[] | undefined {
  let out: ExtWrite[] | undefined;
  for (const node of nodes) {
    if (node.children !== undefined) {
      const children = pick(node.children, written, plan);
      if (children) {
        const first = children.reduce(earliest);
        (out ??= []).push({ key: node.key, value: undefined, children, relPath: node.relPath, field: first.field, index: first.index });
      }
    } else {
      const value = written[node.fieldIndex!];
      if (value !== undefined)
        (out ??= []).push({
          key: node.key,
          value,
          children: undefined,
          relPath: node.relPath,
          field: sourceName(plan, node.fieldIndex!),
          index: node.fieldIndex!,
        });
    }
  }
  return out;
}

/** The request-level writes of bound source values (fields, then constants). */
export function requestWrites(plan: Plan, values: readonly unknown[]): RequestWrites {
  let publisherId: string | undefined;
  let publisherField: string | undefined;
  let siteId: string | undefined;
  let inventoryField: string | undefined;
  // Fields, then constants (source order), without building a list of them per set of values.
  const visit = (source: Plan['fields'][number] | Plan['constants'][number]) => {
    const value = values[source.index];
    if (value === undefined) return;
    for (const target of source.targets) {
      if (target.slot === 'publisher') {
        publisherId = writtenAt(PUBLISHER_TARGET, value as WrittenValue) as string;
        publisherField = source.name;
        inventoryField ??= source.name;
      } else if (target.slot === 'siteId') {
        siteId = writtenAt(SITE_ID_TARGET, value as WrittenValue) as string;
        inventoryField ??= source.name;
      }
    }
  };
  plan.fields.forEach(visit);
  plan.constants.forEach(visit);
  return { publisherId, publisherField, siteId, inventoryField, ext: pick(plan.requestTree, values, plan) };
}

/** The predefined inventory targets (definition/names.ts), for `writtenAt`. */
const PUBLISHER_TARGET = [1, 'publisher', 'id'] as const;
const SITE_ID_TARGET = [1, 'id'] as const;

/**
 * Checks `values` against the plan (docs/spec.md#values, docs/spec.md#records): the value each field writes, as its type holds it, indexed by
 * source number (constants are not filled in), or the issues (paths point into `values`, below `base`: `''`, or
 * `/<i>` for the values of imp i). What both engines start from: the interpreter arranges it as writes
 * ({@link bindValues}), a generated enricher reads it as it is.
 */
export function judgeValues(plan: Plan, values: unknown, base = ''): { written?: (WrittenValue | undefined)[]; issues: Issue[] } {
  if (!isPlainObject(values)) return { issues: [valueIssues.notAnObject(base)] };
  const issues: Issue[] = [];
  // Every unknown key is one issue (docs/spec.md#values), however many: the list grows with the values object, never beyond it.
  for (const key of Object.keys(values)) {
    if (!plan.byKey.has(key)) issues.push(valueIssues.unknown(base, key));
  }

  const written: (WrittenValue | undefined)[] = [];
  for (const field of plan.fields) {
    const { key } = field;
    const raw = Object.hasOwn(values, key) ? values[key] : undefined;
    let value: WrittenValue;
    if (isNotEntered(raw)) {
      if (field.defaultValue !== undefined) value = field.defaultValue;
      else {
        if (field.required) issues.push(valueIssues.missing(field, base));
        continue;
      }
    } else {
      const verdict = field.judge(raw);
      if (isRefusal(verdict)) {
        issues.push(valueIssues.refused(field, verdict, base));
        continue;
      }
      value = writtenOf(verdict);
    }
    written[field.index] = value;
  }
  let grouped: Issue[] | undefined;
  for (const group of plan.oneOf)
    grouped = valueIssues.group(
      group,
      group.fields.map((field) => written[field.index] !== undefined),
      base,
      grouped,
    );
  if (grouped) issues.push(...grouped);
  return issues.length > 0 ? { issues } : { written, issues };
}

/** Judged values (fields; the constants are added here) arranged as the interpreter's writes. */
function arrangeWrites(plan: Plan, written: (WrittenValue | undefined)[]): BoundWrites {
  let tagid: string | undefined;
  // A field's `with` constants (docs/spec.md#conditions) only when the field has a value.
  for (const constant of plan.constants)
    if (constant.when === undefined || written[constant.when] !== undefined) written[constant.index] = constant.value as WrittenValue;
  for (const source of [...plan.fields, ...plan.constants]) {
    const value = written[source.index];
    if (value === undefined) continue;
    for (const target of source.targets) if (target.slot === 'tagid') tagid = writtenAt([0, 'tagid'], value) as string;
  }
  return { imp: { tagid, ext: pick(plan.impTree, written, plan) }, request: requestWrites(plan, written), values: written };
}

/** {@link judgeValues}, arranged as writes: what `bind` keeps and the interpreter applies. */
export function bindValues(plan: Plan, values: unknown, base = ''): { writes?: BoundWrites; issues: Issue[] } {
  const judged = judgeValues(plan, values, base);
  return judged.written ? { writes: arrangeWrites(plan, judged.written), issues: judged.issues } : judged;
}
