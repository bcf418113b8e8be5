// Issue 22: `bidfields prebid-adapter --target prebid-repo` (and generatePrebidAdapter's prebid-repo target) writes
// the four files of a pull request to Prebid.js, and each generated adapter passes, outside Prebid's repository,
// the checks of test/codegen/prebid-repo/harness.ts: (a) bundled with the package's compiled sources, one copy of
// Prebid's core; (b) tsc against its declarations; (c) its spec under mocha + jsdom on Prebid's test helpers, c8
// coverage of the module ≥ 80%; (d) Prebid's import rules; (e) Prebid's eslint rules (prebid-eslint-config.ts). Bidder codes Prebid would refuse are issues (exit 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrebidAdapter, safeGeneratePrebidAdapter } from '../../src/codegen/index.js';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';
import { bundleModule, layOut, lintModule, lintSpec, lintWithPrebid, runSpec, typeCheck } from './prebid-repo/harness.js';
import { answered, example, known, lists, records8, templated, typed, videoNative, steps, choices, firsts } from './prebid-repo/records.js';
import { camelKey } from '../../src/codegen/prebid-repo/index.js';

const MAINTAINER = 'prebid@example-ssp.com';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-prebid-repo-'));
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readStdin: async () => '',
  };
  return main(args, io).then((code) => ({ code, out: out.join(''), err: err.join('') }));
}

