// The Node build both packages share (rollup.config.mjs, packages/server/rollup.config.mjs), and how every build
// reads the TypeScript sources (`sources`, for the page bundles too): a package's entries as
// ESM, with its executable (`cli`, given a shebang) and its lazily loaded commands in chunks, and the entries that
// `require()` may load as CommonJS too. The package's runtime dependencies and Node built-ins stay external, so
// neither package bundles another's code: the server reaches the library through its exports.
import typescript from '@rollup/plugin-typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import { builtinModules } from 'node:module';
import fs from 'node:fs';

/**
 * The TypeScript sources of a package as rollup reads them (no type check: `tsc` checks them in `npm test`).
 * @param {{ include?: string[], exclude?: string[] }} options
 */
export function sources({ include = ['src/**/*.ts'], exclude = [] } = {}) {
  return typescript({
    tsconfig: './tsconfig.json',
    include,
    exclude: ['test/**', 'scripts/**', ...exclude],
    declaration: false,
    outDir: undefined,
    noEmitOnError: true,
    noCheck: true,
  });
}

/**
 * @param {{ packageJson: URL, entries: Record<string, string>, esmOnly?: Record<string, string>, exclude?: string[] }} options
 * `entries` also as CommonJS; `esmOnly` (and `cli`, the executable) only as ESM.
 */
export function nodeBuilds({ packageJson, entries, esmOnly = {}, exclude = [] }) {
  const pkg = JSON.parse(fs.readFileSync(packageJson, 'utf8'));
  const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}), ...builtinModules];
  const external = (id) => id.startsWith('node:') || externals.some((name) => id === name || id.startsWith(name + '/'));
  const ts = () => sources({ exclude });
  return [
    {
      input: { ...entries, ...esmOnly },
      external,
      plugins: [nodeResolve(), ts()],
      output: {
        dir: 'dist',
        format: 'esm',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
      },
    },
    {
      input: entries,
      external,
      plugins: [nodeResolve(), ts()],
      output: { dir: 'dist', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs', exports: 'named' },
    },
  ];
}
