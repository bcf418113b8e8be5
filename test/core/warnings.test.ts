// Warnings are part of every answer, refused or not: a request with both app and site is warned (docs/spec.md#targets) even
// when the enrichment fails for another reason, through safeEnrich, the thrown BidfieldsError, bound values and
// the protocol wrappers, as the compact engine does.
import { describe, expect, it } from 'vitest';
import { BidfieldsError, buildRtbRequest, compile, safeBuildRtbRequest } from '../../src/index.js';

const both = { id: 'r', imp: [{ id: '1', ext: { bidder: 'x' } }], app: { id: 'a' }, site: { id: 's' } };

const warned = [{ code: 'both_app_and_site', path: '/site' }];
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BidfieldsError);
    return error as BidfieldsError;
  }
  throw new Error('did not throw');
};

// On both engines: code generated from the plan, and the interpreter.
for (const codegen of [true, false])
  describe(`a refused enrichment keeps its warnings (${codegen ? 'generated code' : 'interpreter'})`, () => {
    const adapter = compile(
      {
        protocol: 'rtb',
        endpoint: 'https://rtb.example.com/bid',
        fields: [
          { name: 'predefinedImpExt.bidder.zone', type: 'text', display: 'Zone' },
          { name: 'predefinedImpExt.n', type: 'number', display: 'N' },
        ],
      },
      { knownEndpoints: ['rtb.example.com'], codegen },
    );
    it('safeEnrich: a path_conflict, or values that do not bind', () => {
      expect(adapter.safeEnrich(both, { 'predefinedImpExt.bidder.zone': 'z' })).toMatchObject({
        ok: false,
        issues: [{ code: 'path_conflict' }],
        warnings: warned,
      });
      expect(adapter.safeEnrich(both, { 'predefinedImpExt.n': 'abc' })).toMatchObject({ ok: false, issues: [{ code: 'invalid_value' }], warnings: warned });
      expect(adapter.safeEnrich({ id: 'r', imp: [], app: {}, site: {} }, {})).toMatchObject({ ok: false, issues: [{ code: 'no_imp' }], warnings: [] });
    });
    it('enrich and bound values: the BidfieldsError carries them', () => {
      expect(thrown(() => adapter.enrich(both, { 'predefinedImpExt.bidder.zone': 'z' })).warnings).toMatchObject(warned);
      expect(thrown(() => adapter.enrich(both, { 'predefinedImpExt.n': 'abc' })).warnings).toMatchObject(warned);
      const bound = adapter.bind({ 'predefinedImpExt.bidder.zone': 'z' });
      expect(thrown(() => bound.enrich(both)).warnings).toMatchObject(warned);
      expect(bound.safeEnrich(both)).toMatchObject({ ok: false, warnings: warned });
    });
    it('the protocol wrappers', () => {
      expect(safeBuildRtbRequest(adapter, both, { 'predefinedImpExt.bidder.zone': 'z' })).toMatchObject({ ok: false, warnings: warned });
      expect(thrown(() => buildRtbRequest(adapter, both, { 'predefinedImpExt.bidder.zone': 'z' })).warnings).toMatchObject(warned);
    });
  });
