// generatePrebidAdapter and `bidfields prebid-adapter`: the full build-time check (the same issues and exit codes
// as `bidfields validate`), static output (no eval / new Function), and record text that enters the module only
// as JSON literals: hostile display texts, descriptions, option names and defaults are data, never code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BidfieldsError, generatePrebidAdapter, safeGeneratePrebidAdapter } from '../../src/codegen/index.js';
import { literal } from '../../src/codegen/emit.js';
import { compile, validateAdapter } from '../../src/core/compile/index.js';
import type { AdapterRecord } from '../../src/core/types.js';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { PrebidBidderSpec } from '../../src/prebid/types.js';
import { generatedSpec, RUNTIME_SOURCE } from '../prebid/generated.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const readExample = (name: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../examples', name), 'utf8')) as AdapterRecord;
const example = readExample('prebid-js-adapter.json');
/**
 * Every docs/spec.md#records feature: keys, a boolean, constants (one an object), request ext, alsoTo, a one-of group, an endpoint
 * template with an endpoint-only field, split.
 */
const full = readExample('prebid-js-adapter-full.json');
const known = ['bid.example-ssp.com', '*.bid.example-ssp.com'];
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-codegen-'));
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { cwd: dir, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => '' };
  return main(args, io).then((code) => ({ code, out: out.join(''), err: err.join('') }));
}

/** A record whose every free text is an injection attempt (names must follow the grammar, so they cannot be). */
const INJECTION =
  '"); globalThis.__pwned = 1; ("`${globalThis.__pwned = 2}`</script><script>globalThis.__pwned = 3</script>\u2028\u2029*/ globalThis.__pwned = 4; /*';
const hostileText: AdapterRecord = {
  ...example,
  fields: [
    { name: 'prd.impTagId', type: 'text', display: INJECTION, description: INJECTION, default: INJECTION, required: true },
    { name: 'tier', type: 'select', display: INJECTION, options: [{ name: INJECTION, value: 1 }], default: 1 },
    { name: 'note', type: 'text', display: 'x', pattern: '^[^"]*$' },
  ],
  constants: [{ name: 'predefinedImpExt.hostile', value: { [INJECTION]: [INJECTION] } }],
};

