// The compiled endpoint templates of the generated Prebid.js adapters (codegen/endpoint-source.ts: the standalone
// module's `endpointUrl(value)`, the in-repository module's typed `endpointUrl(sent)` with its helpers written out)
// against core's buildUrl (core/endpoint/template.ts) on hostile values: the very URL buildUrl sends (its href), or
// the same key and code.
import { transformSync } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointSource } from '../../src/codegen/endpoint-source.js';
import { endpointFunction } from '../../src/codegen/prebid-repo/endpoint-ts.js';
import { HELPERS } from '../../src/codegen/prebid-repo/value-code.js';
import { buildUrl, encodeValue, isLabel, parseTemplate, placeholderText, templateHosts, type Template } from '../../src/core/endpoint/template.js';
import { isNotEntered } from '../../src/core/plan/value-judge.js';
import type { Protocol } from '../../src/core/types.js';

const KNOWN = ['*.bid.example-ssp.com', 'bid.example-ssp.com', '*.Example.ORG.', 'rtb.example.net', '127.0.0.1', '[::1]'];
const TEMPLATES: [string, Protocol][] = [
  ['https://{region}.bid.example-ssp.com/pub/{accountId}', 'prebid-js'],
  ['https://bid.example-ssp.com/openrtb2/{accountId}/x-{zone}', 'prebid-js'],
  ['https://{region}.{dc}.bid.example-ssp.com/rtb', 'prebid-js'],
  ['https://{region}.bid.example-ssp.com', 'prebid-js'],
  ['https://{region}.Bid.Example-SSP.com/Path/{zone}', 'prebid-js'],
  ['https://{region}.x.example.org./{accountId}/../{zone}', 'prebid-js'],
  ['https://bid.example-ssp.com:443/{accountId}{zone}', 'prebid-js'],
  ['https://127.0.0.1:8443/{accountId}/.{zone}', 'prebid-js'],
  ['http://[::1]:9000/x/{accountId}?b={zone}', 'rtb'],
  ['http://{region}.bid.example-ssp.com/p/{accountId}?a={zone}&b={dc}', 'rtb'],
  ['https://rtb.example.net?a={accountId}&b={zone}', 'rtb'],
  // Long values: a host over 253 characters, a URL over 2,048 (docs/spec.md#protocols's bounds).
  ['https://{region}.{dc}.{zone}.{accountId}.bid.example-ssp.com/rtb', 'prebid-js'],
  ['https://bid.example-ssp.com/{accountId}/{zone}', 'prebid-js'],
  // {a|b}: the first key entered fills it (docs/spec.md#conditions); refusals name the key the value came from.
  ['https://{region|dc}.bid.example-ssp.com/p/{accountId|zone}', 'prebid-js'],
  ['http://{region}.bid.example-ssp.com/x?a={zone|accountId|dc}&b={dc}', 'rtb'],
  ['https://{zone|region}.{dc|accountId}.bid.example-ssp.com/rtb', 'prebid-js'],
];

/** Both compiled forms of a template, run. */
function compiled(template: Template): ((values: Record<string, unknown>) => unknown)[] {
  const standalone = new Function(
    'isNotEntered',
    'placeholderText',
    'isLabel',
    'encodeValue',
    `${endpointSource(template, { typed: false })}\nreturn endpointUrl;`,
  )(isNotEntered, placeholderText, isLabel, encodeValue);
  const typedSource = `${HELPERS.digits}\n${HELPERS.decimalText}\ntype SentParams = Record<string, any>;\n${endpointFunction(template)}\nreturn endpointUrl;`;
  const typed = new Function(transformSync(typedSource, { loader: 'ts' }).code)();
  return [(values) => standalone((key: string) => values[key]), (values) => typed(values)];
}

/** buildUrl's answer as the compiled forms give it: the href sent, or [key, code]. */
function expected(template: Template, protocol: Protocol, values: Record<string, unknown>): unknown {
  const built = buildUrl(template, templateHosts(template, protocol, { knownEndpoints: KNOWN, allowLocal: true }), (key) => values[key]);
  return built instanceof URL ? built.href : built;
}

const value = fc.oneof(
  fc.constantFrom(
    'eu',
    'EU',
    'us-east',
    '-a',
    'a-',
    'xn--abc',
    'a'.repeat(63),
    'b'.repeat(62),
    'a'.repeat(64),
    'x'.repeat(1100),
    '.',
    '..',
    '%2e',
    '%2E%2E',
    'a/b',
    'a?b',
    'a#b',
    'a b',
    'é',
    "!'()*",
    '',
    null,
    undefined,
    '1',
    1,
    1e21,
    -0.5,
    true,
    'x.y',
    '\u0000',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 5_000 : 1_000));

describe('a compiled endpoint template answers as buildUrl does, in both generated adapters', () => {
  for (const [text, protocol] of TEMPLATES) {
    it(text, () => {
      const template = parseTemplate(text, protocol) as Template;
      const forms = compiled(template);
      fc.assert(
        fc.property(fc.record({ region: value, accountId: value, zone: value, dc: value }, { requiredKeys: [] }), (values) => {
          const want = expected(template, protocol, values);
          for (const form of forms) expect(form(values)).toEqual(want);
        }),
        { numRuns: runs },
      );
    });
  }

  it('refuses a host over 253 characters and a URL over 2,048 as buildUrl does, and takes one just within', () => {
    const check = (text: string, values: Record<string, string>) => {
      const template = parseTemplate(text, 'prebid-js') as Template;
      const want = expected(template, 'prebid-js', values);
      for (const form of compiled(template)) expect(form(values)).toEqual(want);
      return want;
    };
    const host = 'https://{region}.{dc}.{zone}.{accountId}.bid.example-ssp.com/rtb';
    // 4 labels and 4 dots before the 19 characters of bid.example-ssp.com: 253 with labels of 57, 57, 57 and 59.
    expect(check(host, { region: 'a'.repeat(57), dc: 'b'.repeat(57), zone: 'c'.repeat(57), accountId: 'd'.repeat(60) })).toEqual(['region', 'invalid_value']);
    expect(check(host, { region: 'a'.repeat(57), dc: 'b'.repeat(57), zone: 'c'.repeat(57), accountId: 'd'.repeat(59) })).toMatch(/^https:/);
    const path = 'https://bid.example-ssp.com/{accountId}/{zone}';
    // 29 characters of fixed text and the two values: 2,048 in all with 1,010 and 1,009.
    expect(check(path, { accountId: 'x'.repeat(1010), zone: 'y'.repeat(1009) })).toMatch(/^https:/);
    expect(check(path, { accountId: 'x'.repeat(1010), zone: 'y'.repeat(1010) })).toEqual(['accountId', 'invalid_value']);
  });

  it('leaves out the checks a template cannot fail, and writes every key and fixed part as a JSON literal', () => {
    const code = endpointSource(parseTemplate('https://{region}.bid.example-ssp.com/openrtb2', 'prebid-js') as Template, { typed: false });
    expect(code).not.toMatch(/new URL|length >/);
    const hostile = endpointSource(parseTemplate('https://{a}.bid.example.com/"+alert(1)+"/{b}', 'rtb') as Template, { typed: false });
    expect(hostile).toContain('"/\\"+alert(1)+\\"/"');
  });
});
