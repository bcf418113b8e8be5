// The generator (`src/codegen/index.ts`), bundled for Node from the sources into `work` and imported: what
// `npm run size` and `npm run check:prebid-repo` generate with, without a build of the package first.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The generator's exports, bundled into `work/codegen.mjs`. */
export async function loadCodegen(work) {
  const outfile = path.join(work, 'codegen.mjs');
  await build({
    entryPoints: [path.join(root, 'src/codegen/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}