describe('generatePrebidAdapter', () => {
  it('writes <code>BidAdapter.js and .md; the module is static and imports the page runtime', () => {
    const { bidderCode, files } = generatePrebidAdapter(example, { knownEndpoints: known, outDir: path.join(dir, 'example') });
    expect(bidderCode).toBe('examplessp');
    expect(files.map((file) => file.name)).toEqual(['examplesspBidAdapter.js', 'examplesspBidAdapter.md']);
    const [module, doc] = files.map((file) => fs.readFileSync(file.path!, 'utf8'));
    expect(module).toContain('import { registerOnPage } from "bidfields/prebid-runtime";');
    expect(module).not.toMatch(/eval\(|new Function/);
    expect(doc).toContain('Module Name: examplessp Bidder Adapter');
    // Rows by key (docs/spec.md#param).
    expect(doc).toContain('| `placementId` | required | Placement id (sent as `imp.tagid`) | "example" | text (max length 64) |');
    expect(doc).toContain('| `zoneId` | required | Zone (sent as `imp.ext.zoneId`) | 1 | number (integer, min 1) |');
    expect(doc).toContain('| `dealTier` | optional | Deal tier (sent as `imp.ext.deal.tier`) | 2 | select: 1 (Gold), 2 (Silver) |');
    expect(doc).not.toContain('prd.impTagId');
    expect(doc).toContain("import './examplesspBidAdapter.js';");
  });

  it('imports from the runtime only the engine features its record uses, and holds only what the page reads', () => {
    const plain = generatePrebidAdapter(example, { knownEndpoints: known }).files[0].text;
    expect(plain).toMatch(/^import \{ registerOnPage \} from "bidfields\/prebid-runtime";$/m);
    expect(plain).toMatch(/^export const spec = registerOnPage\(\{.*\}\);$/m);
    const featured = generatePrebidAdapter(full, { knownEndpoints: known }).files[0].text;
    expect(featured).toMatch(
      /^import \{ registerOnPage, booleans, oneOf, alsoTo, constants, urlFrom, isNotEntered, placeholderText, isLabel, requestsByUrl \} from "bidfields\/prebid-runtime";$/m,
    );
    expect(featured).toMatch(
      /^export const spec = registerOnPage\(\{.*\}, \{\}, \[booleans, oneOf, alsoTo, constants, urlFrom\(endpointUrl\)\], requestsByUrl\);$/m,
    );
    // The template compiled into the module: its host label checked, the rest of the URL as a literal.
    expect(featured).toContain('const url = "https://" + label1 + ".bid.example-ssp.com/openrtb2";');
    const only = (record: AdapterRecord) => /^import \{ (.*) \} from/m.exec(generatePrebidAdapter(record, { knownEndpoints: known }).files[0].text)![1];
    expect(only({ ...example, requireOneOf: [['placementId', 'zoneId']] })).toBe('registerOnPage, oneOf');
    expect(only({ ...example, constants: [{ name: 'predefinedImpExt.is_prebid', value: true }] })).toBe('registerOnPage, constants');
    expect(only({ ...example, fields: [...example.fields, { name: 'flag', type: 'boolean', display: 'Flag' }] })).toBe('registerOnPage, booleans');
    expect(only({ ...example, fields: [{ ...example.fields[0]!, alsoTo: ['predefinedImpExt.tagid'] }] })).toBe('registerOnPage, alsoTo');
    // The page's value rule tells number and select fields apart by their options: they go without `type`.
    const plan = JSON.parse(/registerOnPage\((\{.*\})\);$/m.exec(plain)![1]!) as { fields: { name: string; type?: string }[] };
    expect(plan.fields.map((field) => field.type)).toEqual(['text', 'text', 'text', undefined, undefined]);
    const fullPlan = JSON.parse(/registerOnPage\((\{.*\}), \{\}/m.exec(featured)![1]!);
    expect(fullPlan.fields.map((field: { type?: string }) => field.type)).toEqual(['text', 'text', 'text', undefined, undefined, 'boolean', 'text']);
    // A template record's plan carries no URL, and neither the template nor its hosts: they are compiled into the module.
    expect(fullPlan).toMatchObject({ split: 'imp' });
    expect(fullPlan.url).toBeUndefined();
    expect(fullPlan).not.toHaveProperty('template');
    expect(fullPlan).not.toHaveProperty('hosts');
    expect(plan).not.toHaveProperty('template');
    expect(plan).not.toHaveProperty('hosts');
    expect(plan).not.toHaveProperty('split');
    // A template imports `urlFrom`, the helpers its compiled form calls and the request builder `requestsByUrl`;
    // split alone the builder that sends each bid alone to the endpoint, `requestPerBid`.
    const templated = { ...example, endpoint: 'https://bid.example-ssp.com/pub/{placementId}' };
    expect(only(templated)).toBe('registerOnPage, urlFrom, isNotEntered, placeholderText, encodeValue, requestsByUrl');
    const templatedDoc = generatePrebidAdapter(templated, { knownEndpoints: known }).files[1].text;
    expect(templatedDoc).toContain('| `placementId` | required | Placement id (sent as `imp.tagid`; fills `{placementId}` in the endpoint) |');
    expect(templatedDoc).toContain('- `placementId` fills `{placementId}` (in the path, percent-encoded)');
    expect(templatedDoc).toContain('one OpenRTB 2.6 request per auction and endpoint URL');
    expect(only({ ...example, split: 'imp' })).toBe('registerOnPage, requestPerBid');
    expect(generatePrebidAdapter({ ...example, split: 'imp' }, { knownEndpoints: known }).files[0].text).toMatch(
      /^export const spec = registerOnPage\(\{(?!.*"split").*\}, \{\}, \[\], requestPerBid\);$/m,
    );
  });

  it("documents keys, booleans, alsoTo targets, request ext, one-of groups and constants; its Test Parameters pass the record's rules", async () => {
    const doc = generatePrebidAdapter(full, { knownEndpoints: known }).files[1].text;
    expect(doc).toContain(
      '| `placementId` | one of `placementId`, `zoneId` | Placement id (sent as `imp.tagid` and `imp.ext.bidder.placementId`) | "example" | text (max length 64) |',
    );
    expect(doc).toContain('| `partnerId` | optional | Partner id (sent as `request.ext.partner.id`) | "example" | text |');
    expect(doc).toContain('| `test` | optional | Test traffic (sent as `imp.ext.bidder.test`) | false | boolean (`true` or `false`) |');
    expect(doc).toContain('- one of `placementId`, `zoneId`');
    expect(doc).toContain('| `imp.ext.is_prebid` | true |');
    expect(doc).toContain('| `request.ext.partner.source` | {"name":"bidfields","kind":"prebid-js"} |');
    const params = JSON.parse(`{${/params: \{\n([\s\S]*?)\n {4}\}/.exec(doc)![1]!}}`) as Record<string, unknown>;
    expect(params).toEqual({ placementId: 'example', publisherId: 'example', partnerId: 'example', zoneId: 1, dealTier: 2, test: false, region: 'eu' });
    // The endpoint template (docs/spec.md#endpoint-templates): the template shown, which param fills each placeholder, and split (docs/spec.md#split-imp).
    expect(doc).toContain('`https://{region}.bid.example-ssp.com/openrtb2`');
    expect(doc).toContain('| `region` | optional | Region (fills `{region}` in the endpoint) | "eu" | text |');
    expect(doc).toContain('- `region` fills `{region}` (a host label: one DNS label, letters, digits and hyphens)');
    expect(doc).toContain('Each valid bid is sent alone');
    expect(compile(full, { knownEndpoints: known }).validateValues(params)).toEqual([]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const spec = await generatedSpec(full, known);
    expect(spec.isBidRequestValid({ bidId: 'b1', params, mediaTypes: { banner: { sizes: [[300, 250]] } } })).toBe(true);
    // A boolean without a default is shown as true.
    const flagged = generatePrebidAdapter(
      { ...example, fields: [...example.fields, { name: 'flag', param: 'flag', type: 'boolean', display: 'Flag' }] },
      { knownEndpoints: known },
    ).files[1].text;
    expect(flagged).toContain('| `flag` | optional | Flag (sent as `imp.ext.flag`) | true | boolean (`true` or `false`) |');
    expect(flagged).toContain('        "flag": true\n');
  });

  it('refuses with exactly the issues of validateAdapter (strict, known endpoints), and writes nothing', () => {
    const bad = { ...example, endpoint: 'https://evil.example/x', cpmField: 'ext.__proto__', fields: [{ name: 'a.constructor', type: 'text', display: 'x' }] };
    const result = safeGeneratePrebidAdapter(bad, { knownEndpoints: known, outDir: path.join(dir, 'bad') });
    expect(result).toEqual({ ok: false, issues: validateAdapter(bad, { strict: true, knownEndpoints: known }) });
    expect(result.ok || result.issues.map((found) => found.code)).toEqual(expect.arrayContaining(['unknown_endpoint', 'invalid_cpm_field', 'unsafe_name']));
    expect(fs.existsSync(path.join(dir, 'bad'))).toBe(false);
    expect(() => generatePrebidAdapter({ ...example, extra: 1 }, { knownEndpoints: known })).toThrow(BidfieldsError);
  });

  it('refuses what a bidder needs beyond a valid record: protocol, endpoint, GVL ID', () => {
    const codes = (record: unknown, gvlid?: number) => {
      const result = safeGeneratePrebidAdapter(record, { knownEndpoints: known, gvlid });
      return result.ok ? [] : result.issues.map((found) => `${found.code} ${found.path}`);
    };
    expect(codes({ ...example, protocol: 'prebid-server' })).toEqual(['wrong_protocol /protocol']);
    expect(codes(example.fields)).toEqual(['wrong_protocol /protocol']);
    const { endpoint: _endpoint, ...noEndpoint } = example;
    expect(codes(noEndpoint)).toEqual(['invalid_endpoint /endpoint']);
    for (const gvlid of [0, -1, 1.5, NaN]) expect(codes(example, gvlid)).toEqual(['invalid_gvlid /gvlid']);
    expect(codes(example, 755)).toEqual([]);
  });

  it('refuses a constant nested 2,000 deep (as a literal it overflowed the parser), writes and sends one 32 deep', async () => {
    const tooDeep = JSON.parse('['.repeat(2000) + ']'.repeat(2000));
    expect(() =>
      generatePrebidAdapter(
        { ...example, constants: [{ name: 'deep', value: tooDeep }] },
        { knownEndpoints: known, runtime: RUNTIME_SOURCE, outDir: path.join(dir, 'too-deep') },
      ),
    ).toThrow(/constants\/0\/value/);
    const value = JSON.parse('['.repeat(32) + ']'.repeat(32));
    const { files } = generatePrebidAdapter(
      { ...example, constants: [{ name: 'deep', value }] },
      { knownEndpoints: known, runtime: RUNTIME_SOURCE, outDir: path.join(dir, 'deep') },
    );
    const { spec } = (await import(files[0].path!)) as { spec: PrebidBidderSpec };
    const [request] = spec.buildRequests([{ bidId: 'b1', params: { placementId: 'p', zoneId: 3 }, mediaTypes: { banner: { sizes: [[300, 250]] } } }], {
      ortb2: { site: {} },
    });
    expect(JSON.stringify(JSON.parse(request!.data).imp[0].ext.deep)).toBe(JSON.stringify(value));
  });

  it('writes hostile record text only as JSON literals: importing the module runs none of it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { files } = generatePrebidAdapter(hostileText, { knownEndpoints: known, runtime: RUNTIME_SOURCE, outDir: path.join(dir, 'hostile') });
    const source = files[0].text;
    expect(source).not.toMatch(/[\u2028\u2029]|<\/script/);
    const { spec } = (await import(files[0].path!)) as { spec: PrebidBidderSpec };
    expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
    // The hostile default is a value like any other: written as given into the imp's tag id.
    const [request] = spec.buildRequests([{ bidId: 'b1', params: {}, mediaTypes: { banner: { sizes: [[300, 250]] } } }], { ortb2: { site: {} } });
    expect(JSON.parse(request!.data).imp[0]).toMatchObject({ tagid: INJECTION, ext: { tier: 1, hostile: { [INJECTION]: [INJECTION] } } });
    // The doc keeps the text in table cells and code blocks it cannot close.
    expect(files[1].text).not.toContain('</script>');
    expect(files[1].text.match(/^```/gm)).toHaveLength(6);
  });

  it("the doc's Test Parameters pass the field's value rules (pattern, lengths, integer, bounds), as the adapter checks them", async () => {
    const ruled: AdapterRecord = {
      ...example,
      fields: [
        { name: 'prd.impTagId', type: 'text', display: 'Tag id', required: true, pattern: '^\\d+$' },
        { name: 'code', type: 'text', display: 'Code', required: true, pattern: '^[a-z]+$', maxLength: 4 },
        { name: 'long', type: 'text', display: 'Long', required: true, minLength: 12 },
        { name: 'short', type: 'text', display: 'Short', required: true, maxLength: 3 },
        { name: 'six', type: 'text', display: 'Six digits', required: true, pattern: '^[0-9]{6}$' },
        { name: 'caps', type: 'text', display: 'Caps', required: true, pattern: '^[A-Z]+$' },
        { name: 'count', type: 'number', display: 'Count', required: true, integer: true, min: 0.5 },
        { name: 'below', type: 'number', display: 'Below', required: true, max: -5 },
        { name: 'whole', type: 'number', display: 'Whole', required: true, integer: true, min: -7.5, max: -2.5 },
        { name: 'tier', type: 'select', display: 'Tier', required: true, options: [{ name: 'Gold', value: 3 }] },
        { name: 'predefinedImpExt.bidder.flag', param: 'flag', type: 'boolean', display: 'Flag', required: true },
        { name: 'predefinedRequestExt.pid', param: 'pid', type: 'text', display: 'Partner', pattern: '^[a-z]+[0-9]*$', alsoTo: ['predefinedImpExt.pid'] },
      ],
      requireOneOf: [['pid', 'code']],
    };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { files } = generatePrebidAdapter(ruled, { knownEndpoints: known });
    const doc = files[1].text;
    // The example ad unit's params, one JSON literal a line.
    const block = /params: \{\n([\s\S]*?)\n {4}\}/.exec(doc)![1]!;
    const params = JSON.parse(`{${block}}`) as Record<string, unknown>;
    expect(Object.keys(params)).toEqual(ruled.fields.map((field) => field.param ?? field.name));
    expect(compile(ruled, { knownEndpoints: known }).validateValues(params)).toEqual([]);
    const spec = await generatedSpec(ruled, known);
    expect(spec.isBidRequestValid({ bidId: 'b1', params, mediaTypes: { banner: { sizes: [[300, 250]] } } })).toBe(true);
    // The Bid Params table shows the same examples.
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
    for (const [name, value] of Object.entries(params))
      expect(rows.find((row) => row.startsWith(`| \`${name}\` |`))).toContain(` | ${JSON.stringify(value)} | `);
    expect(doc).not.toContain('placeholder');
  });

  it('marks an example it cannot make valid as a placeholder to replace', () => {
    const hard: AdapterRecord = {
      ...example,
      fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag id', required: true, pattern: '^[A-Z]{2}-[0-9]{3}$' }],
    };
    const doc = generatePrebidAdapter(hard, { knownEndpoints: known }).files[1].text;
    expect(doc).toMatch(/"prd\.impTagId": "[^"\n]*" \/\/ placeholder/);
    expect(doc).toMatch(/\| `prd\.impTagId` \|[^\n]*\(placeholder[^\n|]*\)/);
  });

  it('literal(): JSON, with the line terminators and HTML brackets escaped', () => {
    expect(literal('a\u2028b</script>')).toBe('"a\\u2028b\\u003c/script\\u003e"');
    expect(JSON.parse(literal({ x: ['\u2029<>'] }))).toEqual({ x: ['\u2029<>'] });
  });
});

describe('bidfields prebid-adapter', () => {
  const record = (name: string, value: unknown) => (fs.writeFileSync(path.join(dir, name), JSON.stringify(value)), name);

  it('writes the module and its doc, exit 0', async () => {
    const run = await cli(
      'prebid-adapter',
      '--adapter',
      record('ok.json', example),
      '--known-endpoint',
      known[0]!,
      '--out',
      'out',
      '--gvlid',
      '755',
      '--ttl',
      '120',
    );
    expect(run.code).toBe(0);
    expect(run.out).toBe(`wrote ${path.join('out', 'examplesspBidAdapter.js')}\nwrote ${path.join('out', 'examplesspBidAdapter.md')}\n`);
    const module = fs.readFileSync(path.join(dir, 'out/examplesspBidAdapter.js'), 'utf8');
    expect(module).toContain('"gvlid":755');
    expect(module).toContain('{"ttl":120}');
  });

  const refused: [string, unknown][] = [
    ['a hostile name', { ...example, fields: [...example.fields, { name: 'x"]});globalThis.__pwned=1;//', type: 'text', display: 'x' }] }],
    ['a __proto__ name', { ...example, fields: [{ name: '__proto__.polluted', type: 'text', display: 'x' }] }],
    ['an unknown endpoint', { ...example, endpoint: 'https://bid.example-ssp.com.evil.example/' }],
    ['a bad CPM field', { ...example, cpmField: 'ext..cpm' }],
    ['a __proto__ param', { ...example, fields: [{ name: 'zone', param: '__proto__', type: 'text', display: 'x' }] }],
    ['a constructor param', { ...example, fields: [{ name: 'zone', param: 'constructor', type: 'text', display: 'x' }] }],
    [
      'a constant holding a __proto__ key',
      { ...example, constants: [{ name: 'predefinedImpExt.x', value: JSON.parse('{"a": [{"__proto__": {"polluted": 1}}]}') }] },
    ],
  ];
  for (const [what, value] of refused) {
    it(`${what}: exit 1 with the issues 'bidfields validate' prints, nothing written`, async () => {
      const file = record('refused.json', value);
      const generated = await cli('prebid-adapter', '--adapter', file, '--known-endpoint', known[0]!, '--out', 'refused');
      const validated = await cli('validate', file, '--known-endpoint', known[0]!);
      expect(validated.code).toBe(1);
      expect(generated).toEqual({ code: 1, out: '', err: validated.err });
      expect(fs.existsSync(path.join(dir, 'refused'))).toBe(false);
    });
  }

  it('not JSON is exit 1 as for validate; usage errors are exit 2', async () => {
    fs.writeFileSync(path.join(dir, 'broken.json'), '{');
    expect((await cli('prebid-adapter', '--adapter', 'broken.json', '--known-endpoint', 'a.example')).code).toBe(1);
    expect((await cli('prebid-adapter', '--known-endpoint', 'a.example')).code).toBe(2);
    expect((await cli('prebid-adapter', '--adapter', 'missing.json')).code).toBe(2);
    expect((await cli('prebid-adapter', '--adapter', record('ok.json', example), '--ttl', 'soon')).code).toBe(2);
  });
});
