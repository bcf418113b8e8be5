/**
 * `POST /api/data/import`: loads event rows into a running server, so new data needs no restart. Admin only; the
 * body is the file (CSV or NDJSON), spooled to a temporary file under a size limit of its own, then imported as
 * `bidfields data import` does, and answered as `api/import-outcome.ts` says. If the client goes away, or the server
 * stops past its grace period, before the answer, the import is aborted. An Admin's upload has no limit on its total
 * time (1 GiB at 10 MB/s takes 100 s), only on silence: no byte for `idleMs` is 408 (`request-deadline.ts`).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { ROLE } from '../../auth/roles.js';
import type { Sessions } from '../../auth/sessions.js';
import { HTTP_OPTIONS, importOutcome } from 'bidfields/api';
import { IMPORT_MEDIA_TYPES, LISTED_REFUSED_ROWS, REFUSED_HEADER, type ImportAnswer, type ImportFormat } from 'bidfields/api';
import type { Issue } from 'bidfields';
import { importEvents } from '../../reports/import/import.js';
import type { EventStore } from '../../reports/store.js';
import { authenticate } from '../authenticate.js';
import { refuseEncodedBodies } from '../body.js';
import { HttpError, SHUTTING_DOWN } from '../http-error.js';
import { limitBodySilence, type BodyWatch } from '../request-deadline.js';

/** Default upload limit: 1 GiB, about 15 million rows of CSV. */
export const DEFAULT_MAX_IMPORT_BYTES = 1024 ** 3;
const MAX_NAME = 200;
const FORMATS = new Map<string, ImportFormat>(Object.entries(IMPORT_MEDIA_TYPES).map(([format, type]) => [type, format as ImportFormat]));
const TRUE = new Set(['true', '1']);
const WRONG_TYPE = new HttpError(415, 'unsupported_media_type', 'send the file as text/csv or application/x-ndjson');

/**
 * The import route as a plugin.
 *
 * @example
 * await app.register(dataImportRoute({ sessions, store, maxBytes: DEFAULT_MAX_IMPORT_BYTES }))
 */
export function dataImportRoute(deps: { sessions: Sessions; store: EventStore; maxBytes: number; idleMs: number }): FastifyPluginAsync {
  const watches = new WeakMap<object, BodyWatch>();
  const tooLarge = new HttpError(413, 'payload_too_large', `the file is larger than ${deps.maxBytes} bytes`, undefined, { Connection: 'close' });
  return async (app) => {
    app.removeAllContentTypeParsers();
    // The body stays a stream: it is spooled to disk below, never held in memory.
    app.addContentTypeParser([...FORMATS.keys()], (_request, payload, done) => done(null, payload));
    // Any other type is this route's 415, not the JSON routes' "the body must be JSON" that Fastify's refusal maps to.
    app.addContentTypeParser('*', (_request, _payload, done) => done(WRONG_TYPE));
    refuseEncodedBodies(app);
    app.post(
      '/api/data/import',
      {
        bodyLimit: deps.maxBytes,
        onRequest: async (request) => {
          await authenticate(request, deps.sessions, [ROLE.admin]);
          if (Number(request.headers['content-length'] ?? 0) > deps.maxBytes) throw tooLarge;
          // Only once the caller is known to be an Admin: anyone else keeps the limit on the whole request.
          watches.set(request.raw, limitBodySilence(request.raw, deps.idleMs));
        },
      },
      async (request, reply) => {
        const format = FORMATS.get((request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase());
        if (!format) throw WRONG_TYPE;
        const query = request.query as Record<string, string | string[] | undefined>;
        const name = single(query, 'name') ?? `upload.${format}`;
        if (name.length === 0 || name.length > MAX_NAME) throw new HttpError(400, 'invalid_request', `name must be 1 to ${MAX_NAME} characters`);
        const [skipInvalid, force] = [TRUE.has(single(query, 'skipInvalid') ?? ''), TRUE.has(single(query, 'force') ?? '')];
        // The answer is this handler's to give once the import has ended. A response that closes or finishes before
        // (the client left, or the server stopping past its grace period told it 503) aborts the import, so that
        // nothing is kept of a file whose sender was not told it was loaded (a retry would count it twice).
        const gone = new AbortController();
        let ended = false;
        const abandon = () => ended || gone.abort();
        reply.raw.once('finish', abandon).once('close', abandon);
        const folder = await mkdtemp(join(tmpdir(), 'bidfields-upload-'));
        try {
          const file = join(folder, `upload.${format}`);
          await spool(request.body as Readable, file, deps.maxBytes, tooLarge, watches.get(request.raw)!);
          const refusedRows: { line: number; reason: string }[] = [];
          const summary = await importEvents(file, deps.store, {
            name,
            skipInvalid,
            force,
            privateFile: true, // spooled above, in a folder of its own
            signal: gone.signal,
            onRefused: (line, reason) => refusedRows.length < LISTED_REFUSED_ROWS && refusedRows.push({ line, reason }),
          }).finally(() => (ended = true));
          const outcome = importOutcome(summary, HTTP_OPTIONS);
          if (summary.status === 'loaded' || summary.status === 'skipped-invalid') {
            const answer: ImportAnswer = {
              status: summary.status,
              loaded: summary.loaded,
              refused: summary.refused,
              refusedRows,
              hash: summary.hash!,
              elapsedMs: Math.round(summary.elapsedMs),
            };
            return answer;
          }
          if (summary.status === 'interrupted') throw SHUTTING_DOWN;
          if (summary.status === 'changed') throw new Error('the spooled upload changed during its import');
          if (summary.status === 'refused') reply.header(REFUSED_HEADER, String(summary.refused));
          const issues: Issue[] | undefined =
            summary.status === 'refused' ? refusedRows.map((r) => ({ code: 'invalid_row', path: `/${r.line}`, message: r.reason })) : undefined;
          throw new HttpError(outcome.httpStatus, outcome.code!, outcome.sentence, issues);
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      },
    );
  };
}

/**
 * Writes the body to `file`, refusing it as soon as it passes `maxBytes`. The request stream is left alone on a
 * refusal (not destroyed), so the 413 can still be sent; its `Connection: close` then ends the connection.
 */
function spool(body: Readable, file: string, maxBytes: number, tooLarge: HttpError, watch: BodyWatch): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let size = 0;
    const stop = (error: Error) => {
      watch.hold(); // a refused body is read and dropped by the lingering close, which has a limit of its own
      body.off('data', onData);
      body.off('end', onEnd);
      body.pause();
      out.destroy();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      watch.arrived();
      size += chunk.length;
      if (size > maxBytes) return stop(tooLarge);
      // While the disk catches up nothing is read, and the client's silence is not its own.
      if (out.write(chunk)) return;
      body.pause();
      watch.hold();
    };
    const onEnd = () => out.end();
    out.on('drain', () => {
      watch.arrived();
      body.resume();
    });
    out.on('error', stop);
    out.on('finish', resolve);
    body.on('error', stop);
    body.on('data', onData);
    body.on('end', onEnd);
  });
}

/** A query parameter given at most once; 400 when it is repeated (`?name=a&name=b`). */
function single(query: Record<string, string | string[] | undefined>, key: string): string | undefined {
  const value = Object.hasOwn(query, key) ? query[key] : undefined;
  if (Array.isArray(value)) throw new HttpError(400, 'invalid_request', `${key} may be given once`);
  return value;
}
