/**
 * Compares what an implementation answered with what a case expects. Issues and warnings match as multisets of
 * (code, path[, field]); messages are free text and never compared. An expected request is compared deeply,
 * and the differing JSON Pointers are listed so a failure says where, not just that.
 */
import { isEqual } from 'lodash-es';
import { pointer, type Issue } from '../core/issues.js';
import type { ExpectedIssue, Outcome, ResolvedCase } from './types.js';

const key = (found: ExpectedIssue | Issue, withField: boolean) =>
  `${found.code} ${found.path}${withField && found.field !== undefined ? ` [${found.field}]` : ''}`;

/** Differences between expected and actual issue lists, as readable lines. */
function compareIssues(label: string, expected: readonly ExpectedIssue[], actual: readonly Issue[]): string[] {
  const unmatched = [...actual];
  const missing: string[] = [];
  for (const want of expected) {
    const at = unmatched.findIndex((got) => got.code === want.code && got.path === want.path && (want.field === undefined || got.field === want.field));
    if (at === -1) missing.push(key(want, true));
    else unmatched.splice(at, 1);
  }
  return [
    ...missing.map((line) => `${label}: expected ${line}, not found`),
    ...unmatched.map((got) => `${label}: unexpected ${key(got, true)} (${got.message})`),
  ];
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The input with each JSON Pointer set to its value, creating objects on the way (the `set` expectation). */
function applySet(input: unknown, set: Record<string, unknown>): unknown {
  const root = structuredClone(input) as Record<string, unknown>;
  for (const [pointer, value] of Object.entries(set)) {
    const tokens = pointer.split('/').slice(1).map(unescapeToken);
    let node: Record<string, unknown> = root;
    tokens.forEach((token, depth) => {
      if (depth === tokens.length - 1) Object.defineProperty(node, token, { value, enumerable: true, writable: true, configurable: true });
      else {
        if (typeof node[token] !== 'object' || node[token] === null) {
          Object.defineProperty(node, token, { value: {}, enumerable: true, writable: true, configurable: true });
        }
        node = node[token] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** JSON Pointers where two JSON values differ (at most `limit`). */
export function diffPaths(expected: unknown, actual: unknown, path = '', out: string[] = [], limit = 10): string[] {
  if (out.length >= limit || isEqual(expected, actual)) return out;
  const bothObjects =
    typeof expected === 'object' && expected !== null && typeof actual === 'object' && actual !== null && Array.isArray(expected) === Array.isArray(actual);
  if (!bothObjects) {
    out.push(`${path || '/'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
    return out;
  }
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const k of keys) {
    diffPaths((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], path + pointer(k), out, limit);
  }
  return out;
}

/** Why `outcome` does not meet the case's expectation; empty when it does. */
export function checkOutcome(testCase: ResolvedCase, outcome: Outcome): string[] {
  const expect = testCase.expect;
  const reasons: string[] = [];
  if (expect.ok && !outcome.ok) {
    reasons.push(`expected success, got issues: ${outcome.issues.map((found) => `${key(found, true)} (${found.message})`).join('; ')}`);
  } else if (!expect.ok && outcome.ok) {
    reasons.push(`expected issues ${expect.issues.map((want) => key(want, true)).join('; ')}, got success`);
  } else if (!expect.ok && !outcome.ok) {
    reasons.push(...compareIssues('issue', expect.issues, outcome.issues));
    // An answer read with issues still gives the bids it could take (docs/spec.md#read-bids).
    if (testCase.kind === 'read-bids') reasons.push(...diffPaths(expect.bids ?? [], outcome.bids ?? []).map((line) => `bids ${line}`));
  } else if (expect.ok && outcome.ok) {
    // Cases with an input request compare the output with it (whole, or as `set` changes); Prebid cases build
    // their request from bids, so only an explicit `request` is compared.
    const hasInput = testCase.kind === 'enrich' || testCase.kind === 'enrich-imps' || testCase.kind === 'rtb' || testCase.kind === 'prebid-server';
    // Every request sent (values per imp, split) is compared as `requests`; then the input is not the expectation.
    const wanted =
      expect.request !== undefined ? expect.request : hasInput && expect.requests === undefined ? applySet(testCase.request, expect.set ?? {}) : undefined;
    if (wanted !== undefined) reasons.push(...diffPaths(wanted, outcome.request).map((line) => `request ${line}`));
    if (expect.http !== undefined) reasons.push(...diffPaths(expect.http, outcome.http).map((line) => `http ${line}`));
    if (expect.requests !== undefined) reasons.push(...diffPaths(expect.requests, outcome.requests).map((line) => `requests ${line}`));
    if (expect.bids !== undefined || testCase.kind === 'read-bids')
      reasons.push(...diffPaths(expect.bids ?? [], outcome.bids ?? []).map((line) => `bids ${line}`));
  }
  reasons.push(...compareIssues('warning', expect.warnings ?? [], outcome.warnings));
  return reasons;
}
