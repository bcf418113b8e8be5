/**
 * `POST /api/reportv2/` (docs/spec.md#reports), a Fastify plugin: Admin and Service only; the body goes to the report engine,
 * whose rows are sent as JSON or, with `csv: true`, as a CSV download, written a chunk of rows at a time as the
 * connection takes them (`chunked-answer.ts`), never as one string of the whole answer. The token is checked in the route's
 * `onRequest` hook, before the body is read, so an unauthenticated caller cannot make the server parse anything.
 * The engine validates the body (docs/spec.md#issues issues), not a route schema.
 */
import type { FastifyPluginAsync } from 'fastify';
import { REPORT_ROLES } from '../../auth/roles.js';
import type { Sessions } from '../../auth/sessions.js';
import { CSV_CHUNK_ROWS, csvFilename, reportCsvChunks } from '../../reports/csv.js';
import type { ReportEngine } from '../../reports/engine.js';
import { authenticate } from '../authenticate.js';
import { jsonBody } from '../body.js';
import { HttpError } from '../http-error.js';
import { JSON_CHUNK_ROWS, jsonArrayChunks, sendChunks } from '../chunked-answer.js';

/**
 * The report route as a plugin.
 *
 * @example
 * await api.register(reportRoute(services))
 */
export function reportRoute(deps: { sessions: Sessions; reports: ReportEngine }): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/reportv2', { onRequest: async (request) => void (await authenticate(request, deps.sessions, REPORT_ROLES)) }, async (request, reply) => {
      const outcome = await deps.reports.run(jsonBody(request));
      if (!outcome.ok) throw new HttpError(400, 'invalid_request', 'the report request is invalid', outcome.issues);
      const { request: checked, rows } = outcome;
      if (!checked.csv) return sendChunks(reply.type('application/json; charset=utf-8'), jsonArrayChunks(rows), rows.length, JSON_CHUNK_ROWS);
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${csvFilename(checked)}"`);
      return sendChunks(reply, reportCsvChunks(checked, rows), rows.length, CSV_CHUNK_ROWS);
    });
  };
}
