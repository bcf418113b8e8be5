// The size budgets of the Prebid.js bidders (scripts/size.mjs, `npm run size`) in the test run, so CI fails when a
// change makes a page adapter heavier than its budget or ceiling, or puts `eval` / `new Function` in one.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('npm run size', () => {
  it('keeps every enforced budget and ceiling, and prints every figure and record shape', () => {
    // execFileSync throws when the script exits non-zero (a budget or ceiling passed, or eval in a bundle).
    const out = execFileSync(process.execPath, [path.join(root, 'scripts/size.mjs')], { cwd: root, encoding: 'utf8' });
    for (const label of ['(a)', '(b)', '(c)', '(d)', '(d+)', '(e)']) expect(out).toContain(label);
    const figure = (label: string) => {
      const line = new RegExp(`^${label.replace(/[()+]/g, '\\$&')} .*$`, 'm').exec(out)![0];
      return { gzip: Number(/(\d+) bytes gzip/.exec(line)![1]), ceiling: Number(/ceiling (\d+)/.exec(line)?.[1] ?? NaN) };
    };
    expect(figure('(a)').gzip).toBeLessThanOrEqual(figure('(a)').ceiling);
    // The record-taking module: its ceiling, and the record checks' share printed apart from the runtime's.
    expect(figure('(c)').gzip).toBeLessThanOrEqual(figure('(c)').ceiling);
    const checks =
      /^ {4}of which the page runtime with every feature, bundled alone: \d+ min, \d+ gzip; the record checks: \d+ min, (\d+) gzip \(ceiling (\d+)\)$/m.exec(
        out,
      );
    expect(Number(checks![1])).toBeLessThanOrEqual(Number(checks![2]));
    expect(figure('(d)').gzip).toBeLessThanOrEqual(figure('(d)').ceiling);
    expect(figure('(d+)').gzip).toBeLessThanOrEqual(figure('(d+)').ceiling);
    expect(figure('(d+)').gzip).toBeGreaterThan(figure('(d)').gzip);
    expect(figure('(e)').gzip).toBeLessThanOrEqual(1448);
    // Every shape of scripts/size-shapes.mjs printed, each within the budget or, where it names one, its ceiling.
    const shapes = out
      .slice(out.indexOf('\nshapes'))
      .split('\n')
      .filter((line) => line.startsWith('  '));
    expect(shapes.length).toBeGreaterThanOrEqual(8);
    for (const line of shapes) {
      const gzip = Number(/(\d+) bytes gzip/.exec(line)![1]);
      expect(gzip, line).toBeLessThanOrEqual(Number(/ceiling (\d+)/.exec(line)?.[1] ?? 3700));
    }
  }, 120_000);
});
