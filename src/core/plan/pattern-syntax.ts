/**
 * A record's `pattern` read as a tree, for the linear-time check (pattern-safety.ts). It reads ECMAScript's unicode
 * mode (the mode every engine compiles a pattern in), after `new RegExp(pattern, 'u')` has accepted it, so it only
 * needs to tell the parts apart, not to find every syntax error. Characters are code points; a character class
 * becomes the ranges it matches, so the check can ask whether two of them can read the same character. Where the
 * exact set is costly to know (`\p{…}` beyond ASCII, a surrogate written as `\u`), the set holds every character it
 * might match, negated or not: the check may then refuse a safe pattern, never pass an unsafe one. What the check does not take (back-references, look-arounds,
 * modifiers) is a {@link PatternReason} thrown as {@link PatternRefusal}.
 */

/** Why a pattern is outside the linear-time subset; compile/messages.ts words each. */
export enum PatternReason {
  TooLong = 1,
  BackReference,
  LookAround,
  UnknownGroup,
  LargeCount,
  EmptyRepeat,
  EmptyBranches,
  Ambiguous,
  UnanchoredRepeat,
}

/** Thrown while reading or checking a pattern; caught by {@link patternRefusal}. */
export class PatternRefusal {
  constructor(readonly reason: PatternReason) {}
}

/** Code point ranges, sorted and apart: `[lo0, hi0, lo1, hi1, …]`. */
export type Ranges = number[];

/** One part of a pattern: a character (a position of the match), a sequence, a choice, a repeat, or an assertion. */
export type PatternNode =
  | { kind: 'char'; set: Ranges }
  | { kind: 'seq'; items: PatternNode[] }
  | { kind: 'alt'; items: PatternNode[] }
  | { kind: 'repeat'; min: number; max: number; body: PatternNode }
  /** `^` (`start`), `$`, `\b`, `\B`: they read no character. */
  | { kind: 'assert'; start: boolean };

const MAX_CHAR = 0x10ffff;
const ALL: Ranges = [0, MAX_CHAR];
const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
// prettier-ignore
const SPACE: Ranges = [9, 13, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff];
const LINE_ENDS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];
const CONTROL: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const BEYOND_ASCII: Ranges = [0x80, MAX_CHAR];

/** A set, and the characters it may also match that stay in it when its class is negated (unknown ones). */
type Atom = [set: Ranges, unknown?: Ranges];

/** The ASCII characters a property escape (`\p{L}`) matches, found by asking the engine. */
function asciiOf(property: string): Ranges {
  const test = new RegExp(`^${property}$`, 'u');
  let set: Ranges = [];
  for (let code = 0; code < 0x80; code++) if (test.test(String.fromCharCode(code))) set = union(set, [code, code]);
  return set;
}

