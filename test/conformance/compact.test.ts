// The conformance fixtures against the compact engine (the one in the Prebid.js bundle): every validate and
// enrich case must pass, except the cases about authoring rules, which it leaves to validateAdapter (skipped,
// with that reason). Every run-time code it claims to enforce must be exercised by at least one passing case.
// It has no per-imp entry point, so enrich-imps cases are not among its kinds (src/conformance/implementations/compact.ts).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compactImplementation } from '../../src/conformance/implementations/compact.js';
import { conformanceSuite } from './suite.js';
import type { CaseResult, ResolvedCase } from '../../src/conformance/types.js';

const cli = path.resolve(import.meta.dirname, '../../dist/cli.js');
const results = new Map<ResolvedCase, CaseResult>();

describe('conformance fixtures: compact engine', () => {
  conformanceSuite(compactImplementation, compactImplementation.kinds, { onResult: (testCase, result) => results.set(testCase, result) });

  it('runs most cases, and skips only authoring-rule cases', () => {
    const statuses = [...results.values()];
    expect(statuses.filter((result) => result.status === 'passed').length).toBeGreaterThanOrEqual(570);
    for (const result of statuses.filter((entry) => entry.status === 'skipped')) expect(result.reasons[0]).toMatch(/authoring rules/);
  });

  it('exercises every run-time code it enforces', () => {
    const seen = new Set<string>();
    for (const [testCase, result] of results) {
      if (result.status !== 'passed') continue;
      for (const found of [...(testCase.expect.ok ? [] : testCase.expect.issues), ...(testCase.expect.warnings ?? [])]) seen.add(found.code);
    }
    const enforced = [
      'unsafe_name',
      'unknown_predefined',
      'rtb_field_without_prefix',
      'invalid_default',
      'duplicate_name',
      'name_conflict',
      'invalid_endpoint',
      'unknown_endpoint',
      'invalid_cpm_field',
      'invalid_bidder_code',
      'missing_required',
      'invalid_value',
      'out_of_range',
      'not_an_option',
      'unknown_field',
      'invalid_request',
      'no_imp',
      'no_inventory_object',
      'path_conflict',
      'both_app_and_site',
      'duplicate_param',
      'missing_one_of',
    ];
    expect(enforced.filter((code) => !seen.has(code))).toEqual([]);
  });
});

describe.skipIf(!fs.existsSync(cli) && !process.env.CI)('bidfields conformance --engine compact (dist/cli.js)', () => {
  it('passes every case it runs and says how many it skipped', () => {
    const run = spawnSync(process.execPath, [cli, 'conformance', '--engine', 'compact'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+ skipped\n\d+ passed, 0 failed\n$/);
  });
  it('refuses an unknown engine as a usage error', () => {
    expect(spawnSync(process.execPath, [cli, 'conformance', '--engine', 'lite'], { encoding: 'utf8' }).status).toBe(2);
  });
});
