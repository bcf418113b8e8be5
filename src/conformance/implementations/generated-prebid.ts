/**
 * Adapters generated at build time as a conformance implementation, for the Prebid cases: each case's record is
 * generated into an adapter module (`safeGeneratePrebidAdapter`, the full build-time check), written to a
 * temporary folder, imported, and its exported spec is run as Prebid's bidderFactory runs one (./prebid.ts). A
 * record the generator refuses answers with the generator's issues. The generated module imports the page
 * runtime from `runtime`: by default the built `bidfields/prebid-runtime` of this package.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { safeGeneratePrebidAdapter } from '../../codegen/prebid-adapter.js';
import type { PrebidBidderSpec } from '../../prebid/types.js';
import type { Implementation, Outcome, ResolvedCase } from '../types.js';
import { runSpec } from './prebid.js';

/** The built page runtime of this package, as a URL a generated module can import from anywhere. */
function builtRuntime(): string {
  return import.meta.resolve('bidfields/prebid-runtime');
}

let imported = 0;

/**
 * @param runtime the specifier generated modules import the page runtime from (an absolute `file:` URL, since
 * they are written to a temporary folder). Default: {@link builtRuntime}.
 * @example const outcome = await runCase(generatedPrebidImplementation(), testCase);
 */
export function generatedPrebidImplementation(runtime?: string, name = 'prebid-generated'): Implementation {
  return {
    name,
    kinds: ['prebid-js-request', 'prebid-js-response'],
    async run(testCase: ResolvedCase): Promise<Outcome> {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-generated-'));
      // A generated bidder logs through console.warn (it has no log option): quiet while the case runs.
      const warn = console.warn;
      console.warn = () => {};
      try {
        const generated = safeGeneratePrebidAdapter(testCase.adapter, {
          knownEndpoints: [],
          ...testCase.compileOptions,
          runtime: runtime ?? builtRuntime(),
          outDir: dir,
        });
        if (!generated.ok) return { ok: false, issues: generated.issues, warnings: [] };
        // A query makes each import a new module instance, whatever file name the bidder code gives.
        const { spec } = (await import(`${pathToFileURL(generated.files[0].path!).href}?case=${++imported}`)) as { spec: PrebidBidderSpec };
        return runSpec(spec, testCase);
      } finally {
        console.warn = warn;
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
