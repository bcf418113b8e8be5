/**
 * The conformance fixture format (schemas/fixture.schema.json) as types, and the one interface every
 * implementation under test provides: the library, the CLI, the protocol wrappers, the built Prebid bundle.
 */
import type { Issue } from '../core/issues.js';
import type { CompileOptions, EnrichOptions } from '../core/types.js';

export interface ExpectedIssue {
  code: string;
  path: string;
  field?: string;
}

/** The HTTP request an implementation would send; its body is compared as `request`. */
export interface HttpExpectation {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
}

export type Expectation =
  | {
      ok: true;
      request?: unknown;
      set?: Record<string, unknown>;
      http?: HttpExpectation | null;
      requests?: SentRequest[];
      bids?: unknown[];
      warnings?: ExpectedIssue[];
    }
  | { ok: false; issues: ExpectedIssue[]; bids?: unknown[]; warnings?: ExpectedIssue[] };

export type CaseKind = 'validate' | 'enrich' | 'enrich-imps' | 'rtb' | 'prebid-server' | 'prebid-js-request' | 'prebid-js-response' | 'read-bids';

export interface FixtureCase {
  name: string;
  spec?: string;
  kind: CaseKind;
  adapter: unknown;
  compileOptions?: Pick<CompileOptions, 'strict' | 'knownEndpoints' | 'allowLocal'>;
  /** Entered values: an object keyed by field key; for `enrich-imps`, one entry per imp (an object or `null`). */
  values?: unknown;
  request?: unknown;
  /** `enrich` (and the protocol kinds) only: `enrich-imps` has no options. */
  options?: Pick<EnrichOptions, 'allImps'>;
  protocolOptions?: { paramsLocation?: 'imp.ext' | 'imp.ext.prebid.bidder' };
  /** prebid-js-*: Prebid.js bid requests for the bidder. */
  bids?: Record<string, unknown>[];
  /** prebid-js-*: the Prebid.js bidderRequest without its bids. */
  bidderRequest?: Record<string, unknown>;
  /**
   * prebid-js-response: the partner's answer body (to the first request sent). read-bids: the answer `{ status, body? }`
   * (to the first request; a body that is no string stands for its JSON text).
   */
  response?: unknown;
  /** prebid-js-response, instead of `response`: one answer body per request sent, in order; read-bids: one answer (or `null`) per request. */
  responses?: unknown[];
  skip?: { implementation: string; reason: string }[];
  expect: Expectation;
}

export interface FixtureFile {
  description: string;
  cases: FixtureCase[];
}

/** A case with its `$file` references resolved, ready to run. */
export interface ResolvedCase extends FixtureCase {
  /** Fixture file path relative to the fixtures root. */
  file: string;
}

/** What an implementation answers for a case. Warnings count on both outcomes. */
/** One HTTP request sent and its body as JSON (docs/spec.md#split-imp: several with split). */
export interface SentRequest {
  http: HttpExpectation;
  request: unknown;
}

export type Outcome =
  | { ok: true; request?: unknown; http?: HttpExpectation | null; requests?: SentRequest[]; bids?: unknown[]; warnings: Issue[] }
  | { ok: false; issues: Issue[]; bids?: unknown[]; warnings: Issue[] };

export interface Implementation {
  /** Name used in `skip` entries. */
  name: string;
  /** The case kinds it implements; other cases are skipped with that reason. */
  kinds: readonly CaseKind[];
  /** Why this implementation does not take a case of a kind it implements (a rule it leaves to another), if so. */
  skips?(testCase: ResolvedCase): string | undefined;
  run(testCase: ResolvedCase): Outcome | Promise<Outcome>;
}

export interface CaseResult {
  file: string;
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** Why it failed, or the skip reason. */
  reasons: string[];
}

export interface SuiteResult {
  results: CaseResult[];
  passed: number;
  failed: number;
  skipped: number;
  /** Why the run stopped before its last case (the implementation cannot run any: {@link CannotRunError}), if it did. */
  stopped?: string;
}

/**
 * Thrown by an implementation that cannot run any case (a command that does not start): the runner records it as the
 * failure of the case at hand and stops, rather than failing every case of the suite alike.
 */
export class CannotRunError extends Error {
  override name = 'CannotRunError';
}
