/**
 * The record rules of what a record writes besides its fields' values, and of what it does to the request first:
 * constants (docs/spec.md#constants), one-of groups (docs/spec.md#one-of, docs/spec.md#conditions), a field's `with` constants,
 * removals (docs/spec.md#removals) and derivations (docs/spec.md#values-from-the-request). Called by record-rules.ts with its
 * name checks, so every name registers against every other once, for both record checks.
 */
import { isPlainObject } from '../definition/plain-object.js';
import { hasUnsafeSegment, isDotPath, isFieldName, isSafeSegment, MAX_NAME_LENGTH, predefinedPath, targetOf, typedTarget } from '../definition/names.js';
import { checkedJson, JsonFault } from '../rules/json-value.js';
import { takes } from './value-kinds.js';
import { RecordRule, type RecordProblem } from './record-problems.js';
import type { ConstantPlan, DerivePlan, RemovePlan } from './field-plan.js';
import { BANNER_SIZE_WHEN, NOT_OBJECT_PATHS, REMOVABLE_PATHS } from './steps-plan.js';

interface Owner {
  name: string;
  path: string;
}

/** What the rules here take from record-rules.ts. */
export interface WriteContext {
  problems: RecordProblem[];
  /** Each field's key and the pointer of its definition. */
  keys: ReadonlyMap<string, string>;
  /** A name's own rules and its conflicts with every name before it; `shared`: checked, not registered again. */
  checkName(name: unknown, at: string, owner: Owner, field: string | undefined, shared?: boolean): name is string;
  extBase: readonly string[];
}

/** The record rule of each fault of a constant's value (a prototype key is `unsafe_name`). */
const JSON_RULES: Record<JsonFault, RecordRule | 'unsafe_name'> = {
  [JsonFault.NotJson]: RecordRule.NotJson,
  [JsonFault.Null]: RecordRule.NullValue,
  [JsonFault.TooLarge]: RecordRule.TooLarge,
  [JsonFault.TooDeep]: RecordRule.TooDeep,
  [JsonFault.PrototypeKey]: 'unsafe_name',
};

/** A constant or `with` entry `{ name, value }` at `at`: its plan, or `undefined` with its problems reported. */
function checkConstant(entry: unknown, at: string, context: WriteContext, shared = false): ConstantPlan | undefined {
  const { problems } = context;
  if (!isPlainObject(entry)) return void problems.push({ code: 'schema', path: at, rule: RecordRule.NotJson });
  const { name } = entry;
  const field = typeof name === 'string' ? name : undefined;
  const usable = context.checkName(name, `${at}/name`, { name: name as string, path: at }, field, shared);
  if (!isFieldName(name)) problems.push({ code: 'schema', path: `${at}/name`, field });
  const checked = checkedJson(entry.value);
  if ('fault' in checked) {
    const [fault, below] = checked.fault;
    const rule = JSON_RULES[fault];
    return void problems.push(
      rule === 'unsafe_name' ? { code: rule, path: `${at}/value${below}`, field } : { code: 'schema', path: `${at}/value${below}`, field, rule },
    );
  }
  // Predefined targets are strings (docs/spec.md#targets); typed ones take what their kind takes.
  if (usable && predefinedPath(name) && typeof checked.value !== 'string')
    return void problems.push({ code: 'schema', path: `${at}/value`, field, rule: RecordRule.NotAString });
  const kind = usable ? typedTarget(name)?.[1] : undefined;
  if (kind && !takes(kind, checked.value))
    return void problems.push({ code: 'schema', path: `${at}/value`, field, rule: RecordRule.TargetType, name: name as string });
  if (entry.when !== undefined && entry.when !== 'absent') return void problems.push({ code: 'schema', path: `${at}/when`, field, rule: RecordRule.StepShape });
  return usable ? { name, to: targetOf(name, context.extBase), value: checked.value, ...(entry.when === 'absent' && { absent: true }) } : undefined;
}

