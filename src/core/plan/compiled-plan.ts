/**
 * `compile`'s fast form of a record plan: each field's judge, its slots in the hand-written writes and its ext
 * paths, made once, so applying values never re-reads a definition and walks paths known ahead of time. Fields and
 * constants are both *sources* of values (fields first, in definition order, then constants), numbered alike.
 */
import { pointer } from '../issues.js';
import { keyOf, type FieldPlan, type RecordPlan } from './field-plan.js';
import { placeOf, typedKind, type Target } from '../definition/names.js';
import { type ValueJudge, type WrittenValue } from './value-judge.js';
import { makeValueJudge } from './value-kinds.js';
import { buildExtTree, type ExtTreeNode } from './ext-tree.js';
import { stepsOf, type Steps } from './steps-plan.js';
import { defaultResponsePlan, type ResponsePlan } from './response-plan.js';

/**
 * Where a value goes in the hot path: one of the slots apply/apply-writes.ts writes by hand (`imp.tagid`, the
 * inventory object's `publisher.id` and `id`: the predefined targets of definition/names.ts), or an ext tree
 * (the imp's or the request's).
 */
export type Slot = 'tagid' | 'publisher' | 'siteId' | 'impExt' | 'requestExt' | 'endpoint' | 'typed';

/** One target of a source: its slot, and for ext slots the keys under `ext`. */
export interface CompiledTarget {
  readonly slot: Slot;
  readonly extPath: readonly string[];
  /** A typed target's root (4 each imp, 7 its banner, 5 the request, 6 the inventory object). */
  readonly root?: number;
}

/** One shape for every field (plans differ in shape), so the hot path reads it monomorphically. */
export interface CompiledField {
  /** The field's plan, as the page runtime holds it too. */
  readonly plan: FieldPlan;
  readonly name: string;
  /** The key its value is entered under (docs/spec.md#param). */
  readonly key: string;
  readonly required: boolean;
  readonly defaultValue: WrittenValue | undefined;
  /** Index of the field in the plan (and in the definition array): its source number. */
  readonly index: number;
  readonly targets: readonly CompiledTarget[];
  /**
   * True when a target is request-level (the inventory object, request ext) or the value fills an endpoint
   * placeholder: imps must agree on it (docs/spec.md#per-imp, docs/spec.md#endpoint-templates).
   */
  readonly requestLevel: boolean;
  readonly judge: ValueJudge;
  /** JSON Pointer of this field's value in the values object. */
  readonly valuePath: string;
}

/** A constant as a source: its name, value and targets; a field's `with` entry (docs/spec.md#conditions) has a value only when field `when` has one. */
export interface CompiledConstant {
  readonly name: string;
  readonly value: unknown;
  readonly index: number;
  readonly targets: readonly CompiledTarget[];
  readonly when: number | undefined;
}

/** A one-of group (docs/spec.md#one-of), or with `exactly` an exactlyOneOf group (docs/spec.md#conditions): its fields and keys. */
export interface OneOfGroup {
  readonly fields: readonly CompiledField[];
  readonly keys: readonly string[];
  readonly exactly: boolean;
}

export interface Plan {
  readonly fields: readonly CompiledField[];
  readonly constants: readonly CompiledConstant[];
  readonly byKey: ReadonlyMap<string, CompiledField>;
  /** The fields with a request-level target, in order. */
  readonly requestFields: readonly CompiledField[];
  /** One-of and exactly-one-of groups, as the fields of each group, with the keys for messages. */
  readonly oneOf: readonly OneOfGroup[];
  /** What is removed from, and derived from, the request before any value is written (apply/request-steps.ts); `undefined` when nothing. */
  readonly steps: Steps | undefined;
  /** `requestValues: "first"` (docs/spec.md#conditions). */
  readonly firstValues: boolean;
  /** Every imp ext write the adapter can make, as a tree (see ext-tree.ts), and every request ext write. */
  readonly impTree: readonly ExtTreeNode[];
  readonly requestTree: readonly ExtTreeNode[];
  /** Every typed target of a source (docs/spec.md#more-openrtb-targets), in source order; `text`: a number is written as its decimal string. */
  readonly typed: readonly TypedTarget[];
  /** How the partner's answers are read (docs/spec.md#response-record), every default applied. */
  readonly response: ResponsePlan;
}

