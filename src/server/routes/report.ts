/**
 * `POST /api/reportv2/` (SPEC §7.3): Admin and Service only; the body goes to the report engine, whose rows are
 * sent as JSON or, with `csv: true`, as a CSV download. The token is checked before the body is read, so an
 * unauthenticated caller cannot make the server parse anything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REPORT_ROLES } from '../../auth/roles.js';
import type { TokenService } from '../../auth/token.js';
import { reportCsv } from '../../reports/csv.js';
import type { ReportEngine } from '../../reports/engine.js';
import { authenticate } from '../authenticate.js';
import { readJsonBody } from '../body.js';
import { HttpError } from '../http-error.js';
import { sendCsv, sendJson } from '../respond.js';

/** Handles a report request. */
export async function handleReport(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { tokens: TokenService; reports: ReportEngine },
  maxBodyBytes: number,
): Promise<void> {
  await authenticate(req, deps.tokens, REPORT_ROLES);
  const outcome = await deps.reports.run(await readJsonBody(req, maxBodyBytes));
  if (!outcome.ok) throw new HttpError(400, 'invalid_request', 'the report request is invalid', outcome.issues);
  if (!outcome.request.csv) return sendJson(res, 200, outcome.rows);
  const csv = reportCsv(outcome.request, outcome.rows);
  sendCsv(res, csv.filename, csv.text);
}
