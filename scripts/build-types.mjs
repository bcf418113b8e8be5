// Emits the .d.ts files for dist/ (tsc, declarations only) and the entry type files the exports map names:
// dist/<entry>.d.ts for import and dist/<entry>.d.cts for require, each re-exporting dist/types/<entry>.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
const entries = { index: 'index', prebid: 'prebid/index', server: 'server/index', client: 'client/index', conformance: 'conformance/index' };
for (const [name, source] of Object.entries(entries)) {
  if (!fs.existsSync(`dist/types/${source}.d.ts`)) continue;
  fs.writeFileSync(`dist/${name}.d.ts`, `export * from './types/${source}.js';\n`);
  fs.writeFileSync(`dist/${name}.d.cts`, `export * from './types/${source}.js';\n`);
}