describe('bidfields prebid-adapter --target prebid-repo', () => {
  it('writes the four files of a Prebid.js pull request for the example record', async () => {
    const out = path.join(dir, 'pr');
    const { code, out: stdout } = await cli(
      'prebid-adapter',
      '--target',
      'prebid-repo',
      '--adapter',
      'examples/prebid-js-adapter.json',
      '--known-endpoint',
      'bid.example-ssp.com',
      '--out',
      out,
      '--maintainer',
      'prebid@example-ssp.com',
    );
    expect(code).toBe(0);
    const files = [
      'modules/examplesspBidAdapter.ts',
      'modules/examplesspBidAdapter.md',
      'test/spec/modules/examplesspBidAdapter_spec.js',
      'dev-docs/bidders/examplessp.md',
    ];
    expect(stdout.trim().split('\n')).toEqual(files.map((file) => `wrote ${path.join(out, file)}`));
    const [module, doc, , page] = files.map((file) => fs.readFileSync(path.join(out, file), 'utf8'));
    expect(module).not.toMatch(/bidfields\/|from ['"](?!\.\.\/(src|libraries)\/)/);
    expect(module).toContain('const BIDDER_CODE = "examplessp";');
    expect(module).toContain('const ENDPOINT_URL = "https://bid.example-ssp.com/openrtb2";');
    expect(module).toContain('const CPM_FIELD = "ext.bidfields.cpm";');
    expect(module).toContain("declare module '../src/adUnits' {");
    expect(doc).toMatch(/Module Name: examplessp Bidder Adapter\nModule Type: Bidder Adapter\nMaintainer: prebid@example-ssp.com/);
    expect(doc).toContain('# Test Parameters');
    expect(page).toMatch(/^---\nlayout: bidder\n[^]*biddercode: examplessp\n[^]*pbjs: true\n[^]*sidebarType: 1\n---\n/);
    expect(page).toContain('media_types: banner, video, native');
    expect(page).toContain('floors_supported: true');
    expect(page).toContain('schain_supported: true');
    expect(page).not.toContain('gvl_id');
  });

  it('puts the GVL ID in the module and the docs page only when given', () => {
    const { files } = generatePrebidAdapter(example, { target: 'prebid-repo', knownEndpoints: known, gvlid: 1234, maintainer: MAINTAINER });
    expect(files[0].text).toContain('const GVLID = 1234;');
    expect(files[3]!.text).toContain('gvl_id: 1234\ntcfeu_supported: true');
  });

  it.each([
    ['ExampleSSP', 'invalid_bidder_code'],
    ['example-ssp', 'invalid_bidder_code'],
    ['prebid', 'invalid_bidder_code'],
    ['appnexus2', 'bidder_code_taken'],
    ['rubiconx', 'bidder_code_taken'],
  ])('refuses the bidder code %s (%s), exit 1, nothing written', async (bidderCode, issueCode) => {
    const file = path.join(dir, `${bidderCode}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...example, bidderCode }));
    const out = path.join(dir, `refused-${bidderCode}`);
    const result = await cli(
      'prebid-adapter',
      '--target',
      'prebid-repo',
      '--adapter',
      file,
      '--known-endpoint',
      'bid.example-ssp.com',
      '--out',
      out,
      '--maintainer',
      MAINTAINER,
      '--json',
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.out).issues.map((found: { code: string; path: string }) => [found.code, found.path])).toEqual([[issueCode, '/bidderCode']]);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('asks for the maintainer of the module doc, and for params a Prebid publisher can enter (identifier keys)', () => {
    const keyless = { ...example, fields: [{ name: 'prd.impTagId', type: 'text', display: 'Tag' }, ...example.fields.slice(1)] };
    const bad = safeGeneratePrebidAdapter(keyless, { target: 'prebid-repo', knownEndpoints: known });
    expect(bad.ok ? [] : bad.issues.map((found) => [found.code, found.path])).toEqual([
      ['missing_param', '/fields/0/param'],
      ['missing_maintainer', '/maintainer'],
    ]);
    expect(bad.ok ? '' : bad.issues[0]!.message).toContain('"impTagId"');
    expect(camelKey('predefinedImpExt.deal.tier')).toBe('dealTier');
    expect(camelKey('predefinedRequestExt.partner_id')).toBe('partnerId');
    // A name that is an identifier is its own key.
    expect(
      safeGeneratePrebidAdapter(
        { ...example, fields: [{ name: 'zone', type: 'number', display: 'Zone' }] },
        { target: 'prebid-repo', knownEndpoints: known, maintainer: MAINTAINER },
      ).ok,
    ).toBe(true);
  });

  it('refuses a maintainer that is no e-mail address, and a --prebid folder that is no Prebid.js', () => {
    const bad = safeGeneratePrebidAdapter(example, { target: 'prebid-repo', knownEndpoints: known, maintainer: 'x\n```\nModule Type: evil', prebidDir: dir });
    expect(bad.ok ? [] : bad.issues.map((found) => found.code)).toEqual(['invalid_maintainer', 'prebid_not_found']);
  });

  it('a constant nested 2,000 deep is refused (a literal that deep overflows parsers); one 32 deep enters as a literal', () => {
    const tooDeep = JSON.parse('['.repeat(2000) + ']'.repeat(2000));
    expect(() =>
      generatePrebidAdapter(
        { ...example, constants: [{ name: 'deep', value: tooDeep }] },
        { target: 'prebid-repo', knownEndpoints: known, maintainer: MAINTAINER },
      ),
    ).toThrow(/constants\/0\/value/);
    const value = JSON.parse('['.repeat(32) + ']'.repeat(32));
    const { files } = generatePrebidAdapter(
      { ...example, constants: [{ name: 'deep', value }] },
      { target: 'prebid-repo', knownEndpoints: known, maintainer: MAINTAINER },
    );
    const module = files.find((found) => found.name.endsWith('BidAdapter.ts'))!;
    expect(module.text).toContain(`deepSetValue(imp, "ext.deep", ${JSON.stringify(value)});`);
    expect(ts.transpileModule(module.text, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2019 } }).diagnostics).toEqual([]);
  });

  it('record text enters the module only inside string literals (hostile display, description, default, options)', () => {
    const INJECTION = '"); globalThis.__pwned = 1; ("`${globalThis.__pwned = 2}`</script>\u2028*/ globalThis.__pwned = 4; /*';
    const hostile = {
      ...example,
      fields: [
        { name: 'prd.impTagId', param: 'tagId', type: 'text', display: INJECTION, description: INJECTION, default: INJECTION, required: true },
        { name: 'tier', type: 'select', display: INJECTION, options: [{ name: INJECTION, value: 1 }], default: 1 },
        { name: 'note', type: 'text', display: 'x', pattern: '^[^"]*$' },
      ],
    };
    const { files } = generatePrebidAdapter(hostile, { target: 'prebid-repo', knownEndpoints: known, maintainer: MAINTAINER });
    for (const file of files.filter((found) => /\.(ts|js)$/.test(found.name))) {
      const identifiers: string[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isIdentifier(node)) identifiers.push(node.text);
        ts.forEachChild(node, visit);
      };
      visit(ts.createSourceFile(file.name, file.text, ts.ScriptTarget.Latest, true));
      expect(identifiers, file.name).not.toContain('__pwned');
      expect(ts.transpileModule(file.text, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2019 } }).diagnostics, file.name).toEqual(
        [],
      );
    }
  });
});

