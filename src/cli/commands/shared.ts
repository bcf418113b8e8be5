/**
 * Helpers the adapter commands share: reading JSON inputs (a file that is not JSON, is over the size limit or
 * holds a number JSON.parse cannot keep is an input error, exit 1; a file that cannot be read is a usage error,
 * exit 2), compile options from flags, and printing issues readably (one per line: path, code, message) or as
 * JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BidfieldsError, issue, pointer, type Issue } from '../../core/issues.js';
import type { CompileOptions } from '../../core/types.js';
import { isExactDecimal } from '../../core/rules/decimal.js';
import { InputTooLarge, MAX_INPUT_BYTES, UsageError, type CliIO } from '../io.js';

const tooLarge = (source: string) => new BidfieldsError([issue('limit_exceeded', '', `${source} is over ${MAX_INPUT_BYTES / 1024 / 1024} MiB`)]);

/** Which numbers of a JSON text must be exact: all of them, or those at the paths a predicate picks. */
export type Exactness = boolean | ((path: readonly (string | number)[]) => boolean);

/**
 * Parses JSON text; bad JSON becomes an `invalid_json` issue naming its source. With `exact`, a number that
 * JSON.parse would change is one too (an integer beyond 2^53, more digits than a double holds, a value beyond
 * the double range or one that rounds to 0): the CLI prints requests back, and a changed bid floor or user id is
 * not "kept"; values, and an adapter's defaults and option values, would be written changed. `exact` may pick
 * the paths that matter ({@link isWrittenAdapterNumber}): an adapter's bounds and unknown keys are never written.
 */
function parseJson(text: string, source: string, exact: Exactness = false): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BidfieldsError([issue('invalid_json', '', `${source} is not valid JSON: ${(error as Error).message}`)]);
  }
  const inexact = exact === false ? undefined : inexactNumber(text, exact === true ? undefined : exact);
  if (inexact !== undefined) {
    const message = `${source} has the number ${inexact.number.slice(0, 40)}, which would be read as a different decimal (a number keeps about 17 significant digits); write it as a string (a long id belongs in a text field)`;
    throw new BidfieldsError([issue('invalid_json', pointer(...inexact.path), message)]);
  }
  return parsed;
}

/**
 * The numbers of an adapter file that are written into requests: each field's `default` and its options'
 * `value`s, in a record (`/fields/…`) or a bare field array.
 */
export function isWrittenAdapterNumber(path: readonly (string | number)[]): boolean {
  const at = path[0] === 'fields' ? 1 : 0;
  const rest = path.slice(at + 1);
  return (
    typeof path[at] === 'number' &&
    (rest.length === 1 ? rest[0] === 'default' : rest.length === 3 && rest[0] === 'options' && typeof rest[1] === 'number' && rest[2] === 'value')
  );
}

/**
 * The first number token of valid JSON text whose value a double does not hold (`9007199254740993` becomes
 * `9007199254740992`, `0.30000000000000000001` becomes `0.3`, `1e400` becomes `null`; `1.50` and `1.5e0` are
 * `1.5`, fine), with its path, if any: the core's {@link isExactDecimal}, the very test the value rules apply to
 * numeric strings. With `where`, only numbers at the paths it picks are tested (the path is then tracked).
 */
export function inexactNumber(
  text: string,
  where?: (path: readonly (string | number)[]) => boolean,
): { number: string; path: (string | number)[] } | undefined {
  const token = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  // The containers around the current position, each with the key or index of the value being read.
  const stack: { array: boolean; key: string | number }[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: skip to its closing quote, stepping over escapes; in an object where a key is due, it is the key.
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
      if (where && expectKey) {
        stack[stack.length - 1]!.key = JSON.parse(text.slice(start, i + 1)) as string;
        expectKey = false;
      }
    } else if (where && (c === 123 || c === 91)) {
      stack.push({ array: c === 91, key: 0 });
      expectKey = c === 123;
    } else if (where && (c === 125 || c === 93)) {
      stack.pop();
      expectKey = false;
    } else if (where && c === 44) {
      const top = stack[stack.length - 1]!;
      if (top.array) (top.key as number)++;
      else expectKey = true;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      token.lastIndex = i;
      const [written] = token.exec(text)!;
      if (!isExactDecimal(written, Number(written))) {
        const path = stack.map((frame) => frame.key);
        if (!where || where(path)) return { number: written, path };
      }
      i += written.length - 1;
    }
  }
  return undefined;
}

/** Reads and parses a JSON file (`exact`: see {@link parseJson}). */
export function readJsonFile(io: CliIO, file: string, what: string, exact: Exactness = false): unknown {
  let text: string;
  try {
    text = readBounded(path.resolve(io.cwd, file), `${what} file '${file}'`);
  } catch (error) {
    if (error instanceof BidfieldsError) throw error;
    throw new UsageError(`cannot read ${what} file '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return parseJson(text, `${what} file '${file}'`, exact);
}

/**
 * A file's text, read in chunks up to the size limit: a pipe or FIFO (`--request /dev/stdin`, `<(cmd)`) has no
 * size to check beforehand, so the bytes are counted as they come.
 */
function readBounded(target: string, source: string): string {
  const fd = fs.openSync(target, 'r');
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1 << 20);
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) return Buffer.concat(chunks).toString('utf8');
      size += read;
      if (size > MAX_INPUT_BYTES) throw tooLarge(source);
      chunks.push(chunk.subarray(0, read));
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads and parses standard input (`exact`: see {@link parseJson}); over the size limit is an input issue. */
export async function readJsonStdin(io: CliIO, exact: Exactness = false): Promise<unknown> {
  let text: string;
  try {
    text = await io.readStdin();
  } catch (error) {
    if (error instanceof InputTooLarge) throw tooLarge('standard input');
    throw error;
  }
  return parseJson(text, 'standard input', exact);
}

/** JSON text of a value, or an issue when it cannot be written (nested deeper than the stack allows). */
export function toJson(value: unknown, what: string): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) throw new BidfieldsError([issue('limit_exceeded', '', `${what} is nested too deeply to be written as JSON`)]);
    throw error;
  }
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

function formatIssue(found: Issue, prefix = ''): string {
  const field = found.field !== undefined ? ` [${found.field}]` : '';
  return `${prefix}${found.path === '' ? '(root)' : found.path}  ${found.code}  ${found.message}${field}\n`;
}

/**
 * Prints issues, then warnings, one a line on standard error; an endpoint whose host is not known is followed by the
 * flag that makes it known, since the library's words cannot name a flag of the command line.
 */
export function printIssues(io: CliIO, issues: readonly Issue[], warnings: readonly Issue[]): void {
  for (const found of issues) io.stderr(formatIssue(found));
  for (const found of warnings) io.stderr(formatIssue(found, 'warning: '));
  if (issues.some((found) => found.code === 'unknown_endpoint'))
    io.stderr(`hint: name the endpoint's host with --known-endpoint HOST (repeatable; '*.example.com' for its sub-domains)\n`);
}

export const COMPILE_FLAGS_HELP = `  --lenient              unknown keys in definitions are warnings, not errors
  --known-endpoint HOST  a host the endpoint may point at (repeatable; '*.example.com' for sub-domains)
  --allow-local          accept localhost / IP-literal endpoints named exactly in the known list (tests only)
`;
