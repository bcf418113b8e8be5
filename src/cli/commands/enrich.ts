/** `bidfields enrich`: applies values to a request (SPEC §6). */
import { parseArgs } from 'node:util';
import { compile } from '../../core/compile.js';
import { BidfieldsError } from '../../core/issues.js';
import type { AdapterInput, BidRequest, FieldValues } from '../../core/types.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand } from '../io.js';
import { COMPILE_FLAGS_HELP, compileFlags, compileOptionsFrom, isWrittenAdapterNumber, printIssues, readJsonFile, readJsonStdin, toJson } from './shared.js';

const usage = `Usage: bidfields enrich --adapter FILE --values FILE [--request FILE] [--all-imps] [--json]
                       [--known-endpoint HOST]... [--allow-local] [--lenient]

Applies entered values to an OpenRTB 2.x bid request and prints the enriched request as JSON.
The request comes from --request or standard input. The input file is never changed.

Options:
  --adapter FILE         adapter record or bare array of field definitions (JSON)
  --values FILE          entered values, an object keyed by field name (JSON)
  --request FILE         the bid request (JSON); default: standard input
  --all-imps             enrich every imp, not only imp[0]
  --json                 machine output: {"ok":true,"request":…,"warnings":[…]} or
                         {"ok":false,"issues":[…],"warnings":[…]}
${COMPILE_FLAGS_HELP}
Warnings (such as both_app_and_site) go to standard error, refused or not.
Exit codes: 0 enriched, 1 invalid input (issues on standard error), 2 usage error.
`;

export const enrichCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values: flags, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { adapter: { type: 'string' }, values: { type: 'string' }, request: { type: 'string' }, 'all-imps': { type: 'boolean' }, json: { type: 'boolean' }, ...compileFlags },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    if (!flags.adapter) throw new UsageError('--adapter FILE is required');
    if (!flags.values) throw new UsageError('--values FILE is required');
    if (!flags.request && io.stdinIsTTY) throw new UsageError('give --request FILE or pipe the request on standard input');
    const fail = (issues: BidfieldsError['issues'], warnings: BidfieldsError['issues'] = []) => {
      if (flags.json) io.stdout(JSON.stringify({ ok: false, issues, warnings }) + '\n');
      else printIssues(io, issues, warnings);
      return EXIT_INVALID;
    };
    try {
      // Every input exactly as written: the request is printed back; values, defaults and option values are
      // written into it (a 20-digit id in a number field is refused, as the value rules refuse its string).
      const adapterInput = readJsonFile(io, flags.adapter, 'adapter', isWrittenAdapterNumber);
      const values = readJsonFile(io, flags.values, 'values', true);
      const request = flags.request ? readJsonFile(io, flags.request, 'request', true) : await readJsonStdin(io, true);
      const adapter = compile(adapterInput as AdapterInput, compileOptionsFrom(flags));
      const result = adapter.safeEnrich(request as BidRequest, values as FieldValues, { allImps: flags['all-imps'] === true });
      const warnings = [...adapter.warnings, ...result.warnings];
      if (!result.ok) return fail(result.issues, warnings);
      if (flags.json) io.stdout(toJson({ ok: true, request: result.request, warnings }, 'the enriched request') + '\n');
      else {
        io.stdout(toJson(result.request, 'the enriched request') + '\n');
        printIssues(io, [], warnings);
      }
      return EXIT_OK;
    } catch (error) {
      if (error instanceof BidfieldsError) return fail([...error.issues], [...error.warnings]);
      throw error;
    }
  },
};