describe.each([
  ['examples/prebid-js-adapter.json', example, known],
  ['a record with param keys, alsoTo, a boolean, request ext, constants, one-of and split', records8, known],
  ['a record whose endpoint is a template', templated, ['*.bid.example-ssp.com']],
  ['a record of lists, JSON values and ids', lists, known],
  ['a record of typed OpenRTB targets', typed, known],
  ['a record of a video and native partner', videoNative, known],
  ['a record that removes, derives and writes on conditions', steps, known],
  ['a record whose endpoint placeholder takes the first of two keys', choices, known],
  ['a record with requestValues first, a template and a removal', firsts, known],
  ['a record whose answers are read by response rules', answered, known],
])('the in-repository adapter of %s', (_name, record, knownEndpoints) => {
  let at: string;
  let code: string;
  beforeAll(() => {
    const generated = generatePrebidAdapter(record, { target: 'prebid-repo', knownEndpoints, maintainer: 'prebid@example-ssp.com' });
    code = generated.bidderCode;
    at = path.join(dir, code);
    layOut(at, generated.files);
  });

  it("(a) bundles with the prebid.js package's compiled sources and one copy of Prebid's core", async () => {
    const bundle = await bundleModule(at, code);
    expect(bundle.uncompiled).toEqual([]);
    expect(Object.values(bundle.coreCopies)).toEqual(Object.values(bundle.coreCopies).map(() => 1));
  });

  it("(b) type-checks with tsc against the package's declarations, with Prebid's compiler options", async () => {
    expect(await typeCheck(at, code)).toBe('');
  });

  it("(c) its spec passes under mocha + jsdom on Prebid's test helpers, covering ≥ 80% of the module", async () => {
    const result = await runSpec(at, code);
    expect(result.passed, result.output).toBe(true);
    expect(result.coverage?.lines).toBeGreaterThanOrEqual(80);
    expect(result.coverage?.statements).toBeGreaterThanOrEqual(80);
  });

  it("(d) passes Prebid's import rules (its validate-imports rule and resolver, restricted imports and globals)", () => {
    const module = fs.readFileSync(path.join(at, `modules/${code}BidAdapter.ts`), 'utf8');
    expect(lintModule(`${code}BidAdapter.ts`, module)).toEqual([]);
    expect(lintSpec(fs.readFileSync(path.join(at, `test/spec/modules/${code}BidAdapter_spec.js`), 'utf8'), `modules/${code}BidAdapter.js`)).toEqual([]);
  });

  it("(e) is clean under Prebid's eslint rules, as its CI lints a pull request (no --fix): no error, no warning", async () => {
    expect(await lintWithPrebid(at, [`modules/${code}BidAdapter.ts`, `test/spec/modules/${code}BidAdapter_spec.js`])).toEqual([]);
  });
});

describe('(d) the import check has teeth', () => {
  it('flags a package import, an import without extension, an import from another module and a restricted global', () => {
    const problems = lintModule(
      'xBidAdapter.ts',
      "import _ from 'lodash';\nimport { a } from '../src/utils';\nimport { b } from './appnexusBidAdapter.js';\nimport { c } from '../src/adloader.js';\nlocalStorage.getItem('x');\ndocument.cookie = 'a';\n",
    );
    expect(problems.join('\n')).toMatch(/lodash" not in import whitelist/);
    expect(problems.join('\n')).toMatch(/"\.\.\/src\/utils" should include extension/);
    expect(problems.join('\n')).toMatch(/importing from modules is not allowed/);
    expect(problems).toEqual(expect.arrayContaining(['import "../src/adloader.js" is restricted', 'global localStorage', 'property document.cookie']));
  });
});

describe("(e) Prebid's eslint rules have teeth", () => {
  it('flag compact JSON literals, a missing semicolon and console, in a module and in a spec', async () => {
    const at = path.join(dir, 'lint-teeth');
    layOut(at, [
      { name: 'modules/xBidAdapter.ts', text: 'const KEYS = ["a","b"];\nexport function f(x: string[]) {\n  console.log(KEYS)\n  return x;\n}\n' },
      { name: 'test/spec/modules/xBidAdapter_spec.js', text: "const PARAMS = {a:1,b:[1,2]};\nit('x', function () {\n  expect(PARAMS).to.exist;\n});\n" },
    ]);
    const problems = (await lintWithPrebid(at, ['modules/xBidAdapter.ts', 'test/spec/modules/xBidAdapter_spec.js'])).join('\n');
    for (const rule of ['@stylistic/comma-spacing', '@stylistic/semi', 'no-console', '@stylistic/object-curly-spacing', '@stylistic/key-spacing'])
      expect(problems).toContain(rule);
    // chai's property assertions are allowed in a spec (chai-friendly), as in Prebid's config.
    expect(problems).not.toContain('no-unused-expressions');
  });
});
