/** `bidfields validate`: checks an adapter record or a bare field array (docs/spec.md#cli). */
import { parseArgs } from 'node:util';
import { compile } from '../../core/compile/index.js';
import type { AdapterInput } from '../../core/types.js';
import { BidfieldsError, type Issue } from '../../core/issues.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand } from '../io.js';
import { COMPILE_FLAGS_HELP, compileFlags, compileOptionsFrom, isWrittenAdapterNumber, printIssues, readJsonFile } from './shared.js';

const usage = `Usage: bidfields validate FILE [--json] [--known-endpoint HOST]... [--allow-local] [--lenient]

Checks an adapter record or a bare array of field definitions against the schema and the naming,
uniqueness, predefined-name, RTB-prefix, endpoint and CPM-field rules.

Options:
  --json                 machine output: {"ok":…,"issues":[…],"warnings":[…]}
${COMPILE_FLAGS_HELP}
Exit codes: 0 valid, 1 invalid (issues on standard error), 2 usage error.
`;

export const validateCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values: flags, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { json: { type: 'boolean' }, ...compileFlags } });
    if (positionals.length !== 1) throw new UsageError('give exactly one FILE');
    const options = compileOptionsFrom(flags);
    let issues: Issue[];
    let warnings: Issue[] = [];
    let summary = '';
    try {
      // compile throws exactly validateAdapter's issues when there are any, and gives the warnings when not. The
      // file is read exactly, as enrich reads it: a default or option value a double cannot hold is refused.
      const adapter = compile(readJsonFile(io, positionals[0]!, 'adapter', isWrittenAdapterNumber) as AdapterInput, options);
      issues = [];
      warnings = [...adapter.warnings];
      summary = `ok: ${adapter.fields.length} field(s), protocol ${adapter.protocol}\n`;
    } catch (error) {
      if (!(error instanceof BidfieldsError)) throw error;
      issues = [...error.issues];
      warnings = [...error.warnings];
    }
    if (flags.json) io.stdout(JSON.stringify({ ok: issues.length === 0, issues, warnings }) + '\n');
    else {
      printIssues(io, issues, warnings);
      io.stdout(summary);
    }
    return issues.length === 0 ? EXIT_OK : EXIT_INVALID;
  },
};