/** A list of groups of field keys at `at` (`requireOneOf`, `exactlyOneOf`), as the plan keeps them (copies). */
function checkGroups(groups: unknown, at: string, context: WriteContext): string[][] {
  const { problems } = context;
  if (groups === undefined) return [];
  if (!Array.isArray(groups)) return (problems.push({ code: 'schema', path: at, rule: RecordRule.NotAList }), []);
  return groups.flatMap((group: unknown, i) => {
    if (!(Array.isArray(group) && group.length)) return (problems.push({ code: 'schema', path: `${at}/${i}`, rule: RecordRule.NotAGroup }), []);
    group.forEach((key: unknown, j) => {
      if (typeof key !== 'string' || !context.keys.has(key)) problems.push({ code: 'schema', path: `${at}/${i}/${j}`, rule: RecordRule.UnknownKey });
    });
    return [[...(group as string[])]];
  });
}

/** What may be removed (docs/spec.md#removals); the objects among them may keep some of their keys. */

/** A removal at `at`: a path of the list, or `{ path, keep }` for an object path of it. */
function checkRemoval(entry: unknown, at: string, problems: RecordProblem[]): RemovePlan | undefined {
  const path = isPlainObject(entry) ? entry.path : entry;
  const keep = isPlainObject(entry) ? entry.keep : undefined;
  const pathAt = isPlainObject(entry) ? `${at}/path` : at;
  if (typeof path !== 'string' || !REMOVABLE_PATHS.includes(path) || (isPlainObject(entry) && NOT_OBJECT_PATHS.includes(path)))
    return void problems.push({ code: 'schema', path: pathAt, rule: RecordRule.RemovePath });
  if (isPlainObject(entry) && !(Array.isArray(keep) && keep.length && keep.every(isSafeSegment)))
    return void problems.push({ code: 'schema', path: `${at}/keep`, rule: RecordRule.StepShape });
  const segments = path.split('.');
  const imp = segments[0] === 'imp';
  return { path: imp ? segments.slice(1) : segments, ...(imp && { imp: true }), ...(keep !== undefined && { keep: [...(keep as string[])] }) };
}

/** A request path a copy reads (docs/spec.md#values-from-the-request): a dot path, decimal indices as segments, no prototype key. */
const isRequestPath = (path: unknown): path is string =>
  typeof path === 'string' && path.length <= MAX_NAME_LENGTH && isDotPath(path) && path.split('.').every(isSafeSegment);

/** A derivation at `at`; a copy's `to` is a name under the rules of a constant's, but may be a field's own target. */
function checkDerivation(entry: unknown, at: string, context: WriteContext, fieldTargets: ReadonlySet<string>): DerivePlan | undefined {
  const { problems } = context;
  if (!isPlainObject(entry)) return void problems.push({ code: 'schema', path: at, rule: RecordRule.StepShape });
  const { op, when, from, to } = entry;
  if (op === 'bannerSizeFromFormat') {
    if (BANNER_SIZE_WHEN.includes(when as string)) return { op, when: when as 'always' };
    return void problems.push({ code: 'schema', path: `${at}/when`, rule: RecordRule.StepShape });
  }
  if (op !== 'copy') return void problems.push({ code: 'schema', path: `${at}/op`, rule: RecordRule.StepShape });
  if (when !== undefined && when !== 'absent') return void problems.push({ code: 'schema', path: `${at}/when`, rule: RecordRule.StepShape });
  const fromOk = isRequestPath(from);
  if (!fromOk)
    problems.push({ code: typeof from === 'string' && hasUnsafeSegment(from) ? 'unsafe_name' : 'schema', path: `${at}/from`, rule: RecordRule.CopyFrom });
  // A field's own target is the copy's to fill when nothing is entered: the field writes after it, and wins.
  const usable = context.checkName(to, `${at}/to`, { name: to as string, path: at }, undefined, fieldTargets.has(to as string));
  if (!isFieldName(to)) problems.push({ code: 'schema', path: `${at}/to` });
  if (!fromOk || !usable) return undefined;
  const segments = from.split('.');
  const imp = segments[0] === 'imp' && segments.length > 1;
  return {
    op,
    from: imp ? segments.slice(1) : segments,
    ...(imp && { imp: true }),
    to: targetOf(to, context.extBase),
    name: to,
    ...(when === 'absent' && { absent: true }),
  };
}

