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
] as const;

/** The module's endpointUrl for a template, run. */
function compiled(template: Template): (sent: Record<string, unknown>) => string | undefined {
  const source = `${HELPERS.decimalText}\ntype SentParams = Record<string, any>;\n${endpointFunction(template)}\nreturn endpointUrl;`;
  return new Function(transformSync(source, { loader: 'ts' }).code)() as never;
}

const value = fc.oneof(
  fc.constantFrom('eu', 'EU', 'us-east', '-a', 'a-', 'xn--abc', 'a'.repeat(63), 'a'.repeat(64), '.', '..', '%2e', '%2E%2E', 'a/b', 'a?b', 'a#b', 'a b', 'é', "!'()*", '', '1', 1, 1e21, -0.5, true, 'x.y', '\u0000'),
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
});
