// The suite fails on wrong answers, not slow ones: no test compares a clock's elapsed time with a constant. A speed
// goal belongs in `npm run bench`; a test that something does not blow up holds a count, or the growth ratio of
// test/support/growth.ts (two sizes measured in the same test). This file finds the forms such an assertion takes —
// `expect(performance.now() - t)`, a variable holding a difference, a helper that returns one, a result's `.ms` —
// compared by a matcher with a number, in every test file outside bench/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLOCK = /\b(?:performance|Date)\.now\(\)/;
const DIFFERENCE = /\b(?:performance|Date)\.now\(\)\s*-|-\s*(?:performance|Date)\.now\(\)/;
const MATCHER = /\.(?:toBeLessThan|toBeLessThanOrEqual|toBeGreaterThan|toBeGreaterThanOrEqual|toBe|toEqual)\(\s*[\d_.]+\s*\)/;

/** The assertions of elapsed time in `source`, each as the line it is on (1-based) and its text. */
export function elapsedAssertions(source: string): string[] {
  const lines = source.split('\n');
  const timed = new Set<string>();
  // Helpers whose body reads a clock difference (`const timed = (run) => { … return [x, now() - t0] }`), and the
  // names bound to what they return (`const [result, ms] = timed(…)`).
  const helpers = new Set<string>();
  lines.forEach((line, index) => {
    const helper = /(?:function\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(?:<[^>]*>)?\s*\()/.exec(line);
    if (helper && lines.slice(index, index + 8).some((next) => DIFFERENCE.test(next))) helpers.add((helper[1] ?? helper[2])!);
  });
  for (const line of lines) {
    const bound = /(?:const|let|var)\s+(\[[^\]]*\]|\{[^}]*\}|\w+)\s*=\s*(.*)/.exec(line);
    if (!bound) continue;
    const [, names, value] = bound;
    const fromHelper = [...helpers].some((name) => new RegExp(`(?:^|[^.\\w])${name}\\(`).test(value!));
    const bindings = names!.match(/\w+/g) ?? [];
    // From a helper, of several names only those that say they are a time (`[result, ms]`).
    const times = fromHelper && bindings.length > 1 ? bindings.filter((name) => /ms|time|took|elapsed|duration/i.test(name)) : bindings;
    if (DIFFERENCE.test(value!) || fromHelper) for (const name of times) timed.add(name);
  }
  const found: string[] = [];
  lines.forEach((line, index) => {
    const subject = /expect\(([^;]*?)\)\s*\.\w+\(/.exec(line)?.[1];
    if (subject === undefined || !MATCHER.test(line)) return;
    const first = subject.split(',')[0]!;
    const isTime =
      DIFFERENCE.test(first) || (CLOCK.test(first) && /-/.test(first)) || /\.ms\b/.test(first) || (first.match(/\w+/g) ?? []).some((name) => timed.has(name));
    if (isTime) found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

/**
 * The suite's own source files: a walk that skips what tests build (`.build/`, an outside project's `node_modules`,
 * whose link back to this package would lead the walk round in a circle) and follows no symbolic link.
 */
function testFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(entry.name) ? [full] : [];
  });
}

describe('no test asserts elapsed time', () => {
  it('finds each form of the assertion in a sample, and leaves ratios, counts and deadlines alone', () => {
    const sample = [
      'const t0 = performance.now();',
      'expect(performance.now() - t0).toBeLessThan(1000);',
      'const took = Date.now() - started;',
      'expect(took, "fast").toBeLessThan(2_000);',
      'const timed = <T>(run: () => T): [T, number] => {',
      '  const t0 = performance.now();',
      '  return [run(), performance.now() - t0];',
      '};',
      'const [result, ms] = timed(() => compile(fields));',
      'expect(ms).toBeLessThan(50);',
      'expect(cli.ms).toBeLessThan(3000);',
      'expect(await growth(make, run, 1000)).toBeLessThan(linearBound());',
      'expect(unknown).toBeLessThan(known * 2.5);',
      'expect(rows.length).toBeLessThan(10);',
      'while (Date.now() < deadline) await tick();',
    ].join('\n');
    expect(elapsedAssertions(sample).map((line) => Number(line.split(':')[0]))).toEqual([2, 4, 10, 11]);
  });

  it('holds for every test file outside bench/', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const self = path.join(root, 'test/suite/no-elapsed-assertions.test.ts');
    const found = testFiles(path.join(root, 'test'))
      .filter((file) => file !== self)
      .flatMap((file) => elapsedAssertions(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(root, file)}:${line}`));
    expect(found).toEqual([]);
  });
});
