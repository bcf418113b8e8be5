// "An outside project that depends on bidfields": a folder with its own package.json and node_modules where
// `bidfields` is this repository (a symlink, as `npm install ../bidfields` or a workspace makes it) and
// `prebid.js` is the published package. Its page entry imports `bidfields/prebid` through the package's exports
// map, so the browser test runs what a publisher's build would resolve: dist/prebid.js, not the sources.
import fs from 'node:fs';
import path from 'node:path';

export const PAGE_ENTRY = `import pbjs from 'prebid.js';
import { registerPrebidBidder } from 'bidfields/prebid';
const { record, options } = window.bidfieldsConfig;
registerPrebidBidder(pbjs, record, options);
pbjs.processQueue();
`;

export const NODE_CHECK = `import { createPrebidBidder, registerPrebidBidder } from 'bidfields/prebid';
console.log(JSON.stringify([typeof createPrebidBidder, typeof registerPrebidBidder]));
`;

export const TYPE_CHECK = `import pbjs from 'prebid.js';
import { createPrebidBidder, registerPrebidBidder, type AdapterRecord, type PrebidBidderSpec } from 'bidfields/prebid';
const record: AdapterRecord = { protocol: 'prebid-js', endpoint: 'https://a.example', cpmField: 'price', bidderCode: 'a', fields: [] };
const spec: PrebidBidderSpec = createPrebidBidder(record, { knownEndpoints: ['a.example'] });
registerPrebidBidder(pbjs, record, { knownEndpoints: ['a.example'] });
export const code: string = spec.code;
`;

/**
 * Creates (afresh) the outside project in `dir`, depending on the repository at `repoRoot`. Its `check.ts` is
 * written only while the type check runs (see `withTypeCheckFile`): this folder is under test/, which the
 * repository's own tsconfig includes.
 */
export function createOutsideProject(dir: string, repoRoot: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  const pkg = {
    name: 'outside-project',
    private: true,
    type: 'module',
    dependencies: { bidfields: `file:${path.relative(dir, repoRoot)}`, 'prebid.js': '^11.0.0' },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  fs.symlinkSync(repoRoot, path.join(dir, 'node_modules', 'bidfields'), 'dir');
  fs.symlinkSync(path.join(repoRoot, 'node_modules', 'prebid.js'), path.join(dir, 'node_modules', 'prebid.js'), 'dir');
  fs.writeFileSync(path.join(dir, 'page.js'), PAGE_ENTRY);
  fs.writeFileSync(path.join(dir, 'check.mjs'), NODE_CHECK);
  const tsconfig = {
    compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: [] },
    files: ['check.ts'],
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
}

/** Runs `check` with the outside project's `check.ts` in place, and removes it afterwards. */
export async function withTypeCheckFile<T>(dir: string, check: () => Promise<T>): Promise<T> {
  const file = path.join(dir, 'check.ts');
  fs.writeFileSync(file, TYPE_CHECK);
  try {
    return await check();
  } finally {
    fs.rmSync(file, { force: true });
  }
}
