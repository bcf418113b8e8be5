/**
 * Helpers the adapter commands share: reading JSON inputs (a file that is not JSON is an input error, exit 1;
 * a file that cannot be read is a usage error, exit 2), compile options from flags, and printing issues
 * readably (one per line: path, code, message) or as JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BidfieldsError, issue, type Issue } from '../../core/issues.js';
import type { CompileOptions } from '../../core/types.js';
import { UsageError, type CliIO } from '../io.js';

/** Parses JSON text; bad JSON becomes an `invalid_json` issue naming its source. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BidfieldsError([issue('invalid_json', '', `${source} is not valid JSON: ${(error as Error).message}`)]);
  }
}

export function readJsonFile(io: CliIO, file: string, what: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} file '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return parseJson(text, `${what} file '${file}'`);
}

/** Flags shared by `enrich` and `validate` for the definition check. */
export const compileFlags = {
  lenient: { type: 'boolean' },
  'known-endpoint': { type: 'string', multiple: true },
  'allow-local': { type: 'boolean' },
} as const;

export function compileOptionsFrom(values: { lenient?: boolean; 'known-endpoint'?: string[]; 'allow-local'?: boolean }): CompileOptions {
  const options: CompileOptions = {};
  if (values.lenient) options.strict = false;
  if (values['known-endpoint']) options.knownEndpoints = values['known-endpoint'];
  if (values['allow-local']) options.allowLocal = true;
  return options;
}

export function formatIssue(found: Issue, prefix = ''): string {
  const field = found.field !== undefined ? ` [${found.field}]` : '';
  return `${prefix}${found.path === '' ? '(root)' : found.path}  ${found.code}  ${found.message}${field}\n`;
}

export function printIssues(io: CliIO, issues: readonly Issue[], warnings: readonly Issue[]): void {
  for (const found of issues) io.stderr(formatIssue(found));
  for (const found of warnings) io.stderr(formatIssue(found, 'warning: '));
}

export const COMPILE_FLAGS_HELP = `  --lenient              unknown keys in definitions are warnings, not errors
  --known-endpoint HOST  a host the endpoint may point at (repeatable; '*.example.com' for sub-domains)
  --allow-local          accept localhost / IP-literal endpoints named exactly in the known list (tests only)
`;
