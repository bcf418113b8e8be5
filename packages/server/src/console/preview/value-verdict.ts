/**
 * What the placement preview says of one imp's values when no request is given (a pasted text that is no request):
 * the value rules' issues, and what an endpoint template makes of the values it takes, as the wrappers and the
 * Prebid.js bidder would refuse them (docs/spec.md#endpoint-templates).
 */
import type { BidRequest, CompiledAdapter, Issue } from 'bidfields';

/** A request with nothing in it, to ask an adapter what its endpoint template makes of values when no request is given. */
const BLANK_REQUEST = { id: 'preview', imp: [{ id: '1' }] } as unknown as BidRequest;

/** What a template refuses a value with (the wrappers' codes); the blank request's own issues are none of these. */
const TEMPLATE_CODES = new Set(['invalid_value', 'unknown_endpoint']);

/**
 * The issues of one imp's values with no request: the value rules' (`validateValues`), and an endpoint template's
 * verdict on the values it takes once they pass those rules (`sendable`'s issues at a key they did not give).
 */
export function valueVerdict(adapter: CompiledAdapter, entry: Record<string, unknown>): Issue[] {
  const found = adapter.validateValues(entry);
  if (adapter.endpointTemplate === undefined) return found;
  const sendable = adapter.sendable(BLANK_REQUEST, entry);
  const template = sendable.ok ? [] : sendable.issues.filter((one) => TEMPLATE_CODES.has(one.code) && !found.some((seen) => seen.path === one.path));
  return [...found, ...template.filter((one) => one.field !== undefined)];
}
