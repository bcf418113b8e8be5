// Emits the .d.ts files for dist/ (tsc, declarations only) and the entry type files the exports map names:
// dist/<entry>.d.ts for import, re-exporting dist/types/<entry>, and dist/<entry>.d.cts for require, re-exporting
// dist/types-cjs/<entry>. The package is "type": "module", so TypeScript reads dist/types as ES module
// declarations, which a CommonJS declaration may not re-export (TS1479 under Node16 resolution); dist/types-cjs is
// the same declarations under a package.json that makes them CommonJS ones, as the .cjs files are.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
fs.rmSync('dist/types-cjs', { recursive: true, force: true });
fs.cpSync('dist/types', 'dist/types-cjs', { recursive: true });
fs.writeFileSync('dist/types-cjs/package.json', '{ "type": "commonjs" }\n');
const entries = { index: 'index', prebid: 'prebid/index', 'prebid-runtime': 'prebid/runtime', codegen: 'codegen/index', server: 'server/index', client: 'client/index', conformance: 'conformance/index' };
for (const [name, source] of Object.entries(entries)) {
  if (!fs.existsSync(`dist/types/${source}.d.ts`)) continue;
  fs.writeFileSync(`dist/${name}.d.ts`, `export * from './types/${source}.js';\n`);
  fs.writeFileSync(`dist/${name}.d.cts`, `export * from './types-cjs/${source}.js';\n`);
}
