// Size budget of the Prebid.js bidder module (issue 3): builds the browser files of rollup.prebid.config.mjs and
// measures dist/prebid.min.js (engine included, Prebid.js excluded): prints its minified and gzip sizes, and exits 1 above 3 KB gzip or
// when it contains `new Function` / `eval(` (a page's CSP may forbid both, and nothing in it needs them).
// `--modules` also lists each source module's share: its rendered code minified alone, and gzipped alone (which
// overstates small modules; the sum is an upper bound), largest first. `--engine` also measures the compact engine
// alone (compileCompact and BidfieldsError, bundled and minified the same way, without the Prebid glue).
import { rollup } from 'rollup';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import config from '../rollup.prebid.config.mjs';

const BUDGET = 3072;
const FILE = 'dist/prebid.min.js';
const bundle = await rollup({ ...config, onwarn: (warning) => console.error(warning.message) });
const builds = await Promise.all(config.output.map((output) => bundle.write(output)));
await bundle.close();
const { output } = builds[config.output.findIndex((entry) => entry.file === FILE)];

const code = fs.readFileSync(FILE, 'utf8');
const gzip = gzipSync(code, { level: 9 }).length;
console.log(`prebid module: ${code.length} bytes min, ${gzip} bytes gzip (budget ${BUDGET})`);
if (process.argv.includes('--modules')) {
  const rows = [];
  for (const [id, info] of Object.entries(output[0].modules)) {
    const min = (await minify(info.code ?? '', { ecma: 2020, toplevel: false, compress: { passes: 3 } })).code ?? '';
    rows.push([min.length, gzipSync(min, { level: 9 }).length, id.replace(process.cwd() + '/', '')]);
  }
  for (const [min, gz, id] of rows.sort((a, b) => b[0] - a[0])) console.log(`  ${String(min).padStart(6)} min ${String(gz).padStart(5)} gz  ${id}`);
}
if (process.argv.includes('--engine')) {
  const entry = '\0engine-only';
  const virtual = { name: 'engine-only', resolveId: (id) => (id === entry ? id : null), load: (id) => (id === entry ? "export { compileCompact } from './src/core/compact/engine.ts';\nexport { BidfieldsError } from './src/core/issues.ts';\n" : null) };
  const engine = await rollup({ ...config, input: entry, plugins: [virtual, ...config.plugins], onwarn: () => {} });
  const [chunk] = (await engine.generate({ format: 'esm' })).output;
  await engine.close();
  const min = (await minify(chunk.code, { ecma: 2020, module: true, compress: { passes: 3 }, format: { comments: false } })).code ?? '';
  console.log(`compact engine alone: ${min.length} bytes min, ${gzipSync(min, { level: 9 }).length} bytes gzip`);
}
const forbidden = ['new Function', 'eval('].filter((text) => code.includes(text));
if (forbidden.length > 0) console.error(`forbidden in the bundle: ${forbidden.join(', ')}`);
if (gzip > BUDGET) console.error(`over budget by ${gzip - BUDGET} bytes gzip`);
process.exitCode = forbidden.length > 0 || gzip > BUDGET ? 1 : 0;
