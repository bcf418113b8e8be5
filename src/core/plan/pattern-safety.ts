/**
 * The one judge of whether a record's `pattern` runs in linear time. Every engine (the library's record check, the
 * page's compact engine, and through them the CLI, the server and the console) tests entered values with
 * JavaScript's backtracking `RegExp`, where `^(a+)+$` takes exponential time and `^\d*\d*$` quadratic time on a
 * value a publisher types. A record is data from a partner or an admin, so its pattern is checked when the record is
 * checked, and one outside a linear-time subset is refused (`unsafe_pattern`).
 *
 * The subset: a pattern the backtracking engine can only read one way. Each character of the pattern is a position
 * (Glushkov's construction); the check follows, with every way of getting there counted, which positions can read
 * the next character, and refuses when two of them (or one of them reached two ways) can read the same character.
 * Then, from any start, at most one path is alive after each character, and a failing path costs the fan-out of one
 * step. A pattern not anchored with `^` is tried at every start, so it also may not repeat before the first point at
 * which a match can end (`\w+@` fails in n steps at each of n starts). Back-references and look-arounds are outside
 * the subset. Conservative by design: it may refuse a safe pattern (`a{2}a`), never pass an ambiguous one.
 */
import { parsePattern, PatternReason, PatternRefusal, type PatternNode, type Ranges } from './pattern-syntax.js';

export { PatternReason } from './pattern-syntax.js';

/** A pattern longer than this (in code points) is refused: the check's own cost grows with it. */
export const MAX_PATTERN_LENGTH = 1000;
/** A repeat count above this, or counts whose product over nested repeats is above {@link MAX_COUNT_PRODUCT}. */
export const MAX_COUNT = 1000;
export const MAX_COUNT_PRODUCT = 100_000;

/** What a part of the pattern starts and ends with, and whether (and how) it can read nothing. */
interface Ends {
  /** Positions that can read its first character, once per way of reaching them. */
  first: number[];
  /** Positions that can read its last character. */
  last: number[];
  /** Last positions after which it ends without passing an assertion (`$`, `\b`). */
  freeLast: number[];
  /** It can read nothing; `free`: without passing an assertion. */
  empty: boolean;
  freeEmpty: boolean;
  /** Every way into it passes `^` before reading a character. */
  anchored: boolean;
}

/**
 * Why `pattern` (one that compiles in unicode mode) is outside the linear-time subset, or `undefined` when it is in.
 * @example patternRefusal('^[a-z0-9-]+$') // undefined
 * @example patternRefusal('^(a+)+$') // PatternReason.Ambiguous
 */
export function patternRefusal(pattern: string): PatternReason | undefined {
  if (Array.from(pattern).length > MAX_PATTERN_LENGTH) return PatternReason.TooLong;
  try {
    checkTree(parsePattern(pattern));
    return undefined;
  } catch (error) {
    if (error instanceof PatternRefusal) return error.reason;
    throw error;
  }
}

function checkTree(root: PatternNode): void {
  const sets: Ranges[] = [];
  const follow: number[][] = [];
  const refuse = (reason: PatternReason): never => {
    throw new PatternRefusal(reason);
  };
  const link = (from: readonly number[], to: readonly number[]) => {
    for (const position of from) {
      const list = follow[position]!;
      list.push(...to);
      // Longer than there are positions, some position is in it twice: ambiguous, and no need to grow it further.
      if (list.length > sets.length) refuse(PatternReason.Ambiguous);
    }
  };

  const ends = (node: PatternNode, weight: number): Ends => {
    if (node.kind === 'char') {
      const position = sets.push(node.set) - 1;
      follow.push([]);
      return { first: [position], last: [position], freeLast: [position], empty: false, freeEmpty: false, anchored: false };
    }
    if (node.kind === 'assert') return { first: [], last: [], freeLast: [], empty: true, freeEmpty: false, anchored: node.start };
    if (node.kind === 'alt') {
      const parts = factored(node.items).map((item) => ends(item, weight));
      // Two branches that read nothing are two ways through the same text.
      if (parts.filter((part) => part.empty).length > 1) refuse(PatternReason.EmptyBranches);
      return {
        first: parts.flatMap((part) => part.first),
        last: parts.flatMap((part) => part.last),
        freeLast: parts.flatMap((part) => part.freeLast),
        empty: parts.some((part) => part.empty),
        freeEmpty: parts.some((part) => part.freeEmpty),
        anchored: parts.every((part) => part.anchored),
      };
    }
    if (node.kind === 'seq') {
      let out: Ends = { first: [], last: [], freeLast: [], empty: true, freeEmpty: true, anchored: false };
      node.items.forEach((item, index) => {
        const part = ends(item, weight);
        link(out.last, part.first);
        out = {
          first: out.empty ? [...out.first, ...part.first] : out.first,
          last: part.empty ? [...out.last, ...part.last] : part.last,
          freeLast: part.freeEmpty ? [...out.freeLast, ...part.freeLast] : part.freeLast,
          empty: out.empty && part.empty,
          freeEmpty: out.freeEmpty && part.freeEmpty,
          anchored: index === 0 ? part.anchored : out.anchored,
        };
      });
      return out;
    }
    const { min, max } = node;
    if ((max !== Infinity && max > MAX_COUNT) || min > MAX_COUNT) refuse(PatternReason.LargeCount);
    const inner = weight * (max === Infinity ? Math.max(min, 1) : max);
    if (inner > MAX_COUNT_PRODUCT) refuse(PatternReason.LargeCount);
    const body = ends(node.body, Math.max(inner, 1));
    if (max === 0) return { first: [], last: [], freeLast: [], empty: true, freeEmpty: true, anchored: false };
    // `(a*)*`, `(a?)+`, `(|a)?`: the body can read nothing, so the same text has many ways through the repeat.
    if (body.empty && !(min === 1 && max === 1)) refuse(PatternReason.EmptyRepeat);
    // Copies of the body follow one another: after its last character, its first may come again. Exact counts
    // (`{3}`) are read the same way, which refuses a few safe patterns (`a{2}a`) and keeps the check small.
    if (max > 1) link(body.last, body.first);
    return { ...body, empty: min === 0 || body.empty, freeEmpty: min === 0 || body.freeEmpty, anchored: min > 0 && body.anchored };
  };

  const whole = ends(root, 1);
  // Every choice of next position, from the start and after each position, reads characters no other choice does.
  for (const choice of [whole.first, ...follow]) if (!readsApart(choice, sets)) refuse(PatternReason.Ambiguous);
  // Unanchored, a match that can end nowhere yet is tried at each start: it may not repeat before it can end.
  if (!whole.anchored && !whole.freeEmpty && repeatsBeforeEnd(whole.first, follow, new Set(whole.freeLast))) refuse(PatternReason.UnanchoredRepeat);
}

