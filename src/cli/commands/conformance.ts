/**
 * `bidfields conformance [DIR]`: runs the fixture suite against the library (SPEC §6), its compact engine, or any
 * command line that follows SPEC §6 (`--cli`, how a port in another language is tested).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runSuite } from '../../conformance/run-suite.js';
import type { SuiteResult } from '../../conformance/types.js';
import { bundledFixtures } from '../../conformance/bundled-fixtures.js';
import { libraryImplementation } from '../../conformance/implementations/library.js';
import { compactImplementation } from '../../conformance/implementations/compact.js';
import { cliImplementation } from '../../conformance/implementations/cli.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand } from '../io.js';

const usage = `Usage: bidfields conformance [DIR] [--engine full|compact | --cli CMD] [--filter TEXT] [--verbose] [--json]
       bidfields conformance --api URL --email E --password P [--publisher-email E --publisher-password P]
                             [--start-date D --end-date D] [--quiet]

Runs the conformance fixtures (DIR/cases/**/*.json; default: the fixtures shipped with bidfields)
against the library, or another implementation, and ends with the line 'N passed, N failed'.
A run that checked nothing (no cases, none matching --filter, or every one skipped) says so on
standard error and exits 1: it is no success.

With --api, runs the HTTP checks of the ad server API (SPEC §7: sign-in, auth, reports, errors;
fixtures/api) against the server at URL, signing in as E (an Admin or Service account).

Options:
  --engine E      full (default): the library, every case kind; compact: the engine of the Prebid.js
                  bundle, validate and enrich cases (those about authoring rules are skipped, with why)
  --cli CMD       another implementation's command line, split as a shell would (quotes and backslashes
                  keep spaces: --cli '"./my port/run.sh" --fast'), e.g. 'python3 port.py':
                  each validate and enrich case runs as 'CMD validate FILE --json …' or
                  'CMD enrich --adapter F --values F --request F --json …' (SPEC §6), output and exit
                  code checked; the other case kinds are skipped
  --filter TEXT   run only cases whose name or file contains TEXT
  --verbose       print passing and skipped cases too
  --json          print the results as one JSON object instead of the lines and the summary:
                  {"results":[{"file","name","status","reasons"}…],"passed":N,"failed":N,"skipped":N}
  --api URL       check a server instead of the library
  --email E, --password P                        an Admin or Service account on that server
  --publisher-email E, --publisher-password P    a Publisher account, for the 403 check (skipped without)
  --start-date D, --end-date D                   the report checks' range (default: January 2024)
  --quiet         with --api: print only failing and skipped checks
Exit codes: 0 all passed, 1 a case failed or nothing was checked, 2 usage error.
`;

export const conformanceCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values: flags, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        engine: { type: 'string' },
        cli: { type: 'string' },
        filter: { type: 'string' },
        verbose: { type: 'boolean' },
        json: { type: 'boolean' },
        api: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'publisher-email': { type: 'string' },
        'publisher-password': { type: 'string' },
        'start-date': { type: 'string' },
        'end-date': { type: 'string' },
        quiet: { type: 'boolean' },
      },
    });
    if (flags.api !== undefined) {
      if (!flags.email || !flags.password) throw new UsageError('--api needs --email and --password');
      const { runApiConformance } = await import('../../api-conformance/index.js');
      const publisher = flags['publisher-email'] && flags['publisher-password'] ? { email: flags['publisher-email'], password: flags['publisher-password'] } : undefined;
      const result = await runApiConformance({
        api: flags.api,
        email: flags.email,
        password: flags.password,
        publisher,
        startDate: flags['start-date'],
        endDate: flags['end-date'],
        quiet: flags.quiet,
        fixturesDir: positionals[0] ? path.resolve(io.cwd, positionals[0]) : undefined,
        io,
      });
      return result.failed === 0 ? EXIT_OK : EXIT_INVALID;
    }
    if (positionals.length > 1) throw new UsageError('give at most one DIR');
    const bundled = positionals[0] === undefined ? bundledFixtures('cases') : undefined;
    const root = positionals[0] !== undefined ? path.resolve(io.cwd, positionals[0]) : bundled && path.dirname(bundled);
    if (root === undefined) throw new UsageError('cannot find the bundled fixtures; give DIR');
    if (!fs.existsSync(path.join(root, 'cases'))) throw new UsageError(`no cases/ folder in '${root}'`);
    const engine = flags.engine ?? 'full';
    if (engine !== 'full' && engine !== 'compact') throw new UsageError(`--engine must be full or compact, not '${engine}'`);
    const command = flags.cli === undefined ? undefined : splitCommand(flags.cli);
    if (command !== undefined && flags.engine !== undefined) throw new UsageError('give --engine or --cli, not both');
    if (command !== undefined && command.length === 0) throw new UsageError('--cli needs a command');
    const implementation = command ? cliImplementation(command) : engine === 'full' ? libraryImplementation : compactImplementation;
    const suite = await runSuite(root, implementation, {
      filter: flags.filter,
      onResult: (result) => {
        if (flags.json) return;
        if (result.status === 'failed') io.stdout(`FAIL ${result.file} › ${result.name}\n${result.reasons.map((reason) => `     ${reason}\n`).join('')}`);
        else if (result.status === 'skipped' && flags.verbose) io.stdout(`skip ${result.file} › ${result.name}: ${result.reasons[0]}\n`);
        else if (flags.verbose) io.stdout(`ok   ${result.file} › ${result.name}\n`);
      },
    });
    if (flags.json) io.stdout(JSON.stringify(suite) + '\n');
    else {
      if (suite.skipped > 0) io.stdout(`${suite.skipped} skipped\n`);
      io.stdout(`${suite.passed} passed, ${suite.failed} failed\n`);
    }
    const unchecked = nothingChecked(suite, flags.filter, root);
    if (unchecked) io.stderr(`${unchecked}: nothing was checked\n`);
    return suite.failed === 0 && !unchecked ? EXIT_OK : EXIT_INVALID;
  },
};

/** Why a run checked nothing (no case passed or failed), or undefined when it checked something. */
function nothingChecked(suite: SuiteResult, filter: string | undefined, root: string): string | undefined {
  if (suite.passed + suite.failed > 0) return undefined;
  if (suite.skipped > 0) return `all ${suite.skipped} case(s) were skipped`;
  return filter === undefined ? `no cases in '${path.join(root, 'cases')}'` : `no case matches --filter '${filter}'`;
}

/** Splits a command line the way a POSIX shell splits words: white space separates, quotes and `\\` keep it. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new UsageError(`--cli has an unclosed ${quote}`);
  if (inWord) words.push(word);
  return words;
}
