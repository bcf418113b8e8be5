/**
 * The paging check (seed §4.2 rule 3, docs/spec.md#reports): page k of size N uses skip = N × (k − 1) with the same order,
 * and the pages laid end to end must equal one request for the same number of rows — no row twice, none missed.
 * Totals are left out so that only data rows are compared.
 */
import type { CheckRequest } from './fixture.js';
import { authHeader, send, substitute, type RunContext } from './send.js';

/**
 * The reasons paging fails for a report request (empty when it holds).
 *
 * @example
 * await pageReasons(check.request, { size: 5, count: 3 }, ctx) // []
 */
export async function pageReasons(request: CheckRequest, pages: { size: number; count: number }, ctx: RunContext): Promise<string[]> {
  const base = { ...(substitute(request.body, ctx.vars) as Record<string, unknown>), totals: false, csv: false };
  const authorization = authHeader(request.auth ?? 'bearer', ctx) ?? undefined;
  const fetchRows = async (limit: number, skip: number): Promise<unknown[] | string> => {
    const answer = await send({ ...request, body: { ...base, limit: String(limit), skip: String(skip) } }, ctx, authorization);
    return answer.status === 200 && Array.isArray(answer.json) ? answer.json : `status ${answer.status} for limit ${limit} skip ${skip}`;
  };
  const whole = await fetchRows(pages.size * pages.count, 0);
  if (typeof whole === 'string') return [whole];
  const joined: unknown[] = [];
  for (let k = 0; k < pages.count; k++) {
    const page = await fetchRows(pages.size, pages.size * k);
    if (typeof page === 'string') return [page];
    if (page.length > pages.size) return [`page ${k + 1} has ${page.length} rows, more than the limit ${pages.size}`];
    joined.push(...page);
  }
  if (JSON.stringify(joined) !== JSON.stringify(whole)) return ['the pages laid end to end differ from the same rows fetched at once'];
  return [];
}
