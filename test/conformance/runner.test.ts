// The runner itself: an implementation that changes what it is given fails, as docs/spec.md#targets ("the input request is
// never changed") demands of every port; one that leaves it alone passes the same cases.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledFixtures, libraryImplementation, runSuite, type Implementation, type ResolvedCase } from '../../src/conformance/index.js';
import { compile } from '../../src/core/compile/index.js';
import type { AdapterInput, BidRequest, FieldValues } from '../../src/core/types.js';

const root = path.dirname(bundledFixtures('cases')!);

describe('runSuite', () => {
  it('fails an implementation that writes into the request it is given, and passes the library on the same cases', async () => {
    const inPlace: Implementation = {
      name: 'in-place',
      kinds: ['enrich'],
      run(testCase: ResolvedCase) {
        const adapter = compile(testCase.adapter as AdapterInput, testCase.compileOptions);
        const result = adapter.safeEnrich(testCase.request as BidRequest, (testCase.values ?? {}) as FieldValues, { ...testCase.options, mutate: true });
        return result.ok ? { ok: true, request: result.request, warnings: [...result.warnings] } : { ok: false, issues: result.issues, warnings: [] };
      },
    };
    const mutated = await runSuite(root, inPlace, { filter: 'values-text' });
    expect(mutated.failed).toBeGreaterThan(0);
    expect(
      mutated.results
        .filter((result) => result.status === 'failed')
        .every((result) => result.reasons.includes('changed its input (the adapter, values or request of the case)')),
    ).toBe(true);
    const library = await runSuite(root, libraryImplementation, { filter: 'values-text' });
    expect(library.failed).toBe(0);
    expect(library.passed).toBeGreaterThan(0);
  });
  it('refuses a folder without cases/ (the cases folder itself, say) instead of reporting an empty run', async () => {
    await expect(runSuite(bundledFixtures('cases')!, libraryImplementation)).rejects.toThrow(
      /no cases\/ folder in '.*' \(runSuite takes the folder that holds cases\/\)/,
    );
  });
});
