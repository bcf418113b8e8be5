// The suite pins the contract: every issue code of docs/spec.md#fields and docs/spec.md#records (and the warning) is expected, with its path,
// by at least one failing case, and the suite has the size the conformance goal asks for; docs/spec.md#per-imp's values per imp have their
// kind (enrich-imps), with conflicting_values at /<i>/<key>.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';

const SPEC_CODES = [
  'schema',
  'duplicate_name',
  'name_conflict',
  'unsafe_name',
  'unknown_predefined',
  'rtb_field_without_prefix',
  'invalid_endpoint',
  'unknown_endpoint',
  'invalid_cpm_field',
  'missing_required',
  'invalid_value',
  'out_of_range',
  'not_an_option',
  'unknown_field',
  'invalid_request',
  'no_imp',
  'no_inventory_object',
  'path_conflict',
  // docs/spec.md#everywhere's new codes.
  'duplicate_param',
  'conflicting_values',
  'missing_one_of',
  // docs/spec.md#headers.
  'invalid_header',
];

const loaded = loadFixtures(path.resolve(import.meta.dirname, '../../fixtures'));
const cases = loaded.flatMap((file) => file.cases);

describe('fixture coverage', () => {
  it('every fixture file is valid', () => expect(loaded.flatMap((file) => file.problems)).toEqual([]));
  it('has at least 120 cases, with passing and failing ones', () => {
    expect(cases.length).toBeGreaterThanOrEqual(120);
    expect(cases.filter((c) => c.expect.ok).length).toBeGreaterThan(40);
    expect(cases.filter((c) => !c.expect.ok).length).toBeGreaterThan(40);
  });
  for (const code of SPEC_CODES) {
    // Each path is a JSON Pointer: the fixture schema requires it, and loadFixtures refuses files that break it.
    it(`expects ${code} at a JSON Pointer path`, () => {
      expect(cases.some((c) => !c.expect.ok && c.expect.issues.some((found) => found.code === code))).toBe(true);
    });
  }
  it('expects the both_app_and_site warning', () => {
    expect(cases.some((c) => (c.expect.warnings ?? []).some((w) => w.code === 'both_app_and_site' && w.path === '/site'))).toBe(true);
  });
  it('runs values per imp (enrich-imps): conflicting_values at /<i>/<key> and missing_one_of at /<i>', () => {
    const perImp = cases.filter((c) => c.kind === 'enrich-imps');
    expect(perImp.length).toBeGreaterThanOrEqual(10);
    const expects = (code: string, path: RegExp) =>
      perImp.some((c) => !c.expect.ok && c.expect.issues.some((found) => found.code === code && path.test(found.path)));
    expect(expects('conflicting_values', /^\/[1-9]\d*\/[A-Za-z_]\w*$/)).toBe(true);
    expect(expects('missing_one_of', /^\/\d+$/)).toBe(true);
    expect(perImp.some((c) => Array.isArray(c.values) && c.values.includes(null) && c.expect.ok)).toBe(true);
  });
  it('expects the header_omitted warning at the path of the value left out', () => {
    expect(cases.some((c) => (c.expect.warnings ?? []).some((w) => w.code === 'header_omitted' && w.path === '/device/ua'))).toBe(true);
  });
  it('names the SPEC rule of every §8 and §9 case', () => {
    const records = cases.filter((c) => c.file.includes('records-'));
    expect(records.length).toBeGreaterThan(80);
    expect(records.filter((c) => !/§(8|9)\.\d/.test(c.spec ?? '')).map((c) => c.name)).toEqual([]);
  });
  it('reads answers (read-bids): bad_response, invalid_bid at /seatbid/<s>/bid/<b>, bid_field_skipped, each case naming its rule of §10', () => {
    const reading = cases.filter((c) => c.kind === 'read-bids');
    expect(reading.length).toBeGreaterThanOrEqual(60);
    const expects = (code: string, path: RegExp) =>
      reading.some((c) => !c.expect.ok && c.expect.issues.some((found) => found.code === code && path.test(found.path)));
    expect(expects('bad_response', /^$/)).toBe(true);
    expect(expects('bad_response', /^\/cur$/)).toBe(true);
    expect(expects('invalid_bid', /^\/seatbid\/\d+\/bid\/\d+$/)).toBe(true);
    expect(reading.some((c) => (c.expect.warnings ?? []).some((w) => w.code === 'bid_field_skipped'))).toBe(true);
    expect(cases.filter((c) => c.file.includes('response-') && !/§10\.\d/.test(c.spec ?? '')).map((c) => c.name)).toEqual([]);
  });
  it('uses real requests from shared/samples for site, app, dooh, neither, both and multi-imp', () => {
    const files = new Set(cases.map((c) => JSON.stringify(c.request)).filter(Boolean));
    expect(files.size).toBeGreaterThan(20);
    const real = (name: string) => cases.some((c) => c.file.includes('real-requests') && c.name.toLowerCase().includes(name));
    expect(['site', 'app', 'dooh', 'both', 'imp'].every(real)).toBe(true);
  });
});
