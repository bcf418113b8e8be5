/**
 * `bidfields codegen --target node FILE [--out F]`: writes the enricher generated from an adapter record as a
 * standalone ES module, for services that forbid `new Function`; `compile(record, { enricher })` takes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BidfieldsError } from '../../core/issues.js';
import { safeGenerateEnricherModule } from '../../codegen/enricher-module.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand } from '../io.js';
import { COMPILE_FLAGS_HELP, compileFlags, compileOptionsFrom, isWrittenAdapterNumber, printIssues, readJsonFile } from './shared.js';

const usage = `Usage: bidfields codegen --target node FILE [--out F] [--params-location imp.ext|imp.ext.prebid.bidder]
                        [--known-endpoint HOST]... [--allow-local] [--lenient]

Checks an adapter record (or bare field array) as 'bidfields enrich' does and writes the code generated
from its field plan as a standalone ES module that imports nothing: the enricher a service that forbids
new Function (or eval) passes to compile, which checks that it was generated from the same record, with
the same options, by the same bidfields: the service imports the module's namespace as enricher (from
'./acme.enricher.js') and calls compile(record, { knownEndpoints, enricher }).

Give the compile options the service uses: those that change where values go (--params-location for a
Prebid Server adapter compiled with compilePrebidServer) change the code.

Options:
  --target node          the platform the module is for (node: an ES module; the only target so far)
  --out F                the file to write, then say so (default: the module on standard output)
  --params-location L    compile as compilePrebidServer with paramsLocation L (imp.ext or imp.ext.prebid.bidder)
${COMPILE_FLAGS_HELP}
Exit codes: 0 written, 1 the record is refused (its issues on standard error), 2 usage error.
`;

export const codegenCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values: flags, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { target: { type: 'string' }, out: { type: 'string' }, 'params-location': { type: 'string' }, ...compileFlags },
    });
    if (flags.target === undefined) throw new UsageError('give --target node');
    if (flags.target !== 'node') throw new UsageError(`--target must be node, not '${flags.target}'`);
    if (positionals.length !== 1) throw new UsageError('give one adapter FILE');
    const location = flags['params-location'];
    if (location !== undefined && location !== 'imp.ext' && location !== 'imp.ext.prebid.bidder')
      throw new UsageError(`--params-location must be imp.ext or imp.ext.prebid.bidder, not '${location}'`);
    const file = positionals[0]!;
    let record: unknown;
    try {
      record = readJsonFile(io, file, 'adapter', isWrittenAdapterNumber);
    } catch (error) {
      if (!(error instanceof BidfieldsError)) throw error;
      printIssues(io, error.issues, error.warnings);
      return EXIT_INVALID;
    }
    const result = safeGenerateEnricherModule(record, { ...compileOptionsFrom(flags), paramsLocation: location, sourceName: path.basename(file) });
    if (!result.ok) {
      printIssues(io, result.issues, result.warnings);
      return EXIT_INVALID;
    }
    if (flags.out === undefined) io.stdout(result.text);
    else {
      const out = path.resolve(io.cwd, flags.out);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, result.text);
      // As prebid-adapter says what it wrote: a run that prints nothing looks like one that did nothing.
      io.stdout(`wrote ${flags.out}\n`);
    }
    return EXIT_OK;
  },
};
