// The size budgets of the Prebid.js bidders (scripts/size.mjs, `npm run size`) in the test run, so CI fails when a
// change makes a page adapter heavier than its budget, or puts `eval` / `new Function` in one.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('npm run size', () => {
  it('keeps every enforced budget and prints every figure', () => {
    // execFileSync throws when the script exits non-zero (a budget passed, or eval in a bundle).
    const out = execFileSync(process.execPath, [path.join(root, 'scripts/size.mjs')], { cwd: root, encoding: 'utf8' });
    for (const label of ['(a)', '(b)', '(c)', '(d)', '(d+)', '(e)']) expect(out).toContain(label);
    const gzip = (label: string) => Number(new RegExp(`^${label.replace(/[()+]/g, '\\$&')} .*?(\\d+) bytes gzip`, 'm').exec(out)![1]);
    expect(gzip('(a)')).toBeLessThanOrEqual(3700);
    expect(gzip('(d)')).toBeLessThanOrEqual(4100);
    expect(gzip('(d+)')).toBeLessThanOrEqual(4400);
    expect(gzip('(d+)')).toBeGreaterThan(gzip('(d)'));
    expect(gzip('(e)')).toBeLessThanOrEqual(1500);
  }, 120_000);
});
