// schemas/report-request.schema.json and schemas/report-row-import.schema.json describe the same shapes the
// hand-written validators check. Generated requests (valid and broken) must get the same verdict from ajv and
// from the validator, apart from the checks JSON Schema cannot express, which the generators keep true.
import fs from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkImportRow } from '../../src/api-contract/import-row.js';
import { validateReportRequest } from '../../src/api-contract/validate-report.js';

const Ajv2020 = Ajv2020Module.default;
const load = (name: string) => JSON.parse(fs.readFileSync(new URL(`../../schemas/${name}`, import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
const requestSchema = ajv.compile(load('report-request.schema.json'));
const rowSchema = ajv.compile(load('report-row-import.schema.json'));

const junk = fc.constantFrom<unknown>(null, 1, -1, 1.5, true, '', 'x', [], {}, '2024-1-1');
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const dimension = fc.constantFrom('date', 'service', 'country');
const metric = fc.constantFrom('requests', 'impression', 'revenue', 'ecpm', 'fillrate');
const names = <T>(arb: fc.Arbitrary<T>) => fc.oneof(fc.uniqueArray(arb, { maxLength: 3 }), fc.array(fc.oneof(arb, junk), { maxLength: 3 }), junk);
const count = fc.oneof(
  { arbitrary: fc.nat(999_999).map(String), weight: 4 },
  { arbitrary: fc.nat(999_999), weight: 4 },
  { arbitrary: fc.oneof(fc.integer({ min: -5, max: -1 }), fc.constantFrom('1.0', '-1', 'ten', 2.5), junk), weight: 1 },
  // Around 2^53 - 1: digits of any length are valid, JSON integers only up to it.
  { arbitrary: fc.constantFrom('9007199254740992', '9'.repeat(40), 9007199254740991, 9007199254740992, 1e20), weight: 1 },
);
const filter = fc.oneof(
  fc.record(
    {
      key: fc.constantFrom('service', 'country'),
      operator: fc.constantFrom('=', '!=', 'in', 'NOT IN', 'LIKE'),
      value: maybe(fc.oneof(fc.string(), junk)),
      values: maybe(fc.oneof(fc.array(fc.string(), { maxLength: 3 }), junk)),
    },
    { requiredKeys: ['key'] },
  ),
  fc.record(
    { key: fc.constant('date'), operator: fc.constantFrom('=', 'IN'), value: maybe(fc.constant('2024-01-05')), values: maybe(fc.constant(['2024-01-05'])) },
    { requiredKeys: ['key', 'operator'] },
  ),
  fc.record({ key: fc.constantFrom('city', 'revenue'), operator: fc.constant('='), value: fc.string() }),
  junk,
);
/** Mostly-valid requests: each field is usually well formed, so single faults are tested one at a time. */
const request = fc
  .record(
    {
      startDate: fc.constantFrom('2024-01-01', '2024-02-29'),
      endDate: fc.constantFrom('2024-03-01', '2024-12-31'),
      dimensions: fc.uniqueArray(dimension, { minLength: 1, maxLength: 3 }),
      metrics: fc.uniqueArray(metric, { minLength: 1, maxLength: 3 }),
      filters: fc.array(filter, { maxLength: 1 }),
      order: fc.tuple(fc.oneof(dimension, metric), fc.constantFrom('', ' ASC', ' desc', ' Desc', ' DOWN')).map(([c, d]) => c + d),
      limit: count,
      skip: count,
      csv: fc.boolean(),
      totals: fc.boolean(),
    },
    { requiredKeys: ['startDate', 'endDate', 'dimensions', 'metrics'] },
  )
  .chain((body) =>
    fc.oneof(
      fc.constant(body as Record<string, unknown>),
      fc
        .record({
          key: fc.constantFrom('startDate', 'endDate', 'dimensions', 'metrics', 'filters', 'order', 'csv', 'totals', 'extra'),
          value: fc.oneof(junk, names(dimension), names(metric)),
        })
        .map(({ key, value }) => ({ ...body, [key]: value })),
      fc.constantFrom('startDate', 'endDate', 'dimensions', 'metrics').map((key) => {
        const { [key as keyof typeof body]: _dropped, ...rest } = body;
        return rest as Record<string, unknown>;
      }),
    ),
  );

/** The one rule the generator cannot keep true by construction: the order column must be requested. */
function orderRequested(body: Record<string, unknown>): boolean {
  if (typeof body.order !== 'string') return true;
  const column = body.order.split(' ')[0];
  return [body.dimensions, body.metrics].some((list) => Array.isArray(list) && list.includes(column));
}

describe('report request schema and validator agree', () => {
  it('on generated requests', () => {
    fc.assert(
      fc.property(request, (generated) => {
        const body: Record<string, unknown> = JSON.parse(JSON.stringify(generated)); // as it arrives over HTTP: no undefined-valued keys
        const schemaOk = requestSchema(body) === true;
        const validatorOk = validateReportRequest(body).ok;
        expect(validatorOk).toBe(schemaOk && orderRequested(body));
      }),
      { numRuns: 3000 },
    );
  });

  it('and the generator reaches both verdicts', () => {
    const verdicts = fc.sample(request, 2000).map((b) => validateReportRequest(b).ok);
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(100);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThan(200);
  });
});

describe('import row schema and row check agree', () => {
  const row = fc.record(
    {
      date: fc.oneof(fc.constantFrom('2024-01-01', '2024-12-31'), junk),
      service: fc.oneof(fc.string({ maxLength: 120 }), junk),
      country: fc.oneof(fc.constantFrom('US', 'DE', 'us', 'USA', 'U1'), junk),
      requests: fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, '10'), junk),
      impression: fc.oneof(fc.constant(0), junk),
      revenue: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(-0.5, 1e13, '1.5'), junk),
      extra: fc.constant(1),
    },
    { requiredKeys: [] },
  );
  it('on generated rows', () => {
    fc.assert(
      fc.property(row, (r) => {
        expect(checkImportRow(r).ok).toBe(rowSchema(r) === true);
      }),
      { numRuns: 3000 },
    );
  });
});
