// One judge: the value checks an in-repository adapter carries (compiled from the plan by
// src/codegen/prebid-repo/value-code.ts into its readParams) against the value rule itself (makeValueJudge), on many
// plans and many values, hostile ones included. Same verdict for every value: refused by both, or accepted by both
// with the same value sent (and, at a target that takes text, the same text); a field not entered takes its
// default, is missing when required, else sends nothing. The emitted TypeScript is transpiled by esbuild and run.
import { transformSync } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { growth, linearBound } from '../support/growth.js';
import { fieldStatements, HELPERS, helpersFor, patternConstants, patternsOf } from '../../src/codegen/prebid-repo/value-code.js';
import { decimalString } from '../../src/core/rules/decimal.js';
import type { FieldPlan } from '../../src/core/plan/field-plan.js';
import { isNotEntered, isRefusal, writtenAt, type ValueVerdict } from '../../src/core/plan/value-judge.js';
import { makeValueJudge, writtenOf } from '../../src/core/plan/value-kinds.js';

type Compiled = (raw: unknown) => { refused: true } | { refused: false; sent: unknown; text?: string };

/** The emitted checks of one field as a function of the raw value (entered under the field's key, as an own key). */
function compiled(field: FieldPlan): Compiled {
  const patterns = patternsOf([field]);
  const helpers = helpersFor([field], ['decimalText']);
  const source = [
    ...helpers.map((helper) => HELPERS[helper]),
    ...patternConstants(patterns),
    'function check(params: Record<string, unknown>) {',
    '  const sent: Record<string, any> = {};',
    '  let value;',
    ...fieldStatements(field, patterns).map((line) => '  ' + line),
    '  return sent;',
    '}',
    'return (raw: unknown) => {',
    `  const result = check({ ${JSON.stringify(field.key ?? field.name)}: raw });`,
    `  if (result === undefined) return { refused: true };`,
    `  const sent = result[${JSON.stringify(field.key ?? field.name)}];`,
    '  return { refused: false, sent, text: typeof sent === "number" ? decimalText(sent) : undefined };',
    '};',
  ].join('\n');
  const { code } = transformSync(source, { loader: 'ts' });
  return new Function(code)() as Compiled;
}

/** What makeValueJudge decides for a raw value, in the same terms. */
function judged(field: FieldPlan, raw: unknown): ReturnType<Compiled> {
  const verdict: ValueVerdict | undefined = isNotEntered(raw) ? field.default : makeValueJudge(field)(raw);
  if (verdict === undefined) return field.required ? { refused: true } : { refused: false, sent: undefined, text: undefined };
  if (isRefusal(verdict)) return { refused: true };
  return { refused: false, sent: verdict, text: typeof verdict === 'number' ? decimalString(verdict) : undefined };
}

const PATTERNS = ['^[a-z0-9-]+$', '^\\d{2,4}$', '', '^\\p{L}+$', '^.$', 'a|b', '^[^"]*$'];
const DECIMALS = [
  ' 1 ',
  '1e3',
  '1.50',
  '9007199254740993',
  '9007199254740992',
  '1e-400',
  '1e400',
  '0x10',
  '-0',
  '+.5',
  '5.',
  '.',
  '1e999',
  '00012',
  '0.000',
  '12345678901234567890',
  '1.7976931348623157e308',
  '5e-324',
  '\t7\n',
  '1_000',
  'Infinity',
  '-',
  'e5',
  '1e',
  '٣',
];
const value = fc.oneof(
  fc.constantFrom(
    ...DECIMALS,
    undefined,
    null,
    '',
    true,
    false,
    'true',
    'false',
    'TRUE',
    {},
    [],
    [1],
    '\u{1F600}',
    '\ud800',
    'é',
    'abc',
    'a"b',
    'a1',
    1e21,
    -1e21,
    1e-7,
    1.5e-10,
    -0,
    NaN,
    Infinity,
    -Infinity,
    2 ** 53,
    0.1,
    1,
    2,
    3,
  ),
  fc.double(),
  fc.integer({ min: -5, max: 5 }),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.double().map(String),
  fc.integer().map((n) => ` ${n} `),
);
const bound = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -5, max: 5, noNaN: true }), fc.constant(1e21));

