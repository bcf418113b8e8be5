/**
 * One pass over an import file: its bytes are hashed (SHA-256, the content's identity for the duplicate check) on
 * their way to the parser, and every line comes out checked, as a row or as a refusal with its line and reason.
 * The importer runs it twice, once to check everything and once to load, and compares the two hashes, so a file
 * that changes in between is not loaded. A parser error (a CSV quoting error, a bad header) is an error of the
 * whole file, {@link ImportFileError}, naming the line.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import type { EventRow } from '../store.js';
import { detectFormat, readCsv, readNdjson } from './read.js';
import { ImportFileError, ImportInterruptedError } from './errors.js';
import { checkImportRow } from 'bidfields/api';

/** A checked line: the row to load, or why it is refused. */
export type ScannedLine = { line: number; row: EventRow; reason?: undefined } | { line: number; reason: string; row?: undefined };

/** A pass over a file; {@link FileScan.hash} is known once {@link FileScan.lines} has been read to the end. */
export interface FileScan {
  lines: AsyncGenerator<ScannedLine>;
  /** The SHA-256 of the bytes read (hex); throws before the end of the file. */
  hash(): string;
  /** Bytes read so far. */
  bytesRead(): number;
}

/**
 * Scans `path`, checking every line; stops with {@link ImportInterruptedError} once `signal` aborts. With
 * `lines: false`, CSV line numbers are only approximate (record numbers), and parsing is faster.
 *
 * @example
 * const scan = await scanFile('events.csv', { signal })
 * for await (const { line, row, reason } of scan.lines) if (reason) console.log(line, reason)
 * scan.hash() // '9f86d0…'
 */
export async function scanFile(path: string, options: { signal?: AbortSignal; lines?: boolean } = {}): Promise<FileScan> {
  const { signal, lines: numbered } = options;
  const format = detectFormat(path, await readHead(path));
  const input = createReadStream(path);
  const digest = createHash('sha256');
  let hash: string | undefined;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      hash = digest.digest('hex');
      done();
    },
  });
  input.on('error', (error) => tap.destroy(error));
  input.pipe(tap);
  async function* lines(): AsyncGenerator<ScannedLine> {
    try {
      for await (const parsed of format === 'ndjson' ? readNdjson(tap) : readCsv(tap, { lines: numbered })) {
        if (signal?.aborted) throw new ImportInterruptedError();
        const check = parsed.error ? { ok: false as const, reason: parsed.error } : checkImportRow(parsed.value);
        yield check.ok ? { line: parsed.line, row: check.row } : { line: parsed.line, reason: check.reason };
      }
      if (signal?.aborted) throw new ImportInterruptedError();
    } catch (error) {
      throw asFileError(error);
    } finally {
      input.destroy();
      tap.destroy();
    }
  }
  return {
    lines: lines(),
    hash: () => {
      if (hash === undefined) throw new Error('the file has not been read to its end');
      return hash;
    },
    bytesRead: () => input.bytesRead,
  };
}

/** csv-parse's errors (quoting, header) become errors of the file, with the line they name. */
function asFileError(error: unknown): unknown {
  const e = error as { code?: unknown; lines?: unknown; message?: string };
  if (error instanceof ImportFileError || typeof e?.code !== 'string') return error;
  if (e.code.startsWith('CSV_')) return new ImportFileError(`CSV error: ${e.message}`, typeof e.lines === 'number' ? e.lines : undefined);
  return error;
}

async function readHead(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(256), 0, 256, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await file.close();
  }
}
