// Every passing enrich fixture, run on deep-frozen inputs: nothing is changed, and what enrichment does not
// touch is shared with the input, not copied.
import path from 'node:path';
import { isEqual } from 'lodash-es';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { compile } from '../../src/index.js';
import type { AdapterInput, BidRequest, FieldValues } from '../../src/index.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

const cases = loadFixtures(path.resolve(import.meta.dirname, '../../fixtures'))
  .flatMap((loaded) => loaded.cases)
  .filter((testCase) => testCase.kind === 'enrich' && testCase.expect.ok);

// On both engines: code generated from the plan, and the interpreter.
for (const codegen of [true, false])
  describe(`deep-frozen inputs through every passing enrich fixture (${codegen ? 'generated code' : 'interpreter'})`, () => {
    it('has cases to run', () => expect(cases.length).toBeGreaterThan(10));
    for (const testCase of cases) {
      it(`${testCase.file} › ${testCase.name}`, () => {
        const adapterInput = deepFreeze(structuredClone(testCase.adapter)) as AdapterInput;
        const request = deepFreeze(structuredClone(testCase.request)) as BidRequest;
        const values = deepFreeze(structuredClone(testCase.values ?? {})) as FieldValues;
        const before = structuredClone({ adapterInput, request, values });

        const adapter = compile(adapterInput, { ...testCase.compileOptions, codegen });
        const unbound = adapter.enrich(request, values, testCase.options).request;
        const bound = adapter.bind(values).enrich(request, testCase.options).request;

        expect(isEqual(before, { adapterInput, request, values })).toBe(true);
        expect(bound).toEqual(unbound);
        // Objects the record does not write are shared; source and user are written by typed targets (docs/spec.md#more-openrtb-targets).
        // So are those a removal or a copy changes (docs/spec.md#removals).
        const written = new Set(adapter.plan.typed.filter((target) => target.root === 5).map((target) => target.path[0]));
        const { remove = [], derive = [] } = adapter.plan.steps ?? {};
        for (const removal of remove) if (!removal.imp) written.add(removal.path[0]!);
        for (const step of derive) if (step.op === 'copy' && step.to[0] === 5) written.add(step.to[1]!);
        for (const key of ['device', 'user', 'regs', 'source'] as const) {
          if (request[key] !== undefined && !written.has(key)) {
            expect(unbound[key]).toBe(request[key]);
            expect(bound[key]).toBe(request[key]);
          }
        }
        // imps that are not enriched are shared too
        if (!testCase.options?.allImps) request.imp.slice(1).forEach((imp, i) => expect(unbound.imp[i + 1]).toBe(imp));
      });
    }
  });