/** The characters of a branch that is only characters (`usw`, `[a-z]x`), or `undefined`. */
function plainCharacters(node: PatternNode): Ranges[] | undefined {
  if (node.kind === 'char') return [node.set];
  if (node.kind !== 'seq' || !node.items.every((item) => item.kind === 'char')) return undefined;
  return node.items.map((item) => (item as { set: Ranges }).set);
}

/**
 * The branches of a choice with their common starts taken out (`us|usw|eu` as `u(s(|w))|eu`). Branches of plain
 * characters cost at most their length to try, however they share a start, so the check reads them as the trie the
 * engine walks; `a|a` still becomes two empty branches, and other branches stay as written.
 */
function factored(branches: readonly PatternNode[]): PatternNode[] {
  const groups = new Map<string, { set: Ranges; rests: Ranges[][] }>();
  const out: PatternNode[] = [];
  for (const branch of branches) {
    const characters = plainCharacters(branch);
    if (!characters?.length) {
      out.push(branch);
      continue;
    }
    const key = characters[0]!.join();
    const group = groups.get(key) ?? groups.set(key, { set: characters[0]!, rests: [] }).get(key)!;
    group.rests.push(characters.slice(1));
  }
  const chars = (sets: Ranges[]): PatternNode[] => sets.map((set) => ({ kind: 'char', set }));
  for (const { set, rests } of groups.values()) {
    const tail: PatternNode =
      rests.length === 1 ? { kind: 'seq', items: chars(rests[0]!) } : { kind: 'alt', items: rests.map((rest) => ({ kind: 'seq', items: chars(rest) })) };
    out.push({ kind: 'seq', items: [{ kind: 'char', set }, tail] });
  }
  return out;
}

/** Whether no two of `positions` (a position listed twice counts) can read the same character. */
function readsApart(positions: readonly number[], sets: readonly Ranges[]): boolean {
  if (positions.length < 2) return true;
  const ranges: [number, number][] = [];
  for (const position of positions) {
    const set = sets[position]!;
    for (let i = 0; i < set.length; i += 2) ranges.push([set[i]!, set[i + 1]!]);
  }
  // Sorted by where they start, two ranges share a character when one starts before the last one ends. A position
  // listed twice shares its own ranges (unless it reads nothing: `[]`).
  ranges.sort((a, b) => a[0] - b[0]);
  let reach = -1;
  for (const [lo, hi] of ranges) {
    if (lo <= reach) return false;
    reach = hi;
  }
  return true;
}

/** Whether a cycle of positions is reachable from `first` without passing a position after which a match ends. */
function repeatsBeforeEnd(first: readonly number[], follow: readonly number[][], ends: ReadonlySet<number>): boolean {
  // Iterative depth-first search: 0 unseen, 1 on the path, 2 done.
  const state = new Uint8Array(follow.length);
  for (const start of first) {
    if (ends.has(start) || state[start]) continue;
    const stack: [number, number][] = [[start, 0]];
    state[start] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const next = follow[top[0]]![top[1]++];
      if (next === undefined) {
        state[top[0]] = 2;
        stack.pop();
      } else if (!ends.has(next)) {
        if (state[next] === 1) return true;
        if (state[next] === 0) ((state[next] = 1), stack.push([next, 0]));
      }
    }
  }
  return false;
}
