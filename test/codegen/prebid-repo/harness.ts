// The checks an in-repository adapter passes here, outside Prebid's repository, against the prebid.js npm package
// (which ships Prebid's compiled sources under dist/src, its declarations, its test helpers and its eslint plugin):
//   (a) bundle: esbuild bundles the module with Prebid's compiled sources, reached through a resolve plugin (the
//       package's exports hide them), and exactly one copy of Prebid's core ends up in the bundle;
//   (b) types: tsc checks the module against the package's declarations with Prebid's own compiler options;
//   (c) spec: the generated spec runs under mocha + jsdom on Prebid's own test helpers and mocks, as Prebid's karma
//       set-up runs one spec (test_deps.js, the spec, hookSetup.js), with c8 measuring the module's coverage;
//   (d) imports: Prebid's own import rule (plugins/eslint/validateImports.js, run on the module's imports as eslint
//       would run it, with the allow-list eslint.config.js gives modules/), its resolver, and the restricted imports
//       and globals of its eslint config;
//   (e) eslint: Prebid's eslint rules (prebid-eslint-config.ts), as its CI lints a pull request, without --fix.
// The real gate stays Prebid's lint, `gulp precompile` and `gulp test` in a checkout: `npm run check:prebid-repo`.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { build, type Metafile, type Plugin } from 'esbuild';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { findPrebid } from '../../../src/codegen/prebid-repo/prebid-package.js';
import { prebidEslintConfig } from './prebid-eslint-config.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const repo = path.resolve(import.meta.dirname, '../../..');
const nodeModules = path.join(repo, 'node_modules');

/** The installed prebid.js package, and its compiled sources. */
export const PREBID = findPrebid(undefined, repo)!;
export const DIST = path.join(PREBID, 'dist/src');

/** Imports eslint.config.js allows files under modules/ besides Prebid's own (its `allowedImports.modules`). */
export const MODULE_ALLOWED_IMPORTS = ['crypto-js', 'live-connect'];

/**
 * Writes the generated files into `dir` in the repository's layout, next to what a checkout has there: `src/` and
 * `libraries/` (links to the package's compiled sources and declarations) and `node_modules/`.
 */
export function layOut(dir: string, files: readonly { name: string; text: string }[]): void {
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.name)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.name), file.text);
  }
  for (const [link, to] of [
    ['src', path.join(DIST, 'src')],
    ['libraries', path.join(DIST, 'libraries')],
    ['node_modules', nodeModules],
  ] as const) {
    if (!fs.existsSync(path.join(dir, link))) fs.symlinkSync(to, path.join(dir, link), 'dir');
  }
  // As in Prebid's repository: no "type", so `declare module '../src/adUnits'` resolves as Prebid's sources do.
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
}

/** The compiled file of a path of the package's source tree (`src/`, `libraries/`, `modules/`), or `undefined`. */
function compiled(relative: string): string | undefined {
  const file = path.join(DIST, relative).replace(/\.(ts|js|mjs)$/, '') + '.js';
  return fs.existsSync(file) ? file : fs.existsSync(path.join(DIST, relative, 'index.js')) ? path.join(DIST, relative, 'index.js') : undefined;
}

/**
 * Resolves Prebid's sources to its compiled ones, as Prebid's own build does for its tests: bare paths from the
 * repository root (`src/config.js`, `modules/priceFloors.js`, `test/helpers/…`, as Prebid's specs write them), and
 * relative imports of the package's test helpers into `src/` and `libraries/`. `modules` maps module files of the
 * layout (the generated adapter) to their source.
 */
