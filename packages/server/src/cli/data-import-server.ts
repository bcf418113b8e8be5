/**
 * `bidfields data import FILE --server URL`: loads a file into a running server (`POST /api/data/import`) instead
 * of a data folder, so new data needs no restart. Credentials come from the environment, never the command line
 * (where `ps` would show them): `BIDFIELDS_TOKEN`, else `BIDFIELDS_EMAIL` and `BIDFIELDS_PASSWORD` for a sign-in.
 * The file is streamed; the server checks and keeps it all or nothing, once, as a local import does, and the exit
 * codes and the summary line are the same as a local import's.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { createClient } from 'bidfields/client';
import { ApiError } from 'bidfields/client';
import { ImportRefusedError, uploadEvents, type UploadOptions } from 'bidfields/client';
import { detectFormat } from '../reports/import/read.js';
import { CLI_OPTIONS, importOutcome } from 'bidfields/api';
import { EXIT_INVALID, UsageError, type CliIO } from 'bidfields/cli-commands';
import { summaryLine } from './import-line.js';

/**
 * Uploads `file` to the server at `url`; returns the exit code.
 *
 * @example
 * // BIDFIELDS_EMAIL=admin@example.com BIDFIELDS_PASSWORD=… bidfields data import rows.ndjson --server http://127.0.0.1:8080
 */
export async function importToServer(
  file: string,
  url: string,
  options: { skipInvalid: boolean; force: boolean },
  io: CliIO,
  started: number,
): Promise<number> {
  checkServerUsage(url);
  const done = (code: number, loaded: number, refused: number) => {
    io.stdout(summaryLine(loaded, refused, performance.now() - started));
    return code;
  };
  try {
    const token = await serverToken(url);
    const head = await readHead(file);
    const upload: UploadOptions = { format: detectFormat(file, head), name: basename(file), ...options };
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    const summary = await uploadEvents({ baseUrl: url, token }, body, upload);
    for (const r of summary.refusedRows) io.stderr(`  line ${r.line}: ${r.reason}\n`);
    if (summary.refused > summary.refusedRows.length) io.stderr(`  … and ${summary.refused - summary.refusedRows.length} more\n`);
    const outcome = importOutcome(summary, CLI_OPTIONS);
    if (outcome.sentence) io.stderr(`bidfields data: ${outcome.sentence}\n`);
    return done(outcome.exitCode, summary.loaded, summary.refused);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    for (const issue of error.issues) io.stderr(`  line ${issue.path.slice(1)}: ${issue.message}\n`);
    io.stderr(`bidfields data: ${error.status ? `the server answered ${error.status}: ` : ''}${error.message}\n`);
    return done(EXIT_INVALID, 0, error instanceof ImportRefusedError ? error.refused : 0);
  }
}

/**
 * Throws the usage error of a `--server` run that cannot work: an address that is not http(s), or no credentials.
 *
 * @example
 * checkServerUsage('ftp://x') // throws UsageError
 */
export function checkServerUsage(url: string): void {
  if (!/^https?:\/\/[^/]/i.test(url)) throw new UsageError('--server must be an http:// or https:// address');
  const env = process.env;
  if (!env.BIDFIELDS_TOKEN && !(env.BIDFIELDS_EMAIL && env.BIDFIELDS_PASSWORD)) {
    throw new UsageError('--server needs BIDFIELDS_TOKEN, or BIDFIELDS_EMAIL and BIDFIELDS_PASSWORD, in the environment');
  }
}

/**
 * The token to call the server with: `BIDFIELDS_TOKEN`, else a sign-in with `BIDFIELDS_EMAIL` and
 * `BIDFIELDS_PASSWORD` (checked by {@link checkServerUsage}). Rejects with the sign-in's {@link ApiError}.
 *
 * @example
 * const api = createClient({ baseUrl: url, token: await serverToken(url) })
 */
export async function serverToken(url: string): Promise<string> {
  const env = process.env;
  return env.BIDFIELDS_TOKEN || (await createClient({ baseUrl: url }).signIn(env.BIDFIELDS_EMAIL!, env.BIDFIELDS_PASSWORD!)).token;
}

/** The first bytes of the file, to tell NDJSON from CSV when the name does not. */
async function readHead(file: string): Promise<string> {
  for await (const chunk of createReadStream(file, { start: 0, end: 255, encoding: 'utf8' })) return chunk as string;
  return '';
}
