/**
 * The writes of the in-repository module (module-ts.ts): each field's and constant's value at each target, as one
 * statement of the converter's `imp` or `request` hook, the typed OpenRTB targets (docs/spec.md#more-openrtb-targets) too: an
 * imp's own keys and its banner's (written only when the imp has a banner, as apply/typed-writes.ts writes it), the
 * request's, and the inventory object's. Every key and value from the record is a JSON literal.
 */
import type { ConstantPlan, FieldPlan, Target } from '../../core/plan/field-plan.js';
import { keyOf } from '../../core/plan/field-plan.js';
import { placeOf, typedKind } from '../../core/definition/names.js';
import type { PrebidPlan } from '../prebid-plan.js';
import { styled } from './styled.js';
import { absentTest } from './steps-code.js';
import { guardNumeric } from '../../core/plan/steps-plan.js';

/**
 * A target that takes text: a predefined one (`imp.tagid`, the inventory's ids) and a typed one of kind `text`
 * (`displaymanager`); a number is written there as its plain decimal.
 */
export const isTextTarget = (to: Target) => (to[0] > 3 ? typedKind(to) === 'text' : to[1] !== 'ext');

/** The expression of a field's sent value at a target (an id's text is its String: it is text or a safe integer). */
function sentAt(field: FieldPlan, to: Target): string {
  const value = `sent[${styled(keyOf(field))}]`;
  if (isTextTarget(to)) return field.type === 'text' ? `${value} as string` : field.type === 'id' ? `String(${value})` : `decimalText(${value} as number)`;
  return value;
}

/**
 * The statement writing `value` at `to`: the imp's (roots 0 and 4; 7 its banner, only when it has one), the inventory
 * object's (1 and 6: `inventory`) or the request's (2 and 5).
 */
function write(to: Target, value: string): string {
  const [root, ...keys] = to;
  const place = placeOf(root);
  const object = place === 'endpoint' ? 'request' : place;
  // The predefined keys (tagid, id) are fixed names; an ext param's keys come from the record, as a literal path.
  if (root < 4 && keys.length === 1 && (keys[0] === 'tagid' || keys[0] === 'id')) return `${object}.${keys[0]} = ${value};`;
  if (root === 7) return `if (isPlainObject(imp.banner)) deepSetValue(imp, ${styled(['banner', ...keys].join('.'))}, ${value});`;
  return `deepSetValue(${object}, ${styled(keys.join('.'))}, ${value});`;
}

/**
 * With `requestValues: "first"` (docs/spec.md#conditions), the test that no earlier bid of the request sent a value for
 * a request-level target (`firstSent` holds the names of those that did, as core/compact/steps.ts keeps them).
 */
const firstSentTest = (first: boolean | undefined, to: Target, name: string): string[] =>
  first && (placeOf(to[0]) === 'request' || placeOf(to[0]) === 'inventory') ? [`!firstSent.has(${styled(name)})`] : [];

/**
 * The statements that note, after a bid's writes, the request-level names it sent (requestValues "first"): its
 * request-level fields and `with` constants with a value, and the record's request-level constants.
 */
export function firstSentNotes(plan: PrebidPlan): string[] {
  const level = (to: Target) => firstSentTest(true, to, '').length > 0;
  const fields = plan.fields.filter((field) => level(field.to)).map((field) => [keyOf(field), field.name] as const);
  const withs = (plan.with ?? []).filter((constant) => level(constant.to)).map((constant) => [constant.if!, constant.name] as const);
  const constants = (plan.constants ?? []).filter((constant) => level(constant.to)).map((constant) => constant.name);
  return [
    ...[...fields, ...withs].map(([key, name]) => `if (sent[${styled(key)}] !== undefined) firstSent.add(${styled(name)});`),
    ...constants.map((name) => `firstSent.add(${styled(name)});`),
  ];
}

/**
 * Every write of the fields and constants at `roots`, as guarded statements; a target written only where the request
 * holds nothing (`when: "absent"`, docs/spec.md#conditions) is tested where it is written, each target by itself.
 */
export function writes(plan: PrebidPlan, roots: readonly number[]): string[] {
  const lines: string[] = [];
  for (const field of plan.fields) {
    const targets = [field.to, ...(field.also ?? [])].filter((to) => roots.includes(to[0]));
    if (!targets.length) continue;
    // A required field, or one with a default, always has a value in valid params: no test. With requestValues
    // "first", a request-level value is the first bid's that has one (firstSentTest).
    const entered = [
      ...(field.required || field.default !== undefined ? [] : [`sent[${styled(keyOf(field))}] !== undefined`]),
      ...firstSentTest(plan.firstValues, field.to, field.name),
    ];
    const guard = entered.length ? `if (${entered.join(' && ')}) ` : '';
    if (field.absent) {
      const numeric = field.type === 'number' || field.type === 'select';
      lines.push(...targets.map((to) => guarded([...entered, absentTest(to, guardNumeric(to, numeric))], write(to, sentAt(field, to)))));
    } else if (targets.length === 1) lines.push(guard + write(targets[0]!, sentAt(field, targets[0]!)));
    else if (guard) lines.push(guard + '{', ...targets.map((to) => '  ' + write(to, sentAt(field, to))), '}');
    else lines.push(...targets.map((to) => write(to, sentAt(field, to))));
  }
  return lines;
}

/** `statement` behind the tests (a banner's own test, `if (…) `, joined to them). */
function guarded(tests: readonly string[], statement: string): string {
  const [, own, rest] = /^if \((.*?)\) (deepSetValue\(.*)$/.exec(statement) ?? [];
  const all = own ? [...tests, own] : tests;
  return all.length ? `if (${all.join(' && ')}) ${own ? rest : statement}` : statement;
}

/**
 * The writes of constants at `roots`; a `with` constant (docs/spec.md#conditions) only when its field has a value, a
 * constant with `when: "absent"` only where the request holds nothing there.
 */
export const constantWrites = (constants: readonly ConstantPlan[], roots: readonly number[], first?: boolean) =>
  constants
    .filter((constant) => roots.includes(constant.to[0]))
    .map((constant) =>
      constant.if === undefined && !constant.absent && !first
        ? write(constant.to, styled(constant.value))
        : guarded(
            [
              ...(constant.if !== undefined ? [`sent[${styled(constant.if)}] !== undefined`] : []),
              ...(constant.absent ? [absentTest(constant.to, guardNumeric(constant.to, typeof constant.value === 'number'))] : []),
              ...firstSentTest(first, constant.to, constant.name),
            ],
            write(constant.to, styled(constant.value)),
          ),
    );
