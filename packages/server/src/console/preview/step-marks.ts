/**
 * What the placement preview marks in a body besides what the fields wrote (docs/spec.md#removals): the paths the
 * record's removals took out, and the values its derivations set (a banner size, a copy). The library runs the steps:
 * the request is enriched by a record of the stored one's removals and derivations alone, with no field (so nothing
 * but the library's own request steps changes it), once for each prefix of its derivations, so each derived value
 * is told by the derivation that set it last. The preview then compares, for each body, what the request was, what
 * the removals and then the derivations made of it, and what was sent; a path is
 * - removed: the request held it, the removals took it out and the body does not hold it;
 * - derived: the derivations set it (a value a copy keeps of what a removal took out too) and the body holds it as
 *   they set it (a field that writes the same value is not told apart from it);
 * - written: any other change (fields, more targets, constants, `with` constants, and the protocol wrapper's own).
 */
import { BidfieldsError, compile, escapePointerToken, type AdapterRecord, type BidRequest, type CompiledAdapter } from 'bidfields';
import { changedPaths, valueAt as at } from './json-lines.js';

export type MarkKind = 'written' | 'derived' | 'removed';

export interface Mark {
  path: string;
  kind: MarkKind;
  /** A derived value: what set it ("banner size from its first format", "copied from site.page"). */
  by?: string;
}

/** A record's steps, compiled: the adapter of its removals and its first k derivations, for each k. */
export interface Steps {
  adapters: CompiledAdapter[];
  /** What each derivation is, in words. */
  words: string[];
}

/** What the steps made of one request: after the removals, then after each derivation (the last: all steps). */
export type Stages = unknown[];

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null;

/** A derivation in words. */
const wordsOf = (step: unknown): string => {
  const { op, from } = isObject(step) ? step : {};
  return op === 'bannerSizeFromFormat' ? 'banner size from its first format' : `copied from ${String(from)}`;
};

/** The compiled steps of a record, or undefined when it has no removal or derivation (or they do not compile). */
export function stepsOf(record: AdapterRecord, options: { knownEndpoints: readonly string[]; allowLocal: boolean }): Steps | undefined {
  const { remove, derive } = record as { remove?: unknown[]; derive?: unknown[] };
  const steps = Array.isArray(derive) ? derive : [];
  if (!(Array.isArray(remove) && remove.length) && !steps.length) return undefined;
  // The protocol's own checks of a name hold for a copy's target: the record keeps its protocol and what that needs.
  const { protocol, bidderCode, cpmField } = record;
  const base = {
    protocol,
    ...(bidderCode && { bidderCode }),
    ...(cpmField && { cpmField }),
    fields: [],
    ...(Array.isArray(remove) && remove.length && { remove }),
  };
  try {
    const adapters = Array.from({ length: steps.length + 1 }, (_, k) =>
      compile({ ...base, ...(k > 0 && { derive: steps.slice(0, k) }) } as AdapterRecord, { ...options, codegen: false }),
    );
    return { adapters, words: steps.map(wordsOf) };
  } catch (error) {
    if (error instanceof BidfieldsError) return undefined;
    throw error;
  }
}

/** The stages of a request whose imps are enriched where `entries` has values (`null`: left as it is). */
export function stagesOf(steps: Steps, request: BidRequest, entries: readonly (object | null)[]): Stages | undefined {
  const stages: Stages = [];
  for (const adapter of steps.adapters) {
    const result = adapter.safeEnrichImps(
      request,
      entries.map((entry) => (entry === null ? null : {})),
    );
    if (!result.ok) return undefined;
    stages.push(result.request);
  }
  return stages;
}

/** The stages of one imp's body, with a split: each stage with that imp alone, as the body is compared. */
export const stagesOfImp = (stages: Stages, imp: number): Stages =>
  stages.map((stage) => (isObject(stage) && Array.isArray(stage.imp) ? { ...stage, imp: [stage.imp[imp]] } : stage));

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The paths below `path` that `before` holds and `after` does not. */
function gone(before: unknown, after: unknown, path: string): string[] {
  if (after === undefined) return [path];
  if (!isObject(before) || !isObject(after)) return [];
  return Object.keys(before).flatMap((key) => gone(before[key], Object.hasOwn(after, key) ? after[key] : undefined, `${path}/${escapePointerToken(key)}`));
}

/** The paths below `path` whose value `after` holds as `stepped` does (where `stepped` holds one). */
function kept(stepped: unknown, after: unknown, path: string): string[] {
  if (stepped === undefined) return [];
  if (same(stepped, after)) return [path];
  if (!isObject(stepped) || !isObject(after)) return [];
  return Object.keys(stepped).flatMap((key) => (Object.hasOwn(after, key) ? kept(stepped[key], after[key], `${path}/${escapePointerToken(key)}`) : []));
}

/** Each changed path of a body, told as written, derived (with what set it) or removed. */
export function marksOf(before: unknown, after: unknown, stages?: Stages, words: readonly string[] = []): Mark[] {
  const stepped = stages?.at(-1);
  // Without the steps' stages (a record without steps, or steps that did not run), only a removal takes a path out.
  if (stages === undefined) return changedPaths(before, after).map((path) => ({ path, kind: at(after, path) === undefined ? 'removed' : 'written' }));
  const written: Mark[] = changedPaths(stepped, after).map((path) => ({ path, kind: 'written' }));
  // What the derivations changed after the removals: a value a copy keeps of what a removal dropped is derived too.
  const derived: Mark[] = changedPaths(stages[0], stepped).flatMap((path) =>
    kept(at(stepped, path), at(after, path), path).map((p): Mark => {
      // The last derivation that changed it.
      let k = stages.length - 1;
      while (k > 0 && same(at(stages[k], p), at(stages[k - 1], p))) k--;
      return { path: p, kind: 'derived', ...(k > 0 && { by: words[k - 1] }) };
    }),
  );
  const removed: Mark[] = changedPaths(before, stages[0]).flatMap((path) =>
    gone(at(before, path), at(after, path), path).map((p): Mark => ({ path: p, kind: 'removed' })),
  );
  return [...written, ...derived, ...removed];
}
