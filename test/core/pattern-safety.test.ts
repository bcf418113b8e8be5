// A record's `pattern` runs on every entered value with JavaScript's backtracking RegExp, in the library, the CLI,
// the server and on pages: one that could take more than linear time is refused when the record is checked
// (`unsafe_pattern`, core/plan/pattern-safety.ts), by both record checks (validateAdapter, the compact engine of the
// page), before a default is tried with it. The held list below is of patterns known to take exponential or
// polynomial time; each compiles, so each is refused for its running time and not for its syntax. Without the check,
// the first test does not end: `^(a+)+$` on the default takes 2^40 steps.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { compileCompact } from '../../src/core/compact/engine.js';
import { patternRefusal, PatternReason } from '../../src/core/plan/pattern-safety.js';
import { BidfieldsError, validateAdapter } from '../../src/index.js';

/** Exponential (nested or overlapping repetition) and polynomial (adjacent overlapping repetition, unanchored) patterns. */
const CATASTROPHIC = [
  '^(a+)+$',
  '(a+)+b',
  '^(a|a)*$',
  '^(a|aa)+$',
  '^(a*)*$',
  '(x+x+)+y',
  '^(\\w+\\s?)*$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  '^(\\d+)*$',
  '(.*a){12}',
  '^(a?){25}a{25}$',
  '\\d+\\.?\\d*$',
  '^\\d*\\d*$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '^([a-zA-Z0-9]+\\s?)+$',
  '(\\w+)*@',
  '^(.*?,){11}P',
  '^(\\s*)*$',
  '^(a|b|ab)*c$',
  '\\s*$',
  'a*a*b',
  '.*.*=.*',
  '^(?:a|a?)+$',
  '(\\d|\\d\\d)+x',
  '\\w+@',
  '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  '^(\\p{L}|\\p{Lu})+$',
  '^(a|b?)+$',
];

/** Outside the subset for what they use, not what they cost: back-references, look-arounds, huge counts. */
const OUTSIDE = ['^(a)\\1$', '^(?<x>a)\\k<x>$', '^(?=a)a$', '^(?!b)a$', '(?<=a)b', '^a{5000}$', '^((a{100}){100}){100}$', `^${'a'.repeat(1001)}$`];

/** Every pattern the project's fixtures, examples and docs use, and common id patterns: read one way each. */
function patternsInRepository(): string[] {
  const found = new Set<string>();
  for (const folder of ['fixtures/cases', 'examples']) {
    for (const file of fs.readdirSync(folder, { recursive: true }) as string[]) {
      if (!file.endsWith('.json')) continue;
      const json = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
      // The cases that expect unsafe_pattern hold patterns refused on purpose.
      const kept = Array.isArray(json.cases) ? json.cases.filter((one: object) => !JSON.stringify(one).includes('unsafe_pattern')) : json;
      JSON.stringify(kept, (key, value) => {
        if (key === 'pattern' && typeof value === 'string' && isValid(value)) found.add(value);
        return value;
      });
    }
  }
  return [...found];
}

const isValid = (pattern: string) => {
  try {
    return (new RegExp(pattern, 'u'), true);
  } catch {
    return false;
  }
};

const SAFE = [
  '^[a-z0-9-]+$',
  '^\\d+$',
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  '^(us|usw|eu|apac)$',
  '^https?://[a-z0-9.-]+(:\\d{1,5})?(/[^\\s]*)?$',
  '^\\d{1,3}(\\.\\d{1,3}){3}$',
  '^[A-Za-z_][A-Za-z0-9_]*$',
  '^(?<code>[A-Z]{2})$',
  '^\\p{L}+( \\p{L}+)*$',
  '\\d',
  '[0-9]+',
  'abc',
  '',
];

const field = (pattern: string, extra: object = {}) => ({ name: 'zone', type: 'text', display: 'Zone', pattern, ...extra });

const compactCodes = (input: unknown): string[] => {
  try {
    compileCompact(input);
    return [];
  } catch (error) {
    return (error as BidfieldsError).issues.map((found) => `${found.code} ${found.path}`);
  }
};

describe('unsafe_pattern', () => {
  it("refuses the issue's pattern before its default is tried, in both record checks", () => {
    const record = { protocol: 'prebid-server', fields: [field('^(a+)+$', { default: `${'a'.repeat(40)}!` })] };
    expect(validateAdapter(record)).toEqual([
      { code: 'unsafe_pattern', path: '/fields/0/pattern', field: 'zone', message: expect.stringContaining('more than one way') },
    ]);
    expect(compactCodes(record)).toEqual(['unsafe_pattern /fields/0/pattern']);
  });

  it(`refuses each of the ${CATASTROPHIC.length} held catastrophic patterns, which all compile`, () => {
    expect(CATASTROPHIC.length).toBeGreaterThanOrEqual(20);
    for (const pattern of CATASTROPHIC) {
      expect(isValid(pattern), pattern).toBe(true);
      expect(patternRefusal(pattern), pattern).toBeDefined();
      expect(
        validateAdapter([field(pattern)]).map((found) => found.code),
        pattern,
      ).toEqual(['unsafe_pattern']);
      expect(compactCodes([field(pattern)]), pattern).toEqual(['unsafe_pattern /0/pattern']);
    }
  });

  it('refuses back-references, look-arounds, huge counts and over-long patterns, each with its reason', () => {
    const reasons = OUTSIDE.map((pattern) => PatternReason[patternRefusal(pattern)!]);
    expect(reasons).toEqual(['BackReference', 'BackReference', 'LookAround', 'LookAround', 'LookAround', 'LargeCount', 'LargeCount', 'TooLong']);
    for (const pattern of OUTSIDE) expect(compactCodes([field(pattern)]), pattern).toEqual(['unsafe_pattern /0/pattern']);
  });

  it('accepts every pattern of the fixtures and examples, and common id patterns', () => {
    const all = [...patternsInRepository(), ...SAFE];
    expect(all.length).toBeGreaterThan(20);
    for (const pattern of all) {
      expect(patternRefusal(pattern), pattern).toBeUndefined();
      expect(compactCodes([field(pattern)]), pattern).toEqual([]);
    }
  });

  it('words each reason, and keeps a pattern that does not compile a schema issue', () => {
    for (const pattern of [...CATASTROPHIC, ...OUTSIDE])
      expect(validateAdapter([field(pattern)])[0]!.message).toMatch(/^could take more than linear time on an entered value: the pattern /);
    expect(validateAdapter([field('([a-z]+')]).map((found) => found.code)).toEqual(['schema']);
  });

  it('ends on hostile patterns of the longest allowed length (hundreds of choices or nested repeats)', () => {
    // The check's own cost on hostile patterns: alternations of many characters in nested repeats are refused as
    // soon as a position follows itself twice, so this ends (a check that grew every list first would not).
    const wide = `^(?:(?:${Array.from({ length: 490 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('|')})+)+$`;
    expect(Array.from(wide).length).toBeLessThanOrEqual(1000);
    expect(PatternReason[patternRefusal(wide)!]).toBe('Ambiguous');
    const nested = `^${'('.repeat(300)}a${')+'.repeat(300)}$`;
    expect(PatternReason[patternRefusal(nested)!]).toBe('Ambiguous');
  });
});
