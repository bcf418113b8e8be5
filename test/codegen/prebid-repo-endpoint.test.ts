// The endpoint templates of an in-repository adapter (SPEC §8.7): the module's endpointUrl, compiled from the
// template by src/codegen/prebid-repo/module-ts.ts, against core's buildUrl (core/endpoint/template.ts) on hostile
// values: the same URL, or a refusal from both. Its host check is inlined (one DNS label, no xn--), so the host stays
// below the known `*.` entry the record's template was checked against.
import { transformSync } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointFunction } from '../../src/codegen/prebid-repo/module-ts.js';
import { HELPERS } from '../../src/codegen/prebid-repo/value-code.js';
import { buildUrl, parseTemplate, templateHosts, type Template } from '../../src/core/endpoint/template.js';

const TEMPLATES = [
  ['https://{region}.bid.example-ssp.com/pub/{accountId}', ['*.bid.example-ssp.com']],
  ['https://bid.example-ssp.com/openrtb2/{accountId}/x-{zone}', ['bid.example-ssp.com']],
  ['https://{region}.{dc}.bid.example-ssp.com/rtb', ['*.bid.example-ssp.com']],
  // Long values: a host over 253 characters, a URL over 2,048 (SPEC §4's bounds).
  ['https://{region}.{dc}.{zone}.{accountId}.bid.example-ssp.com/rtb', ['*.bid.example-ssp.com']],
  ['https://bid.example-ssp.com/{accountId}/{zone}', ['bid.example-ssp.com']],
] as const;

/** The module's endpointUrl for a template, run. */
function compiled(template: Template): (sent: Record<string, unknown>) => string | undefined {
  const source = `${HELPERS.decimalText}\ntype SentParams = Record<string, any>;\n${endpointFunction(template)}\nreturn endpointUrl;`;
  return new Function(transformSync(source, { loader: 'ts' }).code)() as never;
}

const value = fc.oneof(
  fc.constantFrom('eu', 'EU', 'us-east', '-a', 'a-', 'xn--abc', 'a'.repeat(63), 'b'.repeat(62), 'a'.repeat(64), 'x'.repeat(1100), '.', '..', '%2e', '%2E%2E', 'a/b', 'a?b', 'a#b', 'a b', 'é', "!'()*", '', '1', 1, 1e21, -0.5, true, 'x.y', '\u0000'),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

describe('the endpoint of an in-repository adapter is the one core builds (buildUrl), or refused by both', () => {
  for (const [text, knownEndpoints] of TEMPLATES) {
    it(text, () => {
      const template = parseTemplate(text, 'prebid-js') as Template;
      const endpointUrl = compiled(template);
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom('region', 'accountId', 'zone', 'dc'), value), (sent) => {
          const built = buildUrl(template, templateHosts(template, 'prebid-js', { knownEndpoints }), (key) => sent[key]);
          const url = endpointUrl(sent);
          expect(url === undefined ? undefined : new URL(url).href).toBe(built instanceof URL ? built.href : undefined);
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('refuses a host over 253 characters and a URL over 2,048, as buildUrl does, and takes one just within', () => {
    const check = (text: string, sent: Record<string, string>) => {
      const template = parseTemplate(text, 'prebid-js') as Template;
      const built = buildUrl(template, templateHosts(template, 'prebid-js', { knownEndpoints: ['*.bid.example-ssp.com', 'bid.example-ssp.com'] }), (key) => sent[key]);
      const url = compiled(template)(sent);
      expect(url === undefined ? undefined : new URL(url).href).toBe(built instanceof URL ? built.href : undefined);
      return url !== undefined;
    };
    const host = 'https://{region}.{dc}.{zone}.{accountId}.bid.example-ssp.com/rtb';
    // 4 labels and 4 dots before the 19 characters of bid.example-ssp.com: 253 with labels of 57, 57, 57 and 59.
    expect(check(host, { region: 'a'.repeat(57), dc: 'b'.repeat(57), zone: 'c'.repeat(57), accountId: 'd'.repeat(60) })).toBe(false);
    expect(check(host, { region: 'a'.repeat(57), dc: 'b'.repeat(57), zone: 'c'.repeat(57), accountId: 'd'.repeat(59) })).toBe(true);
    const path = 'https://bid.example-ssp.com/{accountId}/{zone}';
    // 29 characters of fixed text and the two values: 2,048 in all with 1,010 and 1,009.
    expect(check(path, { accountId: 'x'.repeat(1010), zone: 'y'.repeat(1009) })).toBe(true);
    expect(check(path, { accountId: 'x'.repeat(1010), zone: 'y'.repeat(1010) })).toBe(false);
  });
});