/** The ranges of both, sorted and merged. */
export function union(a: Ranges, b: Ranges): Ranges {
  const pairs: [number, number][] = [];
  for (const list of [a, b]) for (let i = 0; i < list.length; i += 2) pairs.push([list[i]!, list[i + 1]!]);
  pairs.sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    if (out.length && lo <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Every code point the ranges leave out. */
function complement(set: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < set.length; i += 2) {
    if (set[i]! > next) out.push(next, set[i]! - 1);
    next = set[i + 1]! + 1;
  }
  if (next <= MAX_CHAR) out.push(next, MAX_CHAR);
  return out;
}

const single = (code: number): Ranges => [code, code];
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * The tree of a pattern that compiles in unicode mode.
 * @throws PatternRefusal for a back-reference, a look-around or a group kind the check does not know.
 * @example parsePattern('^a+$') // { kind: 'seq', items: [assert ^, repeat 1..∞ of 'a', assert $] }
 */
export function parsePattern(pattern: string): PatternNode {
  const chars = Array.from(pattern);
  let at = 0;
  const peek = (ahead = 0) => chars[at + ahead];
  const next = () => chars[at++]!;
  const refuse = (reason: PatternReason): never => {
    throw new PatternRefusal(reason);
  };

  /** A number of hex digits after `\x` or `\u`, or the braced form `\u{…}`. */
  const hex = (count: number): number => {
    if (peek() === '{') {
      let digits = '';
      for (next(); peek() !== '}';) digits += next();
      next();
      return parseInt(digits, 16);
    }
    let digits = '';
    for (let i = 0; i < count; i++) digits += next();
    return parseInt(digits, 16);
  };

  /** After a backslash: a set for a class escape, else one character (inside a class `\b` is backspace). */
  const escape = (inClass: boolean): Atom => {
    const c = next();
    if (c === 'd' || c === 'D') return [c === 'd' ? DIGIT : complement(DIGIT)];
    if (c === 'w' || c === 'W') return [c === 'w' ? WORD : complement(WORD)];
    if (c === 's' || c === 'S') return [c === 's' ? SPACE : complement(SPACE)];
    if (c === 'p' || c === 'P') {
      let property = `\\${c}`;
      while (peek() !== '}') property += next();
      property += next();
      return [asciiOf(property), BEYOND_ASCII];
    }
    if (Object.hasOwn(CONTROL, c)) return [single(CONTROL[c]!)];
    if (c === 'c') return [single(next().charCodeAt(0) % 32)];
    if (c === 'x') return [single(hex(2))];
    if (c === 'u') {
      const code = hex(4);
      // A surrogate may pair with the next escape into one code point: its set is not worth knowing exactly.
      return code >= 0xd800 && code <= 0xdfff ? [[], ALL] : [single(code)];
    }
    if (c === '0' && !isDigit(peek())) return [single(0)];
    if (inClass && c === 'b') return [single(8)];
    if (inClass && c === '-') return [single(0x2d)];
    if (isDigit(c) || c === 'k') return refuse(PatternReason.BackReference);
    return [single(c.codePointAt(0)!)];
  };
  const whole = ([set, unknown = []]: Atom): Ranges => union(set, unknown);

  const characterClass = (): Ranges => {
    const negated = peek() === '^' && (next(), true);
    let set: Ranges = [];
    let unknown: Ranges = [];
    const atom = (): Atom => (next() === '\\' ? escape(true) : [single(chars[at - 1]!.codePointAt(0)!)]);
    while (peek() !== ']') {
      const [from, fromUnknown = []] = atom();
      unknown = union(unknown, fromUnknown);
      if (peek() === '-' && peek(1) !== ']' && !fromUnknown.length && from.length === 2 && from[0] === from[1]) {
        next();
        const [to, toUnknown = []] = atom();
        unknown = union(unknown, toUnknown);
        set = union(set, to.length ? [from[0]!, to[to.length - 1]!] : from);
      } else set = union(set, from);
    }
    next();
    return union(negated ? complement(set) : set, unknown);
  };

  const group = (): PatternNode => {
    if (peek() === '?') {
      next();
      const kind = next();
      if (kind === '=' || kind === '!' || (kind === '<' && (peek() === '=' || peek() === '!'))) return refuse(PatternReason.LookAround);
      if (kind === '<') while (next() !== '>');
      else if (kind !== ':') return refuse(PatternReason.UnknownGroup);
    }
    const body = disjunction();
    next();
    return body;
  };

  /** `{n}`, `{n,}`, `{n,m}` after the opening brace. */
  const counts = (): [number, number] => {
    let min = '';
    while (isDigit(peek())) min += next();
    if (next() === '}') return [Number(min), Number(min)];
    let max = '';
    while (isDigit(peek())) max += next();
    next();
    return [Number(min), max === '' ? Infinity : Number(max)];
  };

  const term = (): PatternNode => {
    const c = next();
    if (c === '^' || c === '$') return { kind: 'assert', start: c === '^' };
    if (c === '\\' && (peek() === 'b' || peek() === 'B')) return (next(), { kind: 'assert', start: false });
    let atom: PatternNode;
    if (c === '(') atom = group();
    else if (c === '.') atom = { kind: 'char', set: complement(LINE_ENDS) };
    else if (c === '[') atom = { kind: 'char', set: characterClass() };
    else if (c === '\\') atom = { kind: 'char', set: whole(escape(false)) };
    else atom = { kind: 'char', set: single(c.codePointAt(0)!) };
    const q = peek();
    let bounds: [number, number] | undefined;
    if (q === '*' || q === '+' || q === '?') bounds = [q === '+' ? 1 : 0, q === '?' ? 1 : Infinity];
    if (bounds) next();
    else if (q === '{') (next(), (bounds = counts()));
    if (!bounds) return atom;
    if (peek() === '?') next();
    return { kind: 'repeat', min: bounds[0], max: bounds[1], body: atom };
  };

  const alternative = (): PatternNode => {
    const items: PatternNode[] = [];
    while (at < chars.length && peek() !== '|' && peek() !== ')') items.push(term());
    return items.length === 1 ? items[0]! : { kind: 'seq', items };
  };

  function disjunction(): PatternNode {
    const items = [alternative()];
    while (peek() === '|') (next(), items.push(alternative()));
    return items.length === 1 ? items[0]! : { kind: 'alt', items };
  }

  return disjunction();
}