/** What a record writes besides its fields, in the plan's terms. */
export interface WritesPlan {
  firstValues?: true;
  constants: ConstantPlan[];
  with: ConstantPlan[];
  oneOf: string[][];
  exactlyOneOf: string[][];
  remove: RemovePlan[];
  derive: DerivePlan[];
}

/** The parts these rules read (as written; each is read only as far as it has the right shape). */
export interface WriteParts {
  fields: readonly unknown[];
  constants?: unknown;
  requireOneOf?: unknown;
  exactlyOneOf?: unknown;
  remove?: unknown;
  derive?: unknown;
  requestValues?: unknown;
}

/** Each entry of a list part, or a `schema` problem when the part is no list. */
function eachOf(list: unknown, at: string, problems: RecordProblem[], visit: (entry: unknown, at: string) => void): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return void problems.push({ code: 'schema', path: at, rule: RecordRule.NotAList });
  list.forEach((entry: unknown, i) => visit(entry, `${at}/${i}`));
}

/** The rules of constants, one-of groups, `with` entries, removals and derivations, in that order. */
export function writeRules(parts: WriteParts, fieldsPath: string, context: WriteContext): WritesPlan {
  const { problems } = context;
  const out: WritesPlan = { constants: [], with: [], oneOf: [], exactlyOneOf: [], remove: [], derive: [] };
  eachOf(parts.constants, '/constants', problems, (entry, at) => {
    const constant = checkConstant(entry, at, context);
    if (constant) out.constants.push(constant);
  });
  out.oneOf = checkGroups(parts.requireOneOf, '/requireOneOf', context);
  out.exactlyOneOf = checkGroups(parts.exactlyOneOf, '/exactlyOneOf', context);
  // `with` (docs/spec.md#conditions): constants of a field; two fields share a target only when one exactlyOneOf group holds both.
  const withOwners = new Map<string, string[]>();
  const exclusive = (a: string, b: string) => out.exactlyOneOf.some((group) => group.includes(a) && group.includes(b));
  const fieldTargets = new Set<string>();
  parts.fields.forEach((field, index) => {
    if (!isPlainObject(field)) return;
    const { name, param, alsoTo } = field;
    if (typeof name === 'string') fieldTargets.add(name);
    if (Array.isArray(alsoTo)) for (const other of alsoTo) if (typeof other === 'string') fieldTargets.add(other);
    const key = typeof param === 'string' ? param : (name as string);
    eachOf(field.with, `${fieldsPath}/${index}/with`, problems, (entry, at) => {
      const target = isPlainObject(entry) && typeof entry.name === 'string' ? entry.name : undefined;
      const owners = target === undefined ? undefined : withOwners.get(target);
      const shared = owners !== undefined && owners.every((owner) => owner !== key && exclusive(owner, key));
      const constant = checkConstant(entry, at, context, shared);
      if (target !== undefined) withOwners.set(target, [...(owners ?? []), key]);
      if (constant) out.with.push({ ...constant, if: key });
    });
  });
  const { requestValues } = parts;
  if (requestValues === 'first') out.firstValues = true;
  else if (requestValues !== undefined && requestValues !== 'same') problems.push({ code: 'schema', path: '/requestValues', rule: RecordRule.StepShape });
  eachOf(parts.remove, '/remove', problems, (entry, at) => {
    const removal = checkRemoval(entry, at, problems);
    if (removal) out.remove.push(removal);
  });
  eachOf(parts.derive, '/derive', problems, (entry, at) => {
    const derivation = checkDerivation(entry, at, context, fieldTargets);
    if (derivation) out.derive.push(derivation);
  });
  return out;
}
