// `npm run check:prebid-repo -- DIR [--adapter FILE] [--known-endpoint HOST] [--maintainer EMAIL] [--keep]`: the
// checks a Prebid.js pull request of the in-repository target (`bidfields prebid-adapter --target prebid-repo`) meets,
// run in a Prebid.js checkout at DIR with Prebid's own tools (its dependencies installed: `npm ci` there). The
// module, its doc and its spec are generated for the record (default examples/prebid-js-adapter.json) into the
// checkout, then:
//   1. lint: `npx eslint` on the module and the spec, Prebid's configuration, as its CI lints a pull request (no --fix);
//   2. precompile: `npx gulp precompile` (TypeScript, ts-strict, declarations);
//   3. spec: `npx gulp test-only-nobuild --file <spec>` (karma, Chromium headless), with the module's coverage
//      (lines, branches, functions) from its lcov report, and the spec's tests per media type;
//   4. chunk: `npx gulp build --modules=<code>BidAdapter`, the module's chunk in bytes and gzip.
// The generated files are removed afterwards unless --keep. Chromium: CHROME_BIN, else /usr/bin/chromium, started
// headless without sandbox (as root in a container it needs --no-sandbox). Exits 1 when a check fails.
// Works from the sources (no build needed): the generator is bundled for Node by esbuild first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadCodegen } from './load-codegen.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    adapter: { type: 'string', default: path.join(root, 'examples/prebid-js-adapter.json') },
    'known-endpoint': { type: 'string', multiple: true },
    maintainer: { type: 'string', default: 'prebid@example-ssp.com' },
    keep: { type: 'boolean', default: false },
  },
});
const dir = positionals[0] && path.resolve(positionals[0]);
const fail = (message) => {
  console.error(message);
  process.exit(2);
};
if (!dir) fail('usage: npm run check:prebid-repo -- DIR [--adapter FILE] [--known-endpoint HOST] [--maintainer EMAIL] [--keep]');
const isPrebid = () => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name === 'prebid.js' && fs.existsSync(path.join(dir, 'gulpfile.js'));
  } catch {
    return false;
  }
};
if (!isPrebid()) fail(`${dir} is not a Prebid.js checkout (its package.json names prebid.js, with a gulpfile.js)`);
if (!fs.existsSync(path.join(dir, 'node_modules/.bin/gulp'))) fail(`${dir} has no node_modules: run npm ci there first`);

