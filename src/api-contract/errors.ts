/**
 * The API's error answers (docs/spec.md#errors), as the server writes them and the client reads them: every failure is the
 * JSON body `{ "error": { "code", "message", "issues"? } }`, and callers branch on `code`, never on the message.
 */
import type { Issue } from '../core/issues.js';

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: string; message: string; issues?: Issue[] };
}

/** The codes the server answers with. */
export type ErrorCode =
  | 'bad_request'
  | 'invalid_json'
  | 'invalid_request'
  | 'invalid_credentials'
  | 'unauthorized'
  | 'token_expired'
  | 'invalid_token'
  | 'forbidden'
  | 'not_found'
  | 'version_conflict'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'headers_too_large'
  | 'internal'
  | 'shutting_down'
  | ImportErrorCode;

/** The codes of a refused import (`POST /api/data/import`). */
export type ImportErrorCode = 'invalid_rows' | 'invalid_file' | 'already_imported' | 'import_conflict';
