/**
 * Compiling a case's adapter on one engine, so the fixtures hold each to the same verdict: `generated`
 * (code generated and run with `new Function`), `module` (that code written as the module `bidfields codegen
 * --target node` writes, imported, and passed back as the `enricher` option) or `interpreter` (`codegen: false`).
 * The adapter must run on the engine asked for, or the case fails: a silent fallback would test the same path twice.
 */
import type { CompiledAdapter } from '../../core/compiled-adapter.js';
import type { EngineKind } from '../../core/source/enricher.js';
import type { CompileOptions, EnricherModule } from '../../core/types.js';

/** Compiles with `make` (which adds the options given to the case's own) on `engine`; undefined: the library's default. */
export async function compileOn(engine: EngineKind | undefined, make: (extra: CompileOptions) => CompiledAdapter): Promise<CompiledAdapter> {
  if (engine === undefined) return make({});
  let adapter: CompiledAdapter;
  if (engine === 'module') {
    // The module as a service would load it: its text, imported as an ES module (a data: URL, no file needed).
    const text = make({ codegen: false }).source();
    const enricher = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as EnricherModule;
    adapter = make({ enricher });
  } else adapter = make({ codegen: engine === 'generated' });
  if (adapter.engine !== engine) throw new Error(`the adapter runs on the ${adapter.engine} engine, not the ${engine} one`);
  return adapter;
}
