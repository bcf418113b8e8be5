// Builds dist/ of @bidfields/server: the package's entry as ESM (+ CommonJS for require()), its command registry
// (`@bidfields/server/cli`, what `bidfields serve` runs) and the `bidfields-server` executable. bidfields itself,
// the other runtime dependencies and Node built-ins stay external: the server uses the library by its public exports.
import typescript from '@rollup/plugin-typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import { builtinModules } from 'node:module';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}), ...builtinModules];
const external = (id) => id.startsWith('node:') || externals.some((name) => id === name || id.startsWith(name + '/'));

const ts = () =>
  typescript({
    tsconfig: './tsconfig.json',
    include: ['src/**/*.ts'],
    exclude: ['src/console/**'],
    declaration: false,
    outDir: undefined,
    noEmitOnError: true,
    noCheck: true,
  });

export default [
  {
    input: { index: 'src/index.ts', commands: 'src/cli/index.ts', cli: 'src/cli/bin.ts' },
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
    input: { index: 'src/index.ts' },
    external,
    plugins: [nodeResolve(), ts()],
    output: { dir: 'dist', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs', exports: 'named' },
  },
];