/** Runs a command in the checkout; its output, status and seconds. */
function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env, FORCE_COLOR: '0' }, maxBuffer: 256 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
  return { ok: result.status === 0, output, seconds: Math.round((Date.now() - started) / 1000) };
}
const tail = (text, lines = 30) => text.trimEnd().split('\n').slice(-lines).join('\n');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-check-prebid-repo-'));
const written = [];
const failures = [];
try {
  const { safeGeneratePrebidAdapter } = await loadCodegen(work);
  const record = JSON.parse(fs.readFileSync(flags.adapter, 'utf8'));
  const knownEndpoints = flags['known-endpoint'] ?? [new URL(String(record.endpoint).replace(/\{[^}]*\}/g, 'x')).hostname.replace(/^x\./, '*.')];
  const generated = safeGeneratePrebidAdapter(record, { target: 'prebid-repo', knownEndpoints, maintainer: flags.maintainer, prebidDir: dir });
  if (!generated.ok) fail(`the record is refused:\n${generated.issues.map((found) => `  ${found.path} ${found.code}: ${found.message}`).join('\n')}`);
  const code = generated.bidderCode;
  const module = `modules/${code}BidAdapter.ts`;
  const spec = `test/spec/modules/${code}BidAdapter_spec.js`;
  for (const file of generated.files.filter((found) => !found.name.startsWith('dev-docs/'))) {
    fs.writeFileSync(path.join(dir, file.name), file.text);
    written.push(path.join(dir, file.name));
  }
  const prebidVersion = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  console.log(
    `Prebid.js ${prebidVersion} at ${dir}; ${path.relative(root, flags.adapter)} as bidder ${code}: wrote ${written.map((file) => path.relative(dir, file)).join(', ')}`,
  );

  // 1. lint, as Prebid's CI lints a pull request: its configuration, no --fix.
  const lint = run('npx', ['eslint', '--format', 'json', module, spec]);
  let problems;
  try {
    problems = JSON.parse(lint.output.slice(lint.output.indexOf('[')));
  } catch {
    problems = undefined;
  }
  const errors = problems?.reduce((sum, file) => sum + file.errorCount, 0);
  const warnings = problems?.reduce((sum, file) => sum + file.warningCount, 0);
  console.log(`1. lint (npx eslint ${module} ${spec}, no --fix): ${problems ? `${errors} errors, ${warnings} warnings` : 'did not run'} (${lint.seconds} s)`);
  for (const file of problems ?? [])
    for (const message of file.messages) console.log(`   ${path.relative(dir, file.filePath)}:${message.line} ${message.ruleId} ${message.message}`);
  if (!problems || errors > 0) failures.push('lint');

  // 2. precompile: TypeScript, ts-strict and the declarations.
  const precompile = run('npx', ['gulp', 'precompile']);
  console.log(`2. precompile (npx gulp precompile): ${precompile.ok ? 'passed' : 'FAILED'} (${precompile.seconds} s)`);
  if (!precompile.ok) (failures.push('precompile'), console.log(tail(precompile.output)));

  // 3. the spec under karma in Chromium, with the module's coverage.
  const chromium = process.env.CHROME_BIN ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => fs.existsSync(file));
  const wrapper = path.join(work, 'chromium');
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${JSON.stringify(chromium ?? 'chromium')} --no-sandbox --disable-gpu --disable-dev-shm-usage "$@"\n`, {
    mode: 0o755,
  });
  fs.rmSync(path.join(dir, 'build/coverage'), { recursive: true, force: true });
  const test = run('npx', ['gulp', 'test-only-nobuild', '--file', spec], { CHROME_BIN: wrapper });
  const completed = /✔ (\d+) tests? completed/.exec(test.output)?.[1];
  const failed = /✖ (\d+) tests? failed/.exec(test.output)?.[1];
  console.log(
    `3. spec (npx gulp test-only-nobuild --file ${spec}, karma, Chromium headless): ${completed ?? 0} passed, ${failed ?? 0} failed (${test.seconds} s)`,
  );
  if (!test.ok || !completed || failed) (failures.push('spec'), console.log(tail(test.output)));
  const specText = generated.files.find((found) => found.name === spec).text;
  const media = [...specText.matchAll(/^ {4}it\("((?:sends a|sends no) [^"]*)"/gm)].map((match) => match[1]);
  console.log(`   per media type: ${media.length ? media.join('; ') : 'none'}`);
  const lcov = fs.existsSync(path.join(dir, 'build/coverage/chunks'))
    ? fs
        .readdirSync(path.join(dir, 'build/coverage/chunks'))
        .map((chunk) => path.join(dir, 'build/coverage/chunks', chunk, 'lcov.info'))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file, 'utf8'))
        .join('\n')
    : '';
  const coverageRecord = lcov.split('end_of_record').find((part) => part.includes(`${code}BidAdapter.ts`));
  const count = (key) => Number(new RegExp(`^${key}:(\\d+)$`, 'm').exec(coverageRecord ?? '')?.[1] ?? NaN);
  if (coverageRecord) {
    const [lines, hitLines, branches, hitBranches, functions, hitFunctions] = ['LF', 'LH', 'BRF', 'BRH', 'FNF', 'FNH'].map(count);
    console.log(`   coverage of ${module}: lines ${hitLines}/${lines}, branches ${hitBranches}/${branches}, functions ${hitFunctions}/${functions}`);
    if (hitLines / lines < 0.8) failures.push('coverage');
  } else {
    console.log(`   coverage of ${module}: not found in build/coverage`);
    failures.push('coverage');
  }

  // 4. the module's chunk in a Prebid.js build with it.
  const bundle = run('npx', ['gulp', 'build', `--modules=${code}BidAdapter`]);
  const chunk = path.join(dir, `build/dist/${code}BidAdapter.js`);
  if (bundle.ok && fs.existsSync(chunk)) {
    const text = fs.readFileSync(chunk);
    const dependencies = JSON.parse(fs.readFileSync(path.join(dir, 'build/dist/dependencies.json'), 'utf8'))[`${code}BidAdapter.js`] ?? [];
    console.log(
      `4. chunk (npx gulp build --modules=${code}BidAdapter): build/dist/${code}BidAdapter.js ${text.length} bytes, ${gzipSync(text, { level: 9 }).length} bytes gzip; it needs ${dependencies.join(', ')} (${bundle.seconds} s)`,
    );
  } else {
    console.log(`4. chunk (npx gulp build --modules=${code}BidAdapter): FAILED (${bundle.seconds} s)`);
    console.log(tail(bundle.output));
    failures.push('build');
  }
} finally {
  if (!flags.keep) for (const file of written) fs.rmSync(file, { force: true });
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(failures.length ? `FAILED: ${failures.join(', ')}` : 'all checks passed');
process.exitCode = failures.length ? 1 : 0;
