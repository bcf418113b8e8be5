// Emits the .d.ts files for dist/ (tsc, declarations only) and the entry type files the exports map names:
// dist/<entry>.d.ts for import, re-exporting dist/types/<entry>, and dist/<entry>.d.cts for require, re-exporting
// dist/types-cjs/<entry>. The packages are "type": "module", so TypeScript reads dist/types as ES module
// declarations, which a CommonJS declaration may not re-export (TS1479 under Node16 resolution); dist/types-cjs is
// the same declarations under a package.json that makes them CommonJS ones, as the .cjs files are.
// Run in the library's folder with no argument, in packages/server with `--package server`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const ENTRIES = {
  library: {
    index: 'index',
    prebid: 'prebid/index',
    'prebid-runtime': 'prebid/runtime',
    codegen: 'codegen/index',
    client: 'client/index',
    api: 'api-contract/index',
    conformance: 'conformance/index',
    'cli-commands': 'cli/kit',
  },
  server: { index: 'index', commands: 'cli/index' },
};
const which = process.argv[2] === '--package' ? process.argv[3] : 'library';
const entries = ENTRIES[which];
if (!entries) throw new Error(`unknown package ${which}`);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
fs.rmSync('dist/types-cjs', { recursive: true, force: true });
fs.cpSync('dist/types', 'dist/types-cjs', { recursive: true });
fs.writeFileSync('dist/types-cjs/package.json', '{ "type": "commonjs" }\n');
for (const [name, source] of Object.entries(entries)) {
  if (!fs.existsSync(`dist/types/${source}.d.ts`)) throw new Error(`no declarations for ${name} (dist/types/${source}.d.ts)`);
  fs.writeFileSync(`dist/${name}.d.ts`, `export * from './types/${source}.js';\n`);
  fs.writeFileSync(`dist/${name}.d.cts`, `export * from './types-cjs/${source}.js';\n`);
}
