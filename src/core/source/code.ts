/**
 * Small pieces of generated code: conditions that fold when they are known while generating (`'true'`, `'false'`),
 * guarded blocks, and how a source's value is read, either from the values array the enricher is called with (an
 * adapter's enricher) or as literals (a bound placement's, whose values are known).
 */
import type { Plan } from '../plan/compiled-plan.js';
import { expression, literal } from './literal.js';
import { fresh as copied } from '../apply/apply-writes.js';

/** A JavaScript condition; `'true'` and `'false'` are known while generating, and fold. */
export type Cond = string;

export function or(conds: readonly Cond[]): Cond {
  if (conds.includes('true')) return 'true';
  const open = conds.filter((cond) => cond !== 'false');
  return open.length === 0 ? 'false' : open.length === 1 ? open[0]! : `(${open.join(' || ')})`;
}

export function and(a: Cond, b: Cond): Cond {
  if (a === 'false' || b === 'false') return 'false';
  if (a === 'true') return b;
  if (b === 'true') return a;
  return `(${a} && ${b})`;
}

export const not = (cond: Cond): Cond => (cond === 'true' ? 'false' : cond === 'false' ? 'true' : `!(${cond})`);

/** The value of the first pair whose condition holds, else `otherwise`: a chain of conditional expressions. */
export function choose(pairs: readonly (readonly [Cond, string])[], otherwise: string): string {
  let out = '';
  let open = 0;
  for (const [cond, value] of pairs) {
    if (cond === 'false') continue;
    if (cond === 'true') return out + value + ')'.repeat(open);
    out += `(${cond} ? ${value} : `;
    open++;
  }
  return out + otherwise + ')'.repeat(open);
}

/** `lines` run when `cond` holds: nothing, a block, or an `if`. */
export function when(cond: Cond, lines: readonly string[]): string[] {
  if (cond === 'false' || lines.length === 0) return [];
  // One statement that declares nothing needs no block.
  if (lines.length === 1 && !/^(const|let) /.test(lines[0]!)) return [cond === 'true' ? lines[0]! : `if (${cond}) ${lines[0]}`];
  return [cond === 'true' ? '{' : `if (${cond}) {`, ...indent(lines), '}'];
}

export const indent = (lines: readonly string[]): string[] => lines.map((line) => (line ? `  ${line}` : line));

/**
 * A copy of the plain object in `object` that is about to receive keys: the interpreter's `copyFor`, with its spread
 * (when no key is added) written at each place, so each has its own clone cache in V8, not one shared by every
 * adapter; `copyFor` copies key by key when one is added (and keeps an own `__proto__` as data).
 */
export function copy(object: string, addsKeys: Cond, owned: boolean | Cond = false): string {
  // After a plan's generated steps (emit-steps.ts), an object they made is the enrichment's own: written, not copied
  // again. `owned` is whether to look for it in their list (`report.made`), or the condition that it is one of theirs
  // (a single-imp write tree's, made.ts).
  const made =
    addsKeys === 'true'
      ? `copyFor(${object}, true)`
      : addsKeys === 'false'
        ? `{ ...${object} }`
        : `(${addsKeys} ? copyFor(${object}, true) : { ...${object} })`;
  if (typeof owned === 'string') return owned === 'false' ? made : `(${owned} ? ${object} : ${made})`;
  return owned ? `(report.made !== undefined && report.made.includes(${object}) ? ${object} : ${made})` : made;
}

/**
 * Whether writes go in place: the variable `mutate` (an adapter's enricher decides per call), or known while
 * generating (a bound placement's enricher has one function for each, so neither shares the other's caches).
 */
export type Mode = 'mutate' | 'true' | 'false';

/** `inPlace` when writing in place, else `copying`. */
export const choice = (mode: Mode, inPlace: string, copying: string): string =>
  mode === 'true' ? inPlace : mode === 'false' ? copying : `mutate ? ${inPlace} : ${copying}`;

/** Literals of keys, made once (generating a large adapter writes each many times). */
const keyLiterals = new Map<string, string>();
const keyLiteral = (key: string): string => {
  let text = keyLiterals.get(key);
  if (text === undefined) {
    if (keyLiterals.size > 10_000) keyLiterals.clear();
    keyLiterals.set(key, (text = literal(key)));
  }
  return text;
};

