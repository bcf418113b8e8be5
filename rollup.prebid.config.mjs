// Browser builds of the Prebid.js bidder module (src/prebid), kept apart from rollup.config.mjs (the Node
// library and CLI). One compile, three files: dist/prebid.js (ESM, the `bidfields/prebid` export, for bundlers),
// dist/prebid.min.js (the same minified: what scripts/size.mjs measures against the 3 KB gzip budget) and
// dist/bidfields-prebid.js (minified IIFE, global `bidfieldsPrebid`, for pages that load Prebid.js from a script
// tag). Self-contained: the core engine is bundled in, nothing is external.
import typescript from '@rollup/plugin-typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const minify = () => terser({ ecma: 2020, compress: { passes: 3 }, format: { comments: false } });

export default {
  input: 'src/prebid/index.ts',
  plugins: [
    nodeResolve({ browser: true }),
    typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts'], exclude: ['test/**', 'scripts/**'], declaration: false, outDir: undefined, noEmitOnError: true, noCheck: true }),
  ],
  output: [
    { file: 'dist/prebid.js', format: 'esm' },
    { file: 'dist/prebid.min.js', format: 'esm', plugins: [minify()] },
    { file: 'dist/bidfields-prebid.js', format: 'iife', name: 'bidfieldsPrebid', plugins: [minify()] },
  ],
};
