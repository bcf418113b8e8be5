// Values per imp with bound placements (docs/spec.md#per-imp, docs/records.md), which JSON fixtures cannot express: a placement
// from this adapter's `bind` is an entry of `enrichImps` like a values object; one bound by another adapter (even one
// compiled from the same record) is invalid_value at /<i>; the throwing and the safe API give the same issues.
import { describe, expect, it } from 'vitest';
import { BidfieldsError, compile } from '../../src/index.js';
import type { AdapterRecord } from '../../src/core/types.js';

const record: AdapterRecord = {
  protocol: 'prebid-server',
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher' },
  ],
  constants: [{ name: 'bidder.v', value: 1 }],
};
const request = { id: 'r', site: { id: 's' }, imp: [{ id: '1' }, { id: '2' }, { id: '3' }] };

// On both engines: code generated from the plan, and the interpreter.
for (const codegen of [true, false])
  describe(`enrichImps with bound placements (${codegen ? 'generated code' : 'interpreter'})`, () => {
    const adapter = compile(record, { codegen });
    it('takes a placement bound by this adapter as the values of its imp, next to values objects and null', () => {
      const top = adapter.bind({ placementId: 'top', publisherId: 'p' });
      const result = adapter.safeEnrichImps(request, [top, null, { placementId: 'side', publisherId: 'p' }]);
      expect(result).toEqual({
        ok: true,
        warnings: [],
        request: {
          id: 'r',
          site: { id: 's', publisher: { id: 'p' } },
          imp: [{ id: '1', tagid: 'top', ext: { bidder: { v: 1 } } }, { id: '2' }, { id: '3', tagid: 'side', ext: { bidder: { v: 1 } } }],
        },
      });
      expect(request.imp[1]).toEqual({ id: '2' });
    });

    it('takes one placement for several imps', () => {
      const top = adapter.bind({ placementId: 'top', publisherId: 'p' });
      const result = adapter.enrichImps(request, [top, top, top]);
      expect(result.request.imp.map((imp) => imp.tagid)).toEqual(['top', 'top', 'top']);
      expect((result.request.site as { publisher: unknown }).publisher).toEqual({ id: 'p' });
    });

    it("compares a placement's request-level values with the other imps': conflicting_values at the later imp", () => {
      const top = adapter.bind({ placementId: 'top', publisherId: 'p1' });
      const result = adapter.safeEnrichImps(request, [{ placementId: 'a', publisherId: 'p2' }, top]);
      expect(result).toMatchObject({ ok: false, issues: [{ code: 'conflicting_values', path: '/1/publisherId', field: 'prd.appPublisherId' }] });
    });

    it('refuses a placement bound by another adapter, even one compiled from the same record: invalid_value at /<i>', () => {
      const other = compile(
        { protocol: 'prebid-server', fields: [{ name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' }] },
        { codegen },
      );
      const twin = compile(record, { codegen });
      const result = adapter.safeEnrichImps(request, [{ placementId: 'a' }, other.bind({ placementId: 'b' }), twin.bind({ placementId: 'c' })]);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues.map(({ code, path }) => ({ code, path }))).toEqual([
        { code: 'invalid_value', path: '/1' },
        { code: 'invalid_value', path: '/2' },
      ]);
      expect(result.issues[0]!.message).toMatch(/another adapter/);
    });

    it('does not take an object that merely looks like a placement', () => {
      const fake = { enrich: () => ({ request, warnings: [] }), safeEnrich: () => ({ ok: true, request, warnings: [] }) };
      const result = adapter.safeEnrichImps(request, [fake as never]);
      expect(result).toMatchObject({
        ok: false,
        issues: [
          { code: 'unknown_field', path: '/0/enrich' },
          { code: 'unknown_field', path: '/0/safeEnrich' },
          { code: 'missing_required', path: '/0/placementId' },
        ],
      });
    });

    it('throws from enrichImps with the very issues and warnings safeEnrichImps returns', () => {
      const both = { ...request, app: { id: 'a' } };
      const perImp = [{ placementId: 'a', publisherId: 'p1' }, { placementId: 'b', publisherId: 'p2' }, { publisherId: 'p1' }];
      const safe = adapter.safeEnrichImps(both, perImp);
      expect(safe.ok).toBe(false);
      let thrown: unknown;
      try {
        adapter.enrichImps(both, perImp);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(BidfieldsError);
      if (safe.ok) return;
      expect((thrown as BidfieldsError).issues).toEqual(safe.issues);
      expect((thrown as BidfieldsError).warnings).toEqual(safe.warnings);
      // The imps that bound are compared though imp 2's values did not: one answer lists every issue.
      expect(safe.issues.map(({ code, path }) => `${code} ${path}`)).toEqual(['missing_required /2/placementId', 'conflicting_values /1/publisherId']);
      expect(safe.warnings).toMatchObject([{ code: 'both_app_and_site', path: '/site' }]);
    });

    it('writes in place with mutate when an imp given no values is no object (found by test/properties/steps.property.test.ts)', () => {
      const mine = { id: 'r', site: { id: 's' }, imp: [null, { id: '2' }] };
      const result = adapter.safeEnrichImps(mine as never, [null, { placementId: 'b' }], { mutate: true });
      // It once returned a copy: an imp given no values was judged as if it were written.
      expect(result.ok && result.request).toBe(mine);
      expect(mine).toEqual({ id: 'r', site: { id: 's' }, imp: [null, { id: '2', tagid: 'b', ext: { bidder: { v: 1 } } }] });
    });
  });
