/**
 * `readParams(bid)` of the in-repository module: the value rule of each field (value-code.ts) run over a bid's params,
 * the one-of groups, and the params this bidder does not take, ignored and logged once; and `paramsOf(bid)`, which
 * keeps what it gave for each valid bid, so that a bid's params are read once (isBidRequestValid, then the hooks).
 */
import type { FieldPlan } from '../../core/plan/field-plan.js';
import { fieldStatements } from './value-code.js';
import { styled } from './styled.js';

/** The statements of the one-of groups (docs/spec.md#one-of): each group needs one key with a value sent (a default counts). */
function oneOfStatements(groups: readonly (readonly string[])[]): string[] {
  return groups.map((keys) => `if (${keys.map((key) => `sent[${styled(key)}] === undefined`).join(' && ')}) return undefined;`);
}

/** The statements of the exactly-one-of groups (docs/spec.md#conditions): each group needs exactly one key with a value sent. */
function exactlyOneOfStatements(groups: readonly (readonly string[])[]): string[] {
  return groups.map((keys) => `if (${styled(keys)}.filter((key) => sent[key] !== undefined).length !== 1) return undefined;`);
}

/**
 * The function `readParams(bid)` of a plan: the values a bid's params send (by key; a param left out has none), or
 * `undefined` when they are refused: a value the rule refuses, params that are no object, or a one-of group none of
 * whose keys has a value (an exactly-one-of group: not exactly one). A bid without params has none entered. A key no field has costs the bid nothing on a page,
 * as Prebid adapters ignore params they do not know: it is ignored, and logged once (`IGNORED_PARAMS`); the library
 * and the CLI keep refusing it (`unknown_field`, docs/spec.md#values).
 */
export function readParamsFunction(
  fields: readonly FieldPlan[],
  oneOf: readonly (readonly string[])[],
  patterns: readonly string[],
  exactlyOneOf: readonly (readonly string[])[] = [],
): string {
  const body = [
    'const params = (bid.params ?? {}) as Record<string, unknown>;',
    'if (!isPlainObject(params)) return undefined;',
    'const sent: SentParams = {};',
    'let value;',
    ...fields.flatMap((field) => fieldStatements(field, patterns)),
    ...oneOfStatements(oneOf),
    ...exactlyOneOfStatements(exactlyOneOf),
    'for (const key of Object.keys(params)) {',
    '  // Every key this bidder takes is in sent (with no value when it sends none).',
    '  if (!{}.hasOwnProperty.call(sent, key) && !IGNORED_PARAMS.has(key)) {',
    '    IGNORED_PARAMS.add(key);',
    '    logWarn(BIDDER_CODE, "param ignored:", key);',
    '  }',
    '}',
    'return sent;',
  ];
  return `/** The bid params this bidder does not take that bids had: each is logged once. */
const IGNORED_PARAMS = new Set<string>();

/**
 * The values a bid's params send (a param not entered takes its default, or sends nothing), or undefined when they
 * are refused: a param's value, or a one-of group with none of its params. Params this bidder does not take are
 * ignored, as Prebid adapters ignore them, and logged once.
 */
function readParams(bid: { params?: unknown }): SentParams | undefined {
${body.map((line) => '  ' + line).join('\n')}
}

/** What readParams gave for each valid bid: isBidRequestValid reads a bid's params once, the converter's hooks take them from here. */
const SENT_PARAMS = new WeakMap<object, SentParams | undefined>();

function paramsOf(bid: { params?: unknown }): SentParams | undefined {
  let sent = SENT_PARAMS.get(bid);
  if (!sent) SENT_PARAMS.set(bid, (sent = readParams(bid)));
  return sent;
}`;
}