export function prebidSources(modules: Record<string, string> = {}): Plugin {
  return {
    name: 'prebid-compiled-sources',
    setup(setup) {
      setup.onResolve({ filter: /^(src|libraries|modules|test)\// }, ({ path: specifier }) => {
        const own = modules[specifier];
        if (own) return { path: own };
        if (specifier.startsWith('test/')) return { path: path.join(PREBID, specifier) };
        const file = compiled(specifier);
        return file ? { path: file } : { errors: [{ text: `${specifier} is not in prebid.js's compiled sources` }] };
      });
      setup.onResolve({ filter: /^\./ }, ({ path: specifier, resolveDir, importer }) => {
        if (!importer.startsWith(path.join(PREBID, 'test') + path.sep)) return undefined;
        const relative = path.relative(PREBID, path.resolve(resolveDir, specifier));
        if (!/^(src|libraries|modules)[\\/]/.test(relative)) return undefined;
        const file = compiled(relative);
        return file ? { path: file } : undefined;
      });
    },
  };
}

export interface BundleCheck {
  /** Bytes of the bundle (not minified). */
  bytes: number;
  /** Inputs from Prebid's sources instead of its compiled ones (must be none). */
  uncompiled: string[];
  /** How many copies of Prebid's core files ended up in the bundle, by file (each must be 1). */
  coreCopies: Record<string, number>;
  inputs: string[];
}

/** (a) Bundles the module with Prebid's compiled sources and reports what went in. */
export async function bundleModule(dir: string, code: string): Promise<BundleCheck> {
  const result = await build({
    entryPoints: [path.join(dir, `modules/${code}BidAdapter.ts`)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [prebidSources()],
  });
  const inputs = Object.keys((result.metafile as Metafile).inputs).map((input) => fs.realpathSync(path.resolve(input)));
  const core = ['src/adapters/bidderFactory', 'src/hook', 'src/config', 'src/prebidGlobal', 'src/adapterManager', 'libraries/ortbConverter/converter'];
  const coreCopies = Object.fromEntries(
    core.map((file) => [file, inputs.filter((input) => new RegExp(`[\\\\/]${file.replace(/\//g, '[\\\\/]')}\\.(js|ts)$`).test(input)).length]),
  );
  const uncompiled = inputs.filter((input) => input.startsWith(PREBID + path.sep) && !input.startsWith(DIST + path.sep));
  return { bytes: result.outputFiles[0]!.contents.length, uncompiled, coreCopies, inputs };
}

/** (b) Type-checks the module against the package's declarations with Prebid's compiler options; tsc's output, empty when it passes. */
export async function typeCheck(dir: string, code: string): Promise<string> {
  // Prebid's tsconfig.json: its consumer options (tsconfig-strict.json) with the looseness its sources compile with.
  const config = {
    extends: path.join(PREBID, 'tsconfig-strict.json'),
    compilerOptions: { strict: false, noEmit: true, allowImportingTsExtensions: true, isolatedModules: true },
    include: [],
    files: [`modules/${code}BidAdapter.ts`],
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config, null, 2));
  try {
    await run(process.execPath, [path.join(nodeModules, 'typescript/bin/tsc'), '-p', dir]);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  }
}

/** The module specifiers a file imports, as eslint's rule visits them: import and export declarations, require() and import(). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true));
  return found;
}

/** Globals and properties Prebid's eslint config forbids in modules/ (no-restricted-globals / -properties). */
const RESTRICTED_GLOBALS = ['require', 'localStorage', 'sessionStorage', 'XMLHttpRequest'];
const RESTRICTED_PROPERTIES = [
  ['document', 'cookie'],
  ['navigator', 'sendBeacon'],
  ['navigator', 'doNotTrack'],
  ['window', 'localStorage'],
  ['window', 'sessionStorage'],
  ['window', 'XMLHttpRequest'],
  [undefined, 'innerText'],
  [undefined, 'outerText'],
  [undefined, 'getBoundingClientRect'],
  ['window', 'innerHeight'],
  ['window', 'innerWidth'],
  ['window', 'scrollTop'],
  ['window', 'scrollLeft'],
  ['window', 'visualViewport'],
];

