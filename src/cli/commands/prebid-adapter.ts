/** `bidfields prebid-adapter`: generates a Prebid.js bidder adapter module and its doc from a record, at build time. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isCurrency } from '../../core/rules/currency.js';
import { BidfieldsError, type Issue } from '../../core/issues.js';
import { safeGeneratePrebidAdapter, type SafeGenerateResult } from '../../codegen/prebid-adapter.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand } from '../io.js';
import { isWrittenAdapterNumber, printIssues, readJsonFile } from './shared.js';

const usage = `Usage: bidfields prebid-adapter --adapter FILE --known-endpoint HOST… [--out DIR] [--gvlid N]
                               [--target standalone|prebid-repo] [--maintainer EMAIL] [--prebid DIR]
                               [--ttl S] [--currency CUR] [--allow-local] [--json]

Checks a prebid-js adapter record in full (every rule 'bidfields validate' applies, strict mode,
the endpoint against the known hosts) and writes its Prebid.js bidder adapter. A record it refuses
writes nothing.
  --target standalone (default): DIR/<bidderCode>BidAdapter.js, an ES module that registers the
    bidder when imported next to Prebid.js (it imports 'bidfields/prebid-runtime'), and
    DIR/<bidderCode>BidAdapter.md, its Prebid-style module doc.
  --target prebid-repo: the four files of a pull request to Prebid.js, in its layout below DIR:
    modules/<code>BidAdapter.ts (on Prebid's ortbConverter, no import but Prebid's own),
    modules/<code>BidAdapter.md, test/spec/modules/<code>BidAdapter_spec.js, and
    dev-docs/bidders/<code>.md for prebid.github.io. The bidder code must be one Prebid takes
    (lower-case [a-z0-9_], first six characters unlike any adapter of the installed prebid.js).

Options:
  --adapter FILE         the adapter record (protocol prebid-js, endpoint, cpmField, bidderCode)
  --known-endpoint HOST  a host the endpoint may point at (repeatable; '*.example.com' for sub-domains)
  --out DIR              where to write the files (default: the current folder)
  --target T             standalone (default) or prebid-repo
  --maintainer EMAIL     prebid-repo, required: the maintainer's e-mail for the module doc
  --prebid DIR           prebid-repo: a Prebid.js checkout to check the bidder code against
                         (default: the installed prebid.js package)
  --gvlid N              the partner's IAB Global Vendor List ID (needed under Prebid's tcfControl)
  --ttl S                bid lifetime in seconds when a bid has no exp (default 300)
  --currency CUR         currency asked for and assumed for answers without cur (default USD)
  --allow-local          accept localhost / IP-literal endpoints named exactly in the known list (tests only)
  --json                 machine output: {"ok":…,"issues":[…],"files":[…]}
Exit codes: 0 written, 1 refused (the issues 'bidfields validate' prints, on standard error), 2 usage error.
`;

/** A flag that must be a positive integer (`--ttl`), as a number. */
function positiveInteger(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) throw new UsageError(`${flag} must be a positive integer, not '${text}'`);
  return Number(text);
}

export const prebidAdapterCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values: flags, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        adapter: { type: 'string' },
        'known-endpoint': { type: 'string', multiple: true },
        out: { type: 'string' },
        gvlid: { type: 'string' },
        target: { type: 'string' },
        maintainer: { type: 'string' },
        prebid: { type: 'string' },
        ttl: { type: 'string' },
        currency: { type: 'string' },
        'allow-local': { type: 'boolean' },
        json: { type: 'boolean' },
      },
    });
    if (flags.adapter === undefined || positionals.length) throw new UsageError('give --adapter FILE');
    const target = flags.target ?? 'standalone';
    if (target !== 'standalone' && target !== 'prebid-repo') throw new UsageError(`--target must be standalone or prebid-repo, not '${target}'`);
    if (target === 'standalone' && (flags.maintainer !== undefined || flags.prebid !== undefined))
      throw new UsageError('--maintainer and --prebid go with --target prebid-repo');
    if (flags.currency !== undefined && !isCurrency(flags.currency)) throw new UsageError(`--currency must be a three-letter code, not '${flags.currency}'`);
    const ttl = positiveInteger('--ttl', flags.ttl);
    // A GVL ID that is not a positive integer is an issue of the input (invalid_gvlid), as in createPrebidBidder.
    const gvlid = flags.gvlid === undefined ? undefined : /^\d+$/.test(flags.gvlid) ? Number(flags.gvlid) : NaN;
    let record: unknown;
    try {
      // Read exactly, as validate reads it: a default or option value a double cannot hold is refused.
      record = readJsonFile(io, flags.adapter, 'adapter', isWrittenAdapterNumber);
    } catch (error) {
      if (!(error instanceof BidfieldsError)) throw error;
      return finish({ ok: false, issues: [...error.issues] });
    }
    return finish(
      safeGeneratePrebidAdapter(record, {
        knownEndpoints: flags['known-endpoint'] ?? [],
        allowLocal: flags['allow-local'],
        gvlid,
        ttl,
        currency: flags.currency,
        target,
        maintainer: flags.maintainer,
        prebidDir: flags.prebid === undefined ? undefined : path.resolve(io.cwd, flags.prebid),
        outDir: path.resolve(io.cwd, flags.out ?? '.'),
      }),
    );

    /** A written file's path as the user would type it: relative to the working folder when inside it. */
    function shown(file: string): string {
      const relative = path.relative(io.cwd ?? process.cwd(), file);
      return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
    }

    function finish(result: SafeGenerateResult): number {
      const issues: Issue[] = result.ok ? [] : result.issues;
      if (flags.json) io.stdout(JSON.stringify({ ok: result.ok, issues, files: result.ok ? result.files.map((file) => file.path) : [] }) + '\n');
      else if (result.ok)
        for (const file of result.files) io.stdout(`wrote ${shown(file.path!)}\n`); // written: outDir was given
      else printIssues(io, issues, []);
      return result.ok ? EXIT_OK : EXIT_INVALID;
    }
  },
};
