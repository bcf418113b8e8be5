/**
 * The HTTP check fixtures (`fixtures/api/*.json`, shape in `schemas/api-fixture.schema.json`): loading them and
 * the types the runner works with. The schema is the full contract and a test validates every fixture against it;
 * the loader here only checks what the runner relies on, so the shipped CLI needs no schema validator at run time.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The Authorization header a check sends. */
export type AuthMode = 'none' | 'bearer' | 'bare' | 'malformed' | 'forged' | 'alg-none' | 'publisher';

/** The request of a check. */
export interface CheckRequest {
  method?: string;
  path: string;
  auth?: AuthMode;
  contentType?: string;
  body?: unknown;
  bodyText?: string;
  bodyBytes?: number;
  repeat?: number;
}

/** Checks on the rows of a JSON report answer. */
export interface RowsExpectation {
  columns?: true;
  totalsFirst?: true;
  derived?: true;
  sorted?: true;
  filtersHold?: true;
  unique?: true;
  maxRows?: number;
}

/** What a check expects. */
export interface CheckExpectation {
  status: number;
  headers?: Record<string, string>;
  error?: { code?: string; issuePaths?: string[] };
  sameBodyAs?: string;
  signIn?: true;
  rows?: RowsExpectation;
  csv?: { header?: string; lines?: number; filename?: string };
  pages?: { size: number; count: number };
}

/** One HTTP check. */
export interface ApiCheck {
  name: string;
  spec?: string;
  request: CheckRequest;
  expect: CheckExpectation;
}

/** A fixture file. */
export interface ApiFixture {
  file: string;
  description: string;
  checks: ApiCheck[];
}

/**
 * Loads every `*.json` in `dir`, sorted by name.
 *
 * @example
 * const fixtures = await loadApiFixtures('fixtures/api')
 */
export async function loadApiFixtures(dir: string): Promise<ApiFixture[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const fixtures: ApiFixture[] = [];
  for (const file of files) {
    const data = JSON.parse(await readFile(join(dir, file), 'utf8')) as Partial<ApiFixture>;
    if (!Array.isArray(data.checks) || typeof data.description !== 'string') {
      throw new Error(`${file}: not an API fixture file (see schemas/api-fixture.schema.json)`);
    }
    for (const [i, c] of data.checks.entries()) {
      if (typeof c?.name !== 'string' || typeof c.request?.path !== 'string' || typeof c.expect?.status !== 'number') {
        throw new Error(`${file}: check ${i} needs name, request.path and expect.status`);
      }
    }
    fixtures.push({ file, description: data.description, checks: data.checks });
  }
  return fixtures;
}
