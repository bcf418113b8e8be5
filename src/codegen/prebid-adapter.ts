/**
 * `generatePrebidAdapter`: a `prebid-js` adapter record becomes, at build time, a Prebid.js bidder adapter
 * module (`<code>BidAdapter.js`) and its Prebid-style doc (`<code>BidAdapter.md`). The record is checked in full
 * here, where builds are made, so the page runs only the adapter's checked constants on the shared page runtime
 * (`bidfields/prebid-runtime`) and pays for no record check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BidfieldsError, type Issue } from '../core/issues.js';
import type { AdapterRecord } from '../core/types.js';
import type { PrebidRuntimeOptions } from '../prebid/types.js';
import { adapterModule } from './emit.js';
import { moduleDoc } from './module-doc.js';
import { prebidPlan, type PrebidPlanOptions } from './prebid-plan.js';

export interface GeneratePrebidAdapterOptions extends PrebidPlanOptions, Omit<PrebidRuntimeOptions, 'log'> {
  /** The specifier the module imports the page runtime from. Default `'bidfields/prebid-runtime'`. */
  runtime?: string;
  /** Write the two files into this folder (created if missing). */
  outDir?: string;
}

export interface GeneratedFile {
  /** File name: `<bidderCode>BidAdapter.js` / `.md`. */
  name: string;
  text: string;
  /** Where it was written, with `outDir`. */
  path?: string;
}

export interface GeneratedPrebidAdapter {
  bidderCode: string;
  /** The ES module, then its doc. */
  files: [GeneratedFile, GeneratedFile];
}

export type SafeGenerateResult = ({ ok: true } & GeneratedPrebidAdapter) | { ok: false; issues: Issue[] };

/**
 * Checks the record and generates its adapter, without throwing for a bad record: the issues are those
 * `bidfields validate --known-endpoint …` gives, plus `wrong_protocol`, `invalid_endpoint` (no endpoint) and
 * `invalid_gvlid`.
 */
export function safeGeneratePrebidAdapter(record: AdapterRecord | unknown, options: GeneratePrebidAdapterOptions): SafeGenerateResult {
  const checked = prebidPlan(record, options);
  if (!checked.ok) return checked;
  const { plan } = checked;
  const { ttl, currency, netRevenue, withCredentials } = options;
  const runtimeOptions = JSON.parse(JSON.stringify({ ttl, currency, netRevenue, withCredentials })) as PrebidRuntimeOptions;
  const base = `${plan.code}BidAdapter`;
  const files: [GeneratedFile, GeneratedFile] = [
    { name: `${base}.js`, text: adapterModule(plan, runtimeOptions, options.runtime) },
    { name: `${base}.md`, text: moduleDoc(plan, (record as AdapterRecord).fields, `${base}.js`) },
  ];
  if (options.outDir !== undefined) {
    fs.mkdirSync(options.outDir, { recursive: true });
    for (const file of files) fs.writeFileSync((file.path = path.join(options.outDir, file.name)), file.text);
  }
  return { ok: true, bidderCode: plan.code, files };
}

/**
 * Checks the record and generates its adapter module and doc (written to `outDir` when given).
 * @throws BidfieldsError with the issues of {@link safeGeneratePrebidAdapter}.
 * @example
 * const { files } = generatePrebidAdapter(record, { knownEndpoints: ['bid.acme.example'], outDir: 'src/adapters' });
 * // src/adapters/acmeBidAdapter.js, src/adapters/acmeBidAdapter.md
 */
export function generatePrebidAdapter(record: AdapterRecord | unknown, options: GeneratePrebidAdapterOptions): GeneratedPrebidAdapter {
  const result = safeGeneratePrebidAdapter(record, options);
  if (!result.ok) throw new BidfieldsError(result.issues);
  const { ok: _ok, ...generated } = result;
  return generated;
}
