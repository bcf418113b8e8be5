/**
 * Loads an NDJSON or CSV file of event rows into a report store: parse, check each row, append the good ones in
 * batches, and count the refused ones by reason. A refused row never stops the import; a summary tells how many
 * rows loaded, how many were refused and why (with the first few line numbers), which is what someone fixing an
 * export needs. Progress is reported in bytes so a caller can draw a bar for big files.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { ReportStore, EventRow } from '../store.js';
import { detectFormat, readCsv, readNdjson } from './read.js';
import { checkImportRow } from './row.js';

/** What an import did. */
export interface ImportSummary {
  loaded: number;
  refused: number;
  /** Refused rows per reason. */
  reasons: Record<string, number>;
  /** The first refused rows, for the message. */
  examples: { line: number; reason: string }[];
}

/** Options of {@link importEvents}. */
export interface ImportOptions {
  /** Called after each batch with the bytes read so far and the file's size. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Rows per append; default 20 000. */
  batchSize?: number;
}

const EXAMPLES = 10;

/**
 * Imports a file into `store`.
 *
 * @example
 * const summary = await importEvents('events.csv', store)
 * console.log(`${summary.loaded} loaded, ${summary.refused} refused`)
 */
export async function importEvents(path: string, store: ReportStore, options: ImportOptions = {}): Promise<ImportSummary> {
  const { onProgress, batchSize = 20_000 } = options;
  const totalBytes = (await stat(path)).size;
  const input = createReadStream(path);
  const lines = detectFormat(path, await readHead(path)) === 'ndjson' ? readNdjson(input) : readCsv(input);
  const summary: ImportSummary = { loaded: 0, refused: 0, reasons: {}, examples: [] };
  let batch: EventRow[] = [];
  const flush = async () => {
    await store.append(batch);
    summary.loaded += batch.length;
    batch = [];
    onProgress?.(input.bytesRead, totalBytes);
  };
  try {
    for await (const parsed of lines) {
      const check = parsed.error ? { ok: false as const, reason: parsed.error } : checkImportRow(parsed.value);
      if (check.ok) {
        batch.push(check.row);
        if (batch.length >= batchSize) await flush();
      } else {
        summary.refused++;
        summary.reasons[check.reason] = (summary.reasons[check.reason] ?? 0) + 1;
        if (summary.examples.length < EXAMPLES) summary.examples.push({ line: parsed.line, reason: check.reason });
      }
    }
    await flush();
  } finally {
    input.destroy();
  }
  return summary;
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