/** One typed target of a source (a field or constant, by index). */
export interface TypedTarget {
  readonly index: number;
  readonly name: string;
  readonly root: number;
  readonly path: readonly string[];
  readonly text: boolean;
}

/** Whether a typed target takes text (docs/spec.md#more-openrtb-targets): a number entered for it is written as its decimal string. */
const isTextTarget = (target: CompiledTarget) => typedKind([target.root as Target[0], ...target.extPath]) === 'text';

/** The slot of a target (`[root, ...keys]`); a typed one (roots 4–7, docs/spec.md#more-openrtb-targets) keeps its whole path. */
function compileTarget([root, key, ...rest]: Target): CompiledTarget {
  if (root > 3) return { slot: 'typed', extPath: [key!, ...rest], root };
  if (root === 1) return { slot: key === 'publisher' ? 'publisher' : 'siteId', extPath: [] };
  if (root === 2) return { slot: 'requestExt', extPath: rest };
  if (root === 3) return { slot: 'endpoint', extPath: [] };
  return key === 'ext' ? { slot: 'impExt', extPath: rest } : { slot: 'tagid', extPath: [] };
}

const isRequestLevel = (target: CompiledTarget) =>
  target.slot === 'typed' ? placeOf(target.root!) !== 'imp' : target.slot !== 'tagid' && target.slot !== 'impExt';

/**
 * The fast form of a checked record plan (fields in definition order, names and keys unique); `placeholders`: the
 * endpoint's keys; `response`: the record's answer rules (the defaults without).
 */
export function compilePlan(record: RecordPlan, placeholders: readonly string[] = [], response = defaultResponsePlan('price')): Plan {
  const fields = record.fields.map((plan, index): CompiledField => {
    const targets = [plan.to, ...(plan.also ?? [])].map(compileTarget);
    const key = keyOf(plan);
    // A `with` constant at a request-level target makes its field request-level too, as an alsoTo does.
    const switched = (record.with ?? []).filter((constant) => constant.if === key).map((constant) => compileTarget(constant.to));
    const requestLevel = [...targets, ...switched].some(isRequestLevel) || placeholders.includes(key);
    return {
      plan,
      name: plan.name,
      key,
      required: plan.required === true,
      defaultValue: plan.default,
      index,
      targets,
      requestLevel,
      judge: makeValueJudge(plan),
      valuePath: pointer(key),
    };
  });
  const byKey = new Map(fields.map((field) => [field.key, field]));
  // A field's `with` constants are sources after the record's constants (docs/spec.md#conditions).
  const constants = [...(record.constants ?? []), ...(record.with ?? [])].map((constant, i): CompiledConstant => ({
    name: constant.name,
    value: constant.value,
    index: fields.length + i,
    targets: [compileTarget(constant.to)],
    when: constant.if === undefined ? undefined : byKey.get(constant.if)!.index,
  }));
  const group = (exactly: boolean) => (keys: string[]) => ({ keys, fields: keys.map((key) => byKey.get(key)!), exactly });

  const sources = [...fields, ...constants];
  return {
    fields,
    constants,
    byKey,
    requestFields: fields.filter((field) => field.requestLevel),
    oneOf: [...(record.oneOf ?? []).map(group(false)), ...(record.exactlyOneOf ?? []).map(group(true))],
    steps: stepsOf(record),
    firstValues: record.firstValues === true,
    impTree: buildExtTree(sources, 'impExt'),
    requestTree: buildExtTree(sources, 'requestExt'),
    typed: sources.flatMap((source) =>
      source.targets
        .filter((target) => target.slot === 'typed')
        .map((target) => ({ index: source.index, name: source.name, root: target.root!, path: target.extPath, text: isTextTarget(target) })),
    ),
    response,
  };
}
