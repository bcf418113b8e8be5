// Builds the two page scripts with rollup, the way a publisher would: Prebid.js 11 from npm is ESM that imports
// one CommonJS package (fun-hooks), so node-resolve (browser field) plus commonjs, nothing else. Prebid's circular
// imports are its own and harmless; those warnings are silenced.
import { rollup, type Plugin, type RollupLog } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjsPlugin from '@rollup/plugin-commonjs';

// The plugin's types describe an ES default export, but sit in a CommonJS-typed package: under NodeNext the
// default import is typed as the module object. At run time (ESM build) it is the function itself.
const commonjsModule = commonjsPlugin as unknown as { default?: () => Plugin };
const commonjs = commonjsModule.default ?? (commonjsPlugin as unknown as () => Plugin);

/** Bundles `input` into one IIFE at `file`. */
export async function bundlePage(input: string, file: string): Promise<void> {
  const bundle = await rollup({
    input,
    plugins: [nodeResolve({ browser: true }), commonjs()],
    onwarn: (warning: RollupLog, warn) => {
      if (warning.code !== 'CIRCULAR_DEPENDENCY' && warning.code !== 'THIS_IS_UNDEFINED') warn(warning);
    },
  });
  await bundle.write({ file, format: 'iife' });
  await bundle.close();
}