const plan: fc.Arbitrary<FieldPlan> = fc
  .record(
    {
      type: fc.constantFrom('text', 'number', 'select', 'boolean'),
      to: fc.constantFrom<FieldPlan['to']>([0, 'ext', 'x'], [0, 'tagid'], [1, 'publisher', 'id'], [2, 'ext', 'y']),
      required: fc.constant(true),
      min: bound,
      max: bound,
      integer: fc.constant(true),
      minLength: fc.integer({ min: 0, max: 4 }),
      maxLength: fc.integer({ min: 0, max: 6 }),
      pattern: fc.constantFrom(...PATTERNS),
      options: fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true })), { minLength: 1, maxLength: 4 }),
      defaultRaw: value,
    },
    { requiredKeys: ['type', 'to'] },
  )
  .map(({ type, to, options, defaultRaw, ...rules }) => {
    const field: FieldPlan = { name: 'p', key: 'placementId', to: type === 'boolean' ? [0, 'ext', 'x'] : to, type };
    if (rules.required) field.required = true;
    if (type === 'number' || type === 'select') Object.assign(field, rules.integer && { integer: true });
    if (type === 'number') Object.assign(field, rules.min !== undefined && { min: rules.min }, rules.max !== undefined && { max: rules.max });
    if (type === 'text')
      Object.assign(
        field,
        rules.minLength !== undefined && { minLength: rules.minLength },
        rules.maxLength !== undefined && { maxLength: rules.maxLength },
        rules.pattern !== undefined && { pattern: rules.pattern },
      );
    if (type === 'select') field.options = [...new Set(options)];
    // A default is the value its own rule makes of an entered value (plan/make-field-plan.ts).
    if (defaultRaw !== undefined && !isNotEntered(defaultRaw)) {
      const verdict = makeValueJudge(field)(defaultRaw);
      if (!isRefusal(verdict)) field.default = writtenOf(verdict);
    }
    return field;
  });

describe('the compiled value checks of an in-repository adapter give makeValueJudge’s verdicts', () => {
  it('on random plans and values (hostile decimals, lone surrogates, every JSON kind)', () => {
    fc.assert(
      fc.property(plan, fc.array(value, { minLength: 1, maxLength: 25 }), (field, raws) => {
        const run = compiled(field);
        for (const raw of raws) {
          const want = judged(field, raw);
          const got = run(raw);
          expect(got, `${JSON.stringify(field)} ← ${String(raw)}`).toEqual(want);
          // The value written at the field's target: text at imp.tagid and the inventory ids (decimalText of a number).
          if (!want.refused && want.sent !== undefined && !got.refused) {
            const written = field.to[1] !== 'ext' && typeof got.sent === 'number' ? got.text : got.sent;
            expect(written).toEqual(writtenAt(field.to, want.sent as never));
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('on every decimal the readers must get right, for a number, a select and a text field', () => {
    const fields: FieldPlan[] = [
      { name: 'n', to: [0, 'ext', 'n'], type: 'number' },
      { name: 's', to: [0, 'ext', 's'], type: 'select', options: [0, 1, 1000, 9007199254740992, 0.5] },
      { name: 't', to: [0, 'tagid'], type: 'text', maxLength: 3 },
      { name: 'b', to: [0, 'ext', 'b'], type: 'boolean', required: true },
    ];
    for (const field of fields) {
      const run = compiled(field);
      for (const raw of [
        ...DECIMALS,
        0,
        -0,
        1e21,
        -1.5e-7,
        5e-324,
        1.7976931348623157e308,
        'true',
        false,
        null,
        undefined,
        '',
        {},
        '\u{1F600}\u{1F600}\u{1F600}',
        '\ud800ab',
      ])
        expect(run(raw), `${field.type} ← ${String(raw)}`).toEqual(judged(field, raw));
    }
  });

  it('reads a long value in linear time, with the same verdict (a quadratic regular expression hung the page)', async () => {
    // The reader's decimal test once was /^[+-]?(\d+\.?\d*|\.\d+)…$/ and its digit compare /^0+|0+$/g: both take
    // quadratic time on a long run of digits or zeros (12 s on 80,000 characters). Linear, each takes about 1 ms.
    const run = compiled({ name: 'n', to: [0, 'ext', 'n'], type: 'number' });
    const shapes = [
      (n: number) => '1'.repeat(n) + 'x',
      (n: number) => '1'.repeat(n) + '.5x',
      (n: number) => '1' + '0'.repeat(n) + '1',
      (n: number) => '1' + '0'.repeat(n) + 'x',
      (n: number) => '0'.repeat(n) + '1',
      (n: number) => '1' + '0'.repeat(n),
    ];
    for (const shape of shapes) {
      const raw = shape(100_000);
      expect(run(raw), `${raw.slice(0, 12)}… (${raw.length} characters)`).toEqual(judged({ name: 'n', to: [0, 'ext', 'n'], type: 'number' }, raw));
      expect(await growth(shape, run, 100_000), `${raw.slice(0, 12)}…`).toBeLessThan(linearBound());
    }
  });
});
