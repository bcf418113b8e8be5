/** `bidfields enrich`: applies values to a request (docs/spec.md#cli), or each imp's own values to it (docs/spec.md#per-imp). */
import { parseArgs } from 'node:util';
import { compile } from '../../core/compile/index.js';
import { compilePrebidServer } from '../../protocols/prebid-server.js';
import { httpRequests } from './http-requests.js';
import { BidfieldsError } from '../../core/issues.js';
import type { AdapterInput, BidRequest, FieldValues } from '../../core/types.js';
import type { PerImpValues } from '../../core/compiled-adapter.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand } from '../io.js';
import { COMPILE_FLAGS_HELP, compileFlags, compileOptionsFrom, isWrittenAdapterNumber, printIssues, readJsonFile, readJsonStdin, toJson } from './shared.js';

const usage = `Usage: bidfields enrich --adapter FILE --values FILE [--request FILE] [--all-imps] [--http] [--json]
                       [--known-endpoint HOST]... [--allow-local] [--lenient]

Applies entered values to an OpenRTB 2.x bid request and prints the enriched request as JSON.
The request comes from --request or standard input. The input file is never changed.

A values file that holds a JSON array gives each imp its own values: entry i is the values object
of imp[i], or null (that imp is left as it is). Request-level targets (publisher id, site id,
request ext) take the value the imps entered; imps that enter different ones are refused
(conflicting_values). Issues then point at /<i>/<key>.

Options:
  --adapter FILE         adapter record or bare array of field definitions (JSON)
  --values FILE          entered values (JSON): an object keyed by field key (its param, else
                         its name), or an array of such objects (or null), one per imp
  --request FILE         the bid request (JSON); default: standard input
  --all-imps             enrich every imp with the same values, not only imp[0]
                         (not with values per imp)
  --http                 print the HTTP requests an RTB or Prebid Server record sends instead:
                         a JSON list of {method, url, headers, body}, one per request (the
                         record's split and headers applied; needs its endpoint known)
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
      options: {
        adapter: { type: 'string' },
        values: { type: 'string' },
        request: { type: 'string' },
        'all-imps': { type: 'boolean' },
        http: { type: 'boolean' },
        json: { type: 'boolean' },
        ...compileFlags,
      },
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
      const perImp = Array.isArray(values);
      if (perImp && flags['all-imps'])
        throw new UsageError('--all-imps applies one values object to every imp; a values file that holds an array already gives each imp its own');
      const input = adapterInput as AdapterInput;
      const adapter =
        flags.http && !Array.isArray(input) && input.protocol === 'prebid-server'
          ? compilePrebidServer(input, compileOptionsFrom(flags))
          : compile(input, compileOptionsFrom(flags));
      if (flags.http) {
        const sent = httpRequests(adapter, request as BidRequest, values, { allImps: flags['all-imps'] === true });
        const all = [...adapter.warnings, ...sent.warnings];
        if (!sent.ok) return fail(sent.issues, all);
        io.stdout(toJson(flags.json ? { ok: true, requests: sent.requests, warnings: all } : sent.requests, 'the requests') + '\n');
        if (!flags.json) printIssues(io, [], all);
        return EXIT_OK;
      }
      const result = perImp
        ? adapter.safeEnrichImps(request as BidRequest, values as PerImpValues)
        : adapter.safeEnrich(request as BidRequest, values as FieldValues, { allImps: flags['all-imps'] === true });
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
