/**
 * `generatePrebidAdapter`: a `prebid-js` adapter record becomes, at build time, a Prebid.js bidder adapter. The
 * record is checked in full here, where builds are made. Two targets: `standalone` (the default) writes a module
 * (`<code>BidAdapter.js`) that runs the adapter's checked constants on the shared page runtime
 * (`bidfields/prebid-runtime`) and its Prebid-style doc; `prebid-repo` writes the four files of a pull request to
 * Prebid.js's own repository and docs site (prebid-repo/index.ts): a module on Prebid's ortbConverter that imports
 * nothing but Prebid, its doc, its spec and the bidder's page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BidfieldsError, type Issue } from '../core/issues.js';
import type { AdapterRecord } from '../core/types.js';
import type { PrebidRuntimeOptions } from '../prebid/types.js';
import { adapterModule } from './emit.js';
import { moduleDoc } from './module-doc.js';
import { prebidPlan, type PrebidPlanOptions } from './prebid-plan.js';
import { prebidRepoFiles, prebidRepoIssues, type PrebidRepoOptions } from './prebid-repo/index.js';
import { repoResponseIssues } from './prebid-repo/response-ts.js';

export interface GeneratePrebidAdapterOptions
  extends PrebidPlanOptions, Omit<PrebidRuntimeOptions, 'log'>, Pick<PrebidRepoOptions, 'maintainer' | 'prebidDir'> {
  /**
   * `'standalone'` (default): a module to import next to Prebid.js, on the page runtime. `'prebid-repo'`: the files
   * of a pull request to Prebid.js (module, doc, spec, docs page), paths as in its repository.
   */
  target?: 'standalone' | 'prebid-repo';
  /** The specifier the module imports the page runtime from (standalone). Default `'bidfields/prebid-runtime'`. */
  runtime?: string;
  /** Write the files into this folder (created if missing; prebid-repo files in their repository folders below it). */
  outDir?: string;
}

export interface GeneratedFile {
  /** File name: `<bidderCode>BidAdapter.js` / `.md`; for prebid-repo, its path in the repository (`modules/<code>BidAdapter.ts`, …). */
  name: string;
  text: string;
  /** Where it was written, with `outDir`. */
  path?: string;
}

export interface GeneratedPrebidAdapter {
  bidderCode: string;
  /** The module, then its doc (standalone); module, doc, spec and docs page (prebid-repo). */
  files: [GeneratedFile, GeneratedFile, ...GeneratedFile[]];
}

export type SafeGenerateResult = ({ ok: true } & GeneratedPrebidAdapter) | { ok: false; issues: Issue[] };

/**
 * Checks the record and generates its adapter, without throwing for a bad record: the issues are those
 * `bidfields validate --known-endpoint …` gives, plus `wrong_protocol`, `invalid_endpoint` (no endpoint) and
 * `invalid_gvlid`; for prebid-repo also a bidder code Prebid would refuse (`invalid_bidder_code`) or whose first six
 * characters an adapter of the installed Prebid.js has (`bidder_code_taken`), a field whose key is no identifier
 * (`missing_param`), `missing_maintainer`, `invalid_maintainer` and `prebid_not_found`.
 */
export function safeGeneratePrebidAdapter(record: AdapterRecord | unknown, options: GeneratePrebidAdapterOptions): SafeGenerateResult {
  let checked;
  try {
    checked = prebidPlan(record, { ...options, templates: options.target === 'prebid-repo' });
  } catch (error) {
    // The compact engine that makes the page's constants refuses what validateAdapter takes but it cannot run yet
    // (an endpoint template): an issue, not a crash.
    if (error instanceof BidfieldsError) return { ok: false, issues: [...error.issues] };
    throw error;
  }
  if (!checked.ok) return checked;
  const { plan } = checked;
  const { ttl, currency, netRevenue, withCredentials } = options;
  let files: [GeneratedFile, GeneratedFile, ...GeneratedFile[]];
  if (options.target === 'prebid-repo') {
    const issues = [...prebidRepoIssues(plan.code, plan.fields, options), ...repoResponseIssues(plan)];
    if (issues.length) return { ok: false, issues };
    const { fields, split } = record as AdapterRecord & { split?: 'imp' | 'none' };
    const [module, doc, ...rest] = prebidRepoFiles(plan, fields, split, { ...options, ttl, netRevenue, currency });
    files = [module!, doc!, ...rest];
  } else {
    const runtimeOptions = JSON.parse(JSON.stringify({ ttl, currency, netRevenue, withCredentials })) as PrebidRuntimeOptions;
    const base = `${plan.code}BidAdapter`;
    files = [
      { name: `${base}.js`, text: adapterModule(plan, runtimeOptions, options.runtime) },
      { name: `${base}.md`, text: moduleDoc(plan, (record as AdapterRecord).fields, `${base}.js`) },
    ];
  }
  if (options.outDir !== undefined) {
    for (const file of files) {
      file.path = path.join(options.outDir, file.name);
      fs.mkdirSync(path.dirname(file.path), { recursive: true });
      fs.writeFileSync(file.path, file.text);
    }
  }
  return { ok: true, bidderCode: plan.code, files };
}

/**
 * Checks the record and generates its adapter module and doc (written to `outDir` when given).
 * @throws BidfieldsError with the issues of {@link safeGeneratePrebidAdapter}.
 * @example
 * const { files } = generatePrebidAdapter(record, { knownEndpoints: ['bid.acme.example'], outDir: 'src/adapters' });
 * // src/adapters/acmeBidAdapter.js, src/adapters/acmeBidAdapter.md
 * generatePrebidAdapter(record, { target: 'prebid-repo', knownEndpoints: ['bid.acme.example'], maintainer: 'prebid@acme.example', outDir: 'pr' });
 * // pr/modules/acmeBidAdapter.ts, pr/modules/acmeBidAdapter.md, pr/test/spec/modules/acmeBidAdapter_spec.js, pr/dev-docs/bidders/acme.md
 */
export function generatePrebidAdapter(record: AdapterRecord | unknown, options: GeneratePrebidAdapterOptions): GeneratedPrebidAdapter {
  const result = safeGeneratePrebidAdapter(record, options);
  if (!result.ok) throw new BidfieldsError(result.issues);
  const { ok: _ok, ...generated } = result;
  return generated;
}
