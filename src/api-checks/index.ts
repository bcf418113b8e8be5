/**
 * HTTP conformance of the ad server API (docs/spec.md#server-api): runs the checks of `fixtures/api/*.json` against any server —
 * the reference server in CI, or a team's own ad server — and prints one line per check (`ok`, `FAIL` with its
 * reasons, or `skip` with why) and the closing line `N passed, N failed`. It signs in first with the given Admin
 * or Service account; checks that need a second account (the Publisher 403) are skipped, with the reason, unless
 * one is given.
 */
import { randomUUID } from 'node:crypto';
import { bundledFixtures } from '../conformance/bundled-fixtures.js';
import { evaluate } from './expect.js';
import { loadApiFixtures, type ApiCheck } from './fixture.js';
import { pageReasons } from './pages.js';
import { authHeader, send, type Exchange, type RunContext } from './send.js';

/** Options of {@link runApiConformance}. */
export interface ApiConformanceOptions {
  /** The server's base address, e.g. `http://127.0.0.1:8080`. */
  api: string;
  /** An Admin or Service account. */
  email: string;
  password: string;
  /** Default: the `fixtures/api` shipped with bidfields. */
  fixturesDir?: string;
  /** A Publisher account, for the 403 check; skipped without it. */
  publisher?: { email: string; password: string };
  /** The date range of the report checks; default 2024-01-01 to 2024-01-31 (the demo data's). */
  startDate?: string;
  endDate?: string;
  /** Print only failing and skipped checks (default: one line per check). */
  quiet?: boolean;
  /** Where the report goes (a CLI command's streams, or a test's). */
  io: { stdout(text: string): void; stderr(text: string): void };
}

async function signIn(ctx: RunContext, email: string, password: string): Promise<string | undefined> {
  const answer = await send({ path: '/api/signin/', body: { email, password } }, ctx);
  const token = (answer.json as { token?: unknown } | undefined)?.token;
  return answer.status === 200 && typeof token === 'string' ? token : undefined;
}

type Outcome = { skip: string } | { reasons: string[] };

async function runCheck(check: ApiCheck, ctx: RunContext, earlier: Map<string, string>): Promise<Outcome> {
  const authorization = authHeader(check.request.auth ?? 'none', ctx);
  if (authorization === null) {
    return check.request.auth === 'publisher' ? { skip: 'no publisher account given' } : { reasons: ['the sign-in failed, so there is no token'] };
  }
  let answer: Exchange | undefined;
  for (let i = 0; i < (check.request.repeat ?? 1); i++) {
    answer = await send(check.request, ctx, authorization);
    if (answer.status === check.expect.status) break;
  }
  earlier.set(check.name, answer!.text);
  const reasons = evaluate(check, answer!, ctx.vars, earlier);
  if (check.expect.pages && reasons.length === 0) reasons.push(...(await pageReasons(check.request, check.expect.pages, ctx)));
  return { reasons };
}

/**
 * Runs the HTTP checks; resolves with the counts (skipped checks count in neither).
 *
 * @example
 * const { passed, failed } = await runApiConformance({ api: 'http://127.0.0.1:8080',
 *   email: 'admin@example.com', password: 'demo-admin', io })
 */
export async function runApiConformance(options: ApiConformanceOptions): Promise<{ passed: number; failed: number; skipped: number }> {
  const { io } = options;
  const fixturesDir = options.fixturesDir ?? bundledFixtures('api');
  if (fixturesDir === undefined) throw new Error('cannot find the bundled fixtures/api folder; pass fixturesDir');
  const fixtures = await loadApiFixtures(fixturesDir);
  const ctx: RunContext = {
    api: options.api.replace(/\/+$/, ''),
    vars: {
      email: options.email,
      password: options.password,
      unknownEmail: `conformance-${randomUUID()}@example.invalid`,
      startDate: options.startDate ?? '2024-01-01',
      endDate: options.endDate ?? '2024-01-31',
    },
  };
  const token = await signIn(ctx, options.email, options.password);
  if (token) ctx.token = token;
  else io.stderr('warning: signing in with the given account returned no token; the checks that need one fail\n');
  if (options.publisher) {
    const publisherToken = await signIn(ctx, options.publisher.email, options.publisher.password);
    if (publisherToken) ctx.publisherToken = publisherToken;
    else io.stderr('warning: signing in with the publisher account returned no token; its check is skipped\n');
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const fixture of fixtures) {
    const earlier = new Map<string, string>();
    for (const check of fixture.checks) {
      const label = `${fixture.file} › ${check.name}`;
      const outcome = await runCheck(check, ctx, earlier).catch((error: unknown): Outcome => ({ reasons: [`request failed: ${(error as Error).message}`] }));
      if ('skip' in outcome) {
        skipped++;
        io.stdout(`skip ${label}: ${outcome.skip}\n`);
      } else if (outcome.reasons.length === 0) {
        passed++;
        if (!options.quiet) io.stdout(`ok   ${label}\n`);
      } else {
        failed++;
        io.stdout(`FAIL ${label}\n${outcome.reasons.map((r) => `     ${r}\n`).join('')}`);
      }
    }
  }
  if (skipped > 0) io.stdout(`${skipped} skipped\n`);
  io.stdout(`${passed} passed, ${failed} failed\n`);
  return { passed, failed, skipped };
}
