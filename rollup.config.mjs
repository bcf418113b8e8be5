// Builds dist/: the library entries as ESM (+ CommonJS for require()), and the `bidfields` CLI as ESM with
// its commands in lazily loaded chunks. Runtime dependencies and Node built-ins stay external.
import typescript from '@rollup/plugin-typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import { builtinModules } from 'node:module';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}), ...builtinModules];
const external = (id) => id.startsWith('node:') || externals.some((name) => id === name || id.startsWith(name + '/'));

/** Library entries: name → source. Each is in the exports map of package.json; all but conformance, codegen and
 * cli-commands also as CommonJS (the conformance runner uses lodash-es, which only some Node 20 releases can
 * require(); codegen is a build tool, run from ES module build scripts; cli-commands serves ES module CLIs). */
const entries = { index: 'src/index.ts', client: 'src/client/index.ts', api: 'src/api-contract/index.ts' };
const esmOnly = { conformance: 'src/conformance/index.ts', codegen: 'src/codegen/index.ts', 'cli-commands': 'src/cli/kit.ts' };

const ts = () =>
  typescript({
    tsconfig: './tsconfig.json',
    include: ['src/**/*.ts'],
    exclude: ['test/**', 'scripts/**'],
    declaration: false,
    outDir: undefined,
    noEmitOnError: true,
    noCheck: true,
  });

export default [
  {
    input: { ...entries, ...esmOnly, cli: 'src/cli/bin.ts' },
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
