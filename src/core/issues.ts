/**
 * Problems as data. Every check in bidfields reports `Issue` objects: a stable `code`, a JSON Pointer `path`
 * into the input the problem concerns, a human `message`, and the `field` name where one applies. The throwing
 * APIs wrap the very same list in a `BidfieldsError`, so callers can pick either style and see the same issues.
 */

/** Issue codes of the behaviour contract (docs/spec.md#issues), plus the codes bidfields adds. */
import { tokenPointer } from './rules/json-pointer.js';

export type IssueCode =
  | 'schema'
  | 'duplicate_name'
  | 'name_conflict'
  | 'unsafe_name'
  | 'unknown_predefined'
  | 'rtb_field_without_prefix'
  | 'duplicate_option'
  | 'unsafe_pattern'
  | 'invalid_default'
  | 'invalid_endpoint'
  | 'unknown_endpoint'
  | 'invalid_cpm_field'
  | 'invalid_bidder_code'
  | 'invalid_media_types'
  | 'wrong_protocol'
  | 'invalid_json'
  | 'missing_required'
  | 'invalid_value'
  | 'out_of_range'
  | 'not_an_option'
  | 'unknown_field'
  | 'invalid_request'
  | 'no_imp'
  | 'no_inventory_object'
  | 'path_conflict'
  | 'duplicate_param'
  | 'conflicting_values'
  | 'missing_one_of'
  | 'limit_exceeded'
  | 'invalid_header'
  | 'header_omitted'
  | 'copy_skipped'
  | 'values_ignored'
  | 'both_app_and_site'
  | 'bad_response'
  | 'invalid_bid'
  | 'bid_field_skipped';

/** One problem (or warning): where it is, what it is, and for which field. */
export interface Issue {
  /** Stable machine-readable code. */
  code: IssueCode | (string & {});
  /** JSON Pointer (RFC 6901) into the input the issue concerns; `""` is the input itself. */
  path: string;
  /** Human-readable explanation. */
  message: string;
  /** The field name the issue is about, when there is one. */
  field?: string;
}

/**
 * The one error class bidfields throws for bad input. It carries every issue found, not only the first.
 *
 * @example
 * try { compile(fields) } catch (e) { if (e instanceof BidfieldsError) console.log(e.issues) }
 */
export class BidfieldsError extends Error {
  readonly issues: readonly Issue[];
  /**
   * Warnings found along with the issues (lenient mode's unknown keys, an enrichment's `both_app_and_site`), so a
   * refusal loses none of them.
   */
  readonly warnings: readonly Issue[];
  constructor(issues: readonly Issue[], warnings: readonly Issue[] = []) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(first ? `${first.path || '/'}: ${first.code}: ${first.message}${more}` : 'invalid input');
    this.name = 'BidfieldsError';
    this.issues = issues;
    this.warnings = warnings;
  }
}

/** Escapes one reference token of a JSON Pointer (RFC 6901 §3). */
export function escapePointerToken(token: string | number): string {
  return tokenPointer(String(token)).slice(1);
}

/** Builds a JSON Pointer from reference tokens. */
export function pointer(...tokens: readonly (string | number)[]): string {
  let out = '';
  for (const t of tokens) out += tokenPointer(String(t));
  return out;
}

/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes each item as an argument, and past about
 * 100,000 of them throws a RangeError (a values object of a million unknown keys has a million issues).
 */
export function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** Makes an issue object, leaving out `field` when there is none. */
export function issue(code: Issue['code'], path: string, message: string, field?: string): Issue {
  return field === undefined ? { code, path, message } : { code, path, message, field };
}
