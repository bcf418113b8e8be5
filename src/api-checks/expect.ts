/**
 * Checks one answer against a check's expectation and returns the reasons it fails (none means it passes). Every
 * 4xx/5xx answer is also held to docs/spec.md#errors whatever the check says: a JSON body `{error:{code,message,issues?}}`
 * and nothing that looks like a stack trace.
 */
import type { ApiCheck } from './fixture.js';
import { rowReasons } from './expect-rows.js';
import { substitute, type Exchange } from './send.js';

const USER_KEYS = ['ID', 'userID', 'createdAt', 'updatedAt', 'DeletedAt', 'accountID', 'name', 'email', 'status', 'role'];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/;
const INTS = ['ID', 'userID', 'accountID', 'status', 'role'];

function errorShapeReasons(answer: Exchange): string[] {
  const error = (answer.json as { error?: Record<string, unknown> } | undefined)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
    return ['the error body is not {"error":{"code","message"}}'];
  }
  const extra = Object.keys(answer.json as object).length !== 1 || Object.keys(error).some((k) => !['code', 'message', 'issues'].includes(k));
  const reasons = extra ? ['the error body has keys besides error.code, error.message, error.issues'] : [];
  // A line break, white space, then `at `: as /\n\s+at / says, but in linear time (that one, tried from each line
  // break of a run of them, read the whole run each time: seconds on a long message from the server under test).
  // Start at the last line break of the white space before `at `: a run of it holds one, not at its end, when
  // the old test held; from there, the rest of the run is white space without a line break, then one more.
  if (/\n[^\S\n]*\sat /.test(error.message)) reasons.push('the error message carries a stack trace');
  if (error.issues !== undefined && !Array.isArray(error.issues)) reasons.push('error.issues is not an array');
  return reasons;
}

function signInReasons(answer: Exchange): string[] {
  const body = answer.json as { token?: unknown; user?: Record<string, unknown> } | undefined;
  const reasons: string[] = [];
  if (typeof body?.token !== 'string' || body.token.split('.').length !== 3) reasons.push('no JWT token in the answer');
  const user = body?.user;
  if (!user || Object.keys(user).sort().join() !== [...USER_KEYS].sort().join()) {
    return [...reasons, `the user record's keys are not exactly ${USER_KEYS.join(', ')}`];
  }
  for (const k of INTS) if (!Number.isInteger(user[k])) reasons.push(`user.${k} is not an integer`);
  for (const k of ['createdAt', 'updatedAt']) if (!ISO_UTC.test(String(user[k]))) reasons.push(`user.${k} is not ISO 8601 UTC with fractional seconds`);
  if (user.DeletedAt !== null && !ISO_UTC.test(String(user.DeletedAt))) reasons.push('user.DeletedAt is neither null nor a timestamp');
  if (typeof user.name !== 'string' || typeof user.email !== 'string') reasons.push('user.name / user.email are not strings');
  if (/password|hash|secret|salt/i.test(JSON.stringify(Object.keys(body)) + JSON.stringify(user)))
    reasons.push('the answer mentions a password, hash or secret');
  return reasons;
}

/**
 * The reasons an answer fails a check.
 *
 * @example
 * evaluate(check, answer, vars, earlierBodies) // ['status 200, expected 401']
 */
export function evaluate(check: ApiCheck, answer: Exchange, vars: Record<string, string>, earlier: Map<string, string>): string[] {
  const { expect } = check;
  const reasons: string[] = [];
  if (answer.status !== expect.status) reasons.push(`status ${answer.status}, expected ${expect.status}`);
  if (answer.status >= 400) reasons.push(...errorShapeReasons(answer));
  for (const [name, pattern] of Object.entries(expect.headers ?? {})) {
    const value = answer.headers.get(name);
    if (value === null || !new RegExp(pattern).test(value)) reasons.push(`header ${name}: ${JSON.stringify(value)} does not match /${pattern}/`);
  }
  if (expect.error) {
    const error = (answer.json as { error?: { code?: string; issues?: { path?: string }[] } } | undefined)?.error;
    if (expect.error.code !== undefined && error?.code !== expect.error.code)
      reasons.push(`error code ${JSON.stringify(error?.code)}, expected ${expect.error.code}`);
    for (const path of expect.error.issuePaths ?? []) {
      if (!error?.issues?.some((i) => i.path === path)) reasons.push(`no issue at path ${JSON.stringify(path)}`);
    }
  }
  if (expect.sameBodyAs !== undefined && earlier.get(expect.sameBodyAs) !== answer.text) {
    reasons.push(`the body differs from that of '${expect.sameBodyAs}'`);
  }
  if (expect.signIn) reasons.push(...signInReasons(answer));
  if (expect.rows) reasons.push(...rowReasons(answer.json, substitute(check.request.body, vars) as never, expect.rows));
  if (expect.csv) {
    const lines = answer.text.split(/\r?\n/).filter((l, i, all) => l !== '' || i < all.length - 1);
    if (expect.csv.header !== undefined && lines[0] !== expect.csv.header)
      reasons.push(`CSV header ${JSON.stringify(lines[0])}, expected ${JSON.stringify(expect.csv.header)}`);
    if (expect.csv.lines !== undefined && lines.length < expect.csv.lines) reasons.push(`${lines.length} CSV lines, expected at least ${expect.csv.lines}`);
    const filename = /filename="([^"]*)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1];
    if (expect.csv.filename !== undefined && filename !== substitute(expect.csv.filename, vars))
      reasons.push(`CSV filename ${JSON.stringify(filename)}, expected ${expect.csv.filename}`);
  }
  return reasons;
}
