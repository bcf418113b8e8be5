// Browser builds of the Prebid.js bidder modules (src/prebid), kept apart from rollup.config.mjs (the Node
// library and CLI). The record-taking module: dist/prebid.js (ESM, the `bidfields/prebid` export, for bundlers)
// and dist/bidfields-prebid.js (minified IIFE, global `bidfieldsPrebid`, for pages that load Prebid.js from a
// script tag). Self-contained: the core code they use is bundled in. The page runtime alone,
// dist/prebid-runtime.js (`bidfields/prebid-runtime`), is built by esbuild: scripts/build-runtime.mjs says why.
import { sources } from './scripts/rollup-node.mjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const minify = () => terser({ ecma: 2020, compress: { passes: 3 }, format: { comments: false } });
const plugins = () => [nodeResolve({ browser: true }), sources()];

export default [
  {
    input: 'src/prebid/index.ts',
    plugins: plugins(),
    output: [
      { file: 'dist/prebid.js', format: 'esm' },
      { file: 'dist/bidfields-prebid.js', format: 'iife', name: 'bidfieldsPrebid', plugins: [minify()] },
    ],
  },
];