/**
 * Whether `object`, a plain object (its prototype `Object.prototype` or null: generated code tests it first, as the
 * interpreter does), owns `key`: `Object.hasOwn`, written so V8 can answer it from the object's map. For such an
 * object `key in object` is "own, or inherited from Object.prototype"; when Object.prototype has no such key (its
 * map says so, and a later change to it is seen), `in` is the answer, else `Object.hasOwn` is asked. `Object.hasOwn`
 * itself is a call V8 does not inline on Node 20, and six of them cost as much as the whole copy (docs/performance.md).
 */
export const owns = (object: string, key: string): string =>
  `(${keyLiteral(key)} in ${object} && (!(${keyLiteral(key)} in OP) || hasOwn(${object}, ${keyLiteral(key)})))`;

/** Own, present (not undefined or null) value of `object[key]` (a plain object), as the interpreter's `present` reads it. */
export const own = (object: string, key: string): string => `(${owns(object, key)} ? ${object}[${keyLiteral(key)}] ?? undefined : undefined)`;

/** `object[key]`, for a key known while generating (a JSON literal: V8 reads it as a named property). */
export function member(object: string, key: string): string {
  // A checked plan never writes a prototype key; a bug that would must not become an assignment to the prototype.
  if (key === '__proto__') throw new Error('bidfields: a generated enricher may not write a __proto__ key');
  return `${object}[${keyLiteral(key)}]`;
}

/** Whether a field type's values are arrays or objects (docs/spec.md#lists-json-ids): copied at each write, unwrapped when judged. */
export const isObjectType = (type: string): boolean => type === 'list' || type === 'json';

/** A value as written to an ext target: an object or array (a constant's) copied through JSON, as the interpreter's `fresh` does. */
const fresh = (value: unknown): string => expression(copied(value));

/**
 * Longer lists of conditions than this go to a runtime helper over a list hoisted as a JSON literal: an expression
 * thousands of terms deep would overflow the stack of the JavaScript compiler (a 10,000-field adapter).
 */
const LONG = 8;

/** Lists hoisted out of a generated body as JSON literals (`const L0 = [...]`), for the runtime helpers. */
export class Hoisted {
  readonly declarations: string[] = [];
  readonly #names = new Map<string, string>();
  /** The variable that holds `list` (one per distinct list). */
  add(list: unknown[]): string {
    const text = literal(list);
    let name = this.#names.get(text);
    if (name === undefined) {
      this.#names.set(text, (name = `L${this.#names.size}`));
      this.declarations.push(`const ${name} = ${text};`);
    }
    return name;
  }
}

/** Whether a source has a value: always (-1), when the values array holds one at this index, or never (null). */
export type Spec = number | null;

/** How generated code reads the value of source `index` (fields, then constants). */
export interface SourceValues {
  /** The variable that holds the values array. */
  readonly array: string;
  readonly hoisted: Hoisted;
  spec(index: number): Spec;
  /** Its value as judged (ext targets); a constant's object or array is a new copy each time. */
  value(index: number): string;
  /** Its value at a predefined target (a number as its decimal string). */
  text(index: number): string;
}

/** Whether source `index` has a value. */
export function present(values: SourceValues, index: number): Cond {
  const spec = values.spec(index);
  return spec === null ? 'false' : spec < 0 ? 'true' : `${values.array}[${spec}] !== undefined`;
}

/** The specs of sources of which any having a value is enough: -1, a list of indexes, or null. */
function anySpec(values: SourceValues, indexes: readonly number[]): -1 | number[] | null {
  const open: number[] = [];
  for (const index of indexes) {
    const spec = values.spec(index);
    if (spec === -1) return -1;
    if (spec !== null) open.push(spec);
  }
  return open.length ? open : null;
}

/** Whether any of the sources has a value. */
export function any(values: SourceValues, indexes: readonly number[]): Cond {
  const spec = anySpec(values, indexes);
  if (spec === null) return 'false';
  if (spec === -1) return 'true';
  return spec.length > LONG ? `some(${values.array}, ${values.hoisted.add(spec)})` : or(spec.map((index) => `${values.array}[${index}] !== undefined`));
}

