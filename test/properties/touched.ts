// What an enrichment may change, for the property tests of removals, derivations and conditions: the paths a record's
// steps and writes touch (docs/spec.md#targets' roots), and the check that everything else of the result is the input's
// own (docs/spec.md#removals: objects no step touches stay shared), with no prototype key written anywhere.
import { targetOf } from '../../src/core/definition/names.js';
import { isObject } from './exact.js';

type Obj = Record<string, any>;
export type Path = string[];
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

export function deepFreeze<T>(value: T): T {
  if (isObject(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Obj)[key as string]);
  }
  return value;
}
export const ptr = (path: Path) => '/' + path.join('/');
export const show = (value: unknown) => JSON.stringify(value)?.slice(0, 300);

/** Where `a` and `b` differ as JSON-like trees (own keys in any order, prototypes, `Object.is`), or `undefined`. */
export function unlike(a: unknown, b: unknown, at: Path = []): string | undefined {
  if (!isObject(a) || !isObject(b)) return Object.is(a, b) ? undefined : `${ptr(at)}: ${show(a)} vs ${show(b)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${ptr(at)}: prototypes differ`;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  if (ka.length !== kb.length || ka.some((key) => !Object.hasOwn(b, key))) return `${ptr(at)}: keys ${show(ka)} vs ${show(kb)}`;
  for (const key of ka) {
    const found = unlike((a as Obj)[key], (b as Obj)[key], [...at, key]);
    if (found) return found;
  }
  return undefined;
}
export const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
export const isJsonEqual = (a: unknown, b: unknown) => unlike(a, b) === undefined;
export function expectAlike(what: string, a: unknown, b: unknown) {
  const found = unlike(a, b);
  if (found) throw new Error(`${what}: ${found}`);
}

/** The paths a compiled record's steps and writes may touch, for the imps `imps` (docs/spec.md#targets' roots). */
export function touchedBy(record: Obj, imps: readonly number[]): Path[] {
  const out: Path[] = [];
  const at = ([root, ...keys]: readonly [number, ...string[]]) => {
    const impBase = (i: number) => ['imp', String(i), ...(root === 7 ? ['banner'] : [])];
    const bases = [0, 4, 7].includes(root) ? imps.map(impBase) : root === 1 || root === 6 ? [['app'], ['site'], ['dooh']] : root === 3 ? [] : [[]];
    for (const base of bases) out.push([...base, ...keys]);
  };
  const fields = (record.fields ?? []) as Obj[];
  const derive = (record.derive ?? []) as Obj[];
  const names = [
    ...fields.flatMap((field) => [field.name, ...(field.alsoTo ?? []), ...(field.with ?? []).map((entry: Obj) => entry.name)]),
    ...((record.constants ?? []) as Obj[]).map((constant) => constant.name),
    ...derive.filter((step) => step.op === 'copy').map((step) => step.to),
  ];
  for (const name of names) at(targetOf(name, []));
  for (const removal of (record.remove ?? []) as (string | Obj)[]) {
    const path = (typeof removal === 'string' ? removal : removal.path).split('.');
    if (path[0] === 'imp') at([0, ...path.slice(1)]);
    else out.push(path);
  }
  if (derive.some((step) => step.op === 'bannerSizeFromFormat')) for (const key of ['w', 'h']) at([7, key]);
  return out;
}
export const within = (outer: Path, inner: Path) => outer.length <= inner.length && outer.every((key, i) => key === inner[i]);

/**
 * Throws where an enriched request `out` is not its input `given`: away from every touched path (but the request and
 * its imp list, which an engine may copy) the very same value; anywhere, an own prototype key only where the input
 * holds it, with the same value, and no object of another prototype. `equal`: `Object.is`, or JSON equality for a
 * request that was sent (the page's).
 */
export function onlyTouched(given: unknown, out: unknown, touched: readonly Path[], equal = Object.is, at: Path = []): void {
  const related = at.length === 0 || (at.length === 1 && at[0] === 'imp') || touched.some((path) => within(path, at) || within(at, path));
  if (!related) {
    if (!equal(given, out)) throw new Error(`${ptr(at)}: not the input's own (${show(given)} became ${show(out)})`);
    return;
  }
  if (!isObject(out)) return;
  if (![Object.prototype, Array.prototype].includes(Object.getPrototypeOf(out))) throw new Error(`${ptr(at)}: an object of another prototype`);
  const from = isObject(given) ? (given as Obj) : undefined;
  for (const key of Object.keys(out)) {
    const value = (out as Obj)[key];
    const held = from !== undefined && Object.hasOwn(from, key);
    if (UNSAFE.has(key) && !(held && equal(from[key], value))) throw new Error(`${ptr([...at, key])}: a prototype key written`);
    onlyTouched(held ? from[key] : undefined, value, touched, equal, [...at, key]);
  }
  for (const key of from ? Object.keys(from) : []) if (!Object.hasOwn(out as Obj, key)) onlyTouched(from![key], undefined, touched, equal, [...at, key]);
}