function restrictedUses(text: string, fileName: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) &&
      RESTRICTED_GLOBALS.includes(node.text) &&
      !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) &&
      !ts.isPropertyAssignment(node.parent)
    )
      found.push(`global ${node.text}`);
    if (ts.isPropertyAccessExpression(node)) {
      const object = ts.isIdentifier(node.expression) ? node.expression.text : undefined;
      if (RESTRICTED_PROPERTIES.some(([on, property]) => property === node.name.text && (on === undefined || on === object)))
        found.push(`property ${object ?? '…'}.${node.name.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface EslintContext {
  getFilename(): string;
  options: unknown[];
  report(node: unknown, message: string): void;
}

/**
 * (d) Prebid's import rules on the module, as its eslint config applies them to a file of modules/: its own
 * validate-imports rule (relative imports with an extension, no package but the allow-listed ones, nothing from other
 * modules or creative/), its resolver (every import resolves in the checkout), the restricted imports of bid
 * adapters and the restricted globals. The file is placed, as eslint sees it, at modules/<file> of the package.
 * Returns the problems; none when it passes.
 */
export function lintModule(fileName: string, text: string): string[] {
  const { flagErrors } = require(path.join(PREBID, 'plugins/eslint/validateImports.js')) as {
    flagErrors(context: EslintContext, node: unknown, importPath: string): void;
  };
  const resolver = require(path.join(PREBID, 'plugins/eslint/resolver.js')) as { resolve(source: string, file: string): { found: boolean; message?: string } };
  const file = path.join(PREBID, 'modules', fileName);
  const problems: string[] = [];
  const context: EslintContext = { getFilename: () => file, options: [MODULE_ALLOWED_IMPORTS], report: (_node, message) => void problems.push(message) };
  for (const specifier of importsOf(text)) {
    flagErrors(context, { specifier }, specifier);
    if (specifier.startsWith('.')) {
      const resolved = resolver.resolve(specifier, file);
      if (!resolved.found) problems.push(resolved.message ?? `import ${specifier} cannot be resolved`);
    }
    // eslint.config.js: no-restricted-imports for every source file and, for bid adapters, src/events.js too.
    if (/(^|\/)src\/(adloader|events)\.js$/.test(specifier)) problems.push(`import "${specifier}" is restricted`);
  }
  return [...problems, ...restrictedUses(text, fileName)];
}

/**
 * (d) for the spec: its packages must be Prebid's dev dependencies (a test may use those), and each of its paths from
 * the repository root must be in the package or be the new module.
 */
export function lintSpec(text: string, newModule: string): string[] {
  const { devDependencies } = JSON.parse(fs.readFileSync(path.join(PREBID, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return importsOf(text).flatMap((specifier) => {
    if (specifier === newModule) return [];
    if (/^(src|libraries|modules|test)\//.test(specifier))
      return compiled(specifier) || fs.existsSync(path.join(PREBID, specifier)) ? [] : [`import "${specifier}" is not in Prebid.js`];
    if (specifier.startsWith('.')) return [`import "${specifier}": a spec imports from the repository root`];
    return devDependencies[specifier.split('/')[0]!] ? [] : [`import "${specifier}" is not a dev dependency of Prebid.js`];
  });
}

/**
 * (e) Prebid's eslint rules (prebid-eslint-config.ts: its configuration pinned, its plugin from the package) on files
 * of `dir` laid out as in its repository, as its CI lints a pull request: no `--fix`. Returns every problem, errors
 * and warnings, as `file:line rule message`; none when they pass.
 */
export async function lintWithPrebid(dir: string, files: readonly string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: prebidEslintConfig(PREBID), ignore: false });
  const results = await eslint.lintFiles([...files]);
  return results.flatMap((result) =>
    result.messages.map((message) => `${path.relative(dir, result.filePath)}:${message.line} ${message.ruleId ?? ''} ${message.message}`),
  );
}

export interface SpecRun {
  passed: boolean;
  output: string;
  /** Coverage of the module by the spec, in percent. */
  coverage: { lines: number; statements: number; branches: number; functions: number } | undefined;
}

/**
 * Test dependencies Prebid's karma loads before a spec (test/test_deps.js), those that a bid adapter's spec touches.
 * Not mocks/adloaderStub.js: it stubs an ES module's export, which only Prebid's own (Babel) test build allows; a
 * converter-based adapter loads no script.
 */
const TEST_DEPS = [
  'test/helpers/global_hooks.js',
  'test/helpers/consentData.js',
  'test/helpers/prebidGlobal.js',
  'test/mocks/ortbConverter.js',
  'test/mocks/storageManager.js',
];

/** (c) Runs the generated spec with mocha + jsdom on Prebid's test helpers, with c8's coverage of the module. */
export async function runSpec(dir: string, code: string): Promise<SpecRun> {
  const work = path.join(dir, '.spec');
  fs.mkdirSync(work, { recursive: true });
  const moduleFile = path.join(dir, `modules/${code}BidAdapter.ts`);
  // A browser for Prebid: jsdom's window as the global scope's window, document, navigator, location, storage.
  fs.writeFileSync(
    path.join(work, 'jsdom.cjs'),
    `const { JSDOM } = require(${JSON.stringify(require.resolve('jsdom'))});
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'https://publisher.example/article', pretendToBeVisual: true });
// What jsdom lacks and Prebid's ajax.js reads at load: Node's own fetch API.
for (const key of ['fetch', 'Request', 'Response', 'Headers']) if (!(key in dom.window)) dom.window[key] = globalThis[key];
globalThis.window = dom.window;
for (const key of Object.getOwnPropertyNames(dom.window)) if (!(key in globalThis)) globalThis[key] = dom.window[key];
`,
  );
  // Before Prebid's helpers: mocha's globals where they look for them (window), sinon global as test_deps.js sets it.
  fs.writeFileSync(
    path.join(work, 'before.js'),
    `import sinon from 'sinon';\nglobalThis.sinon = sinon;\nwindow.describe = globalThis.describe;\nwindow.context = globalThis.context;\nwindow.process = { env: { NODE_ENV: 'production' } };\n`,
  );
  // After them: the describe global_hooks.js wraps is the one the spec calls.
  fs.writeFileSync(path.join(work, 'after.js'), 'globalThis.describe = window.describe;\nglobalThis.context = window.context;\n');
  const spec = path.join(dir, `test/spec/modules/${code}BidAdapter_spec.js`);
  fs.writeFileSync(
    path.join(work, 'entry.js'),
    [
      `import './before.js';`,
      ...TEST_DEPS.map((file) => `import '${file}';`),
      `import './after.js';`,
      `import ${JSON.stringify(spec)};`,
      `import 'test/helpers/hookSetup.js';`,
    ].join('\n') + '\n',
  );
  await build({
    entryPoints: [path.join(work, 'entry.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outfile: path.join(work, 'bundle.mjs'),
    sourcemap: 'linked',
    logLevel: 'silent',
    plugins: [prebidSources({ [`modules/${code}BidAdapter.js`]: moduleFile })],
    // Prebid's builds replace these; the compiled sources have them already, its test helpers do not.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const reports = path.join(work, 'coverage');
  const args = [
    path.join(nodeModules, 'c8/bin/c8.js'),
    '--reporter=json-summary',
    '--reporter=text',
    `--report-dir=${reports}`,
    `--temp-directory=${path.join(work, 'c8')}`,
    '--exclude-after-remap',
    `--include=**/modules/${code}BidAdapter.ts`,
    process.execPath,
    path.join(nodeModules, 'mocha/bin/mocha.js'),
    '--reporter=dot',
    '--require',
    path.join(work, 'jsdom.cjs'),
    path.join(work, 'bundle.mjs'),
  ];
  let output: string;
  let passed = true;
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    output = stdout + stderr;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    output = stdout + stderr;
    passed = false;
  }
  const summary = path.join(reports, 'coverage-summary.json');
  let coverage: SpecRun['coverage'];
  if (fs.existsSync(summary)) {
    const totals = Object.entries(JSON.parse(fs.readFileSync(summary, 'utf8')) as Record<string, Record<string, { pct: number }>>).find(([file]) =>
      file.endsWith(`${code}BidAdapter.ts`),
    )?.[1];
    if (totals) coverage = { lines: totals.lines!.pct, statements: totals.statements!.pct, branches: totals.branches!.pct, functions: totals.functions!.pct };
  }
  return { passed, output, coverage };
}