/**
 * The name (`name(index)`) of the first of the sources with a value, as a literal, else `otherwise`; without
 * `otherwise`, one of them is known to have a value (the code runs only then), so the last one needs no test.
 */
export function firstName(values: SourceValues, indexes: readonly number[], name: (index: number) => string, otherwise?: string): string {
  const open: number[] = [];
  let last = otherwise;
  for (const index of indexes) {
    const spec = values.spec(index);
    if (spec === null) continue;
    if (spec === -1) {
      last = literal(name(index));
      break;
    }
    open.push(index);
  }
  if (last === undefined) {
    // None has a value: code that runs only when one has is never reached.
    if (!open.length) return 'undefined';
    last = literal(name(open.pop()!));
  }
  if (open.length <= LONG)
    return choose(
      open.map((index) => [present(values, index), literal(name(index))] as const),
      last,
    );
  // The names of a long list by index, from one list of every name.
  const names = values.hoisted.add(open.map((index) => name(index)));
  return `(${names}[first(${values.array}, ${values.hoisted.add(open.map((index) => values.spec(index)))})] ?? ${last})`;
}

/** The value (`read(index)`) of the last of a few sources with a value, else `undefined` (the interpreter's loop keeps the last). */
export const lastValue = (values: SourceValues, indexes: readonly number[], read: (index: number) => string): string =>
  choose(
    [...indexes].reverse().map((index) => [present(values, index), read(index)] as const),
    'undefined',
  );

/**
 * Whether writing keys into `object` adds one it does not own: `entries` are each key with the sources whose value
 * writes it (the interpreter's `addsKeys` over the writes that have a value).
 */
export function addsKeys(values: SourceValues, object: string, entries: readonly { key: string; sources: readonly number[] }[]): Cond {
  const specs = entries.map((entry) => ({ key: entry.key, spec: anySpec(values, entry.sources) })).filter((entry) => entry.spec !== null);
  // A key written by one source is its index alone.
  if (specs.length > LONG)
    return `adds(${object}, ${values.array}, ${values.hoisted.add(specs.flatMap((entry) => [Array.isArray(entry.spec) && entry.spec.length === 1 ? entry.spec[0] : entry.spec, entry.key]))})`;
  return or(
    specs.map((entry) =>
      and(entry.spec === -1 ? 'true' : or((entry.spec as number[]).map((index) => `${values.array}[${index}] !== undefined`)), `!${owns(object, entry.key)}`),
    ),
  );
}

/**
 * An adapter's enricher: field values from the array in the variable `array` (`undefined`: not entered), constants
 * as literals. `str` is the runtime's `writtenAt` for predefined targets.
 */
export function variableValues(plan: Plan, array: string, hoisted: Hoisted): SourceValues {
  const fields = plan.fields.length;
  const constant = (index: number) => plan.constants[index - fields]!.value;
  // A list's or JSON field's value is an array or object: copied at each write, as the interpreter's `fresh` does.
  const copied = (index: number) => (isObjectType(plan.fields[index]!.plan.type) ? `json(${array}[${index}])` : `${array}[${index}]`);
  return {
    array,
    hoisted,
    // A `with` constant (docs/spec.md#conditions) has a value when its field has one.
    spec: (index) => (index < fields ? index : (plan.constants[index - fields]!.when ?? -1)),
    value: (index) => (index < fields ? copied(index) : fresh(constant(index))),
    // A constant at a predefined target is a string (docs/spec.md#constants).
    text: (index) => (index < fields ? `str(${array}[${index}])` : literal(constant(index))),
  };
}

/** A bound placement's enricher: every value known, as literals. `written` holds every source's value. */
export function fixedValues(written: readonly unknown[], text: (value: unknown) => unknown, hoisted: Hoisted): SourceValues {
  return {
    array: 'w',
    hoisted,
    spec: (index) => (written[index] === undefined ? null : -1),
    value: (index) => (written[index] === undefined ? 'undefined' : fresh(written[index])),
    text: (index) => (written[index] === undefined ? 'undefined' : literal(text(written[index]))),
  };
}
