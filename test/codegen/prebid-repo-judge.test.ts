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
  // A default is written as it is (a list's or JSON value's is an object, which no verdict of the judge is).
  const verdict: ValueVerdict | undefined = isNotEntered(raw) ? (field.default === undefined ? undefined : () => field.default!) : makeValueJudge(field)(raw);
  if (verdict === undefined) return field.required ? { refused: true } : { refused: false, sent: undefined, text: undefined };
  if (isRefusal(verdict)) return { refused: true };
  const sent = writtenOf(verdict);
  return { refused: false, sent, text: typeof sent === 'number' ? decimalString(sent) : undefined };
}

/** The compiled checks of a field give the judge's verdict on each raw value, and write the same value at its target. */
function agrees(field: FieldPlan, raws: readonly unknown[]): void {
  const run = compiled(field);
  for (const raw of raws) {
    const want = judged(field, raw);
    const got = run(raw);
    expect(got, `${JSON.stringify(field)} ← ${typeof raw === 'string' ? raw.slice(0, 40) : String(typeof raw)}`).toEqual(want);
    // The value written at the field's target: text at imp.tagid and the inventory ids (decimalText of a number).
    if (!want.refused && want.sent !== undefined && !got.refused) {
      const written = field.to[1] !== 'ext' && typeof got.sent === 'number' ? got.text : got.sent;
      expect(written).toEqual(writtenAt(field.to, want.sent as never));
    }
  }
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

/** The target and rules of a generated plan, each left out at random. */
const RULES = {
  to: fc.constantFrom<FieldPlan['to']>([0, 'ext', 'x'], [0, 'tagid'], [1, 'publisher', 'id'], [2, 'ext', 'y']),
  required: fc.constant(true),
  min: bound,
  max: bound,
  integer: fc.constant(true),
  minLength: fc.integer({ min: 0, max: 4 }),
  maxLength: fc.integer({ min: 0, max: 6 }),
  pattern: fc.constantFrom(...PATTERNS),
};

const plan: fc.Arbitrary<FieldPlan> = fc
  .record(
    {
      type: fc.constantFrom('text', 'number', 'select', 'boolean'),
      ...RULES,
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
        agrees(field, raws);
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

// Lists, JSON values and ids (docs/spec.md#lists-json-ids): the readers readList, readJson and readId.

/** A value nested `levels` arrays and objects deep. */
const nested = (levels: number, inner: unknown = 1): unknown => (levels ? nested(levels - 1, levels % 2 ? [inner] : { k: inner }) : inner);
const cycle: Record<string, unknown> = { a: 1 };
cycle.self = cycle;
const sharedLeaf = { x: 1 };
/** A proxy that throws on every operation, `Array.isArray` included. */
function revokedProxy(target: object): object {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}
const getter = Object.defineProperty({}, 'g', { get: () => [1], enumerable: true });
/** Hostile JSON values: prototype keys at depth (as JSON.parse makes them), depth and size at and past the bounds. */
const HOSTILE_JSON = [
  JSON.parse('{"__proto__": {"x": 1}}'),
  JSON.parse('{"a": [{"b": {"__proto__": 1}}]}'),
  JSON.parse('[[[{"constructor": {}}]]]'),
  { prototype: 1 },
  { a: { constructor: 'x' } },
  Object.assign(Object.create(null), { a: 1 }),
  Object.assign(Object.create(null), { constructor: 1 }),
  nested(31),
  nested(32),
  nested(33),
  nested(31, { a: [] }),
  'é'.repeat(2046),
  'é'.repeat(2047),
  '\u{1F600}'.repeat(1023),
  'a'.repeat(4094),
  'a'.repeat(4095),
  Array(4095).fill(0),
  Array(4096).fill(0),
  Array(2000).fill(1),
  Array(3),
  Array(1e9),
  [1, , 2],
  [null],
  { a: null },
  { a: undefined },
  { f: () => 1 },
  { n: NaN },
  [Infinity],
  new Date(0),
  new Map(),
  /re/,
  new (class Point {
    x = 1;
  })(),
  Object(1),
  1n,
  Symbol('s'),
  () => 1,
  cycle,
  [sharedLeaf, sharedLeaf],
  new Proxy([1, 2], {}),
  new Proxy({ a: 1 }, {}),
  getter,
  { toJSON: () => 1 },
  { '': 0, 'a b': [true, false, 'x'] },
  0,
  -0,
  1e21,
  'null',
  '{"a":1}',
  true,
];
const jsonValue = fc.oneof(
  fc.constantFrom(...HOSTILE_JSON),
  fc.jsonValue({ maxDepth: 4 }),
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBoxedValues: true }),
);

/** Hostile lists: comma text with empty items and spaces, sparse and huge arrays, items of every kind. */
const LIST_CONSTANTS: unknown[] = [
  'a,,b',
  ',',
  ' , ',
  'a,',
  ',a',
  ' a , b ',
  '1, 2,3 ',
  [1, , 2],
  Array(3),
  Array(1e9),
  Array(1000).fill('1'),
  Array(1001).fill('1'),
  Array(1000).fill('1').join(','),
  Array(1001).fill('1').join(','),
  [null],
  [undefined],
  [''],
  [' '],
  [[1]],
  [{}],
  [true],
  [NaN],
  [1e21, -1e-7],
  new Proxy(['1', '2'], {}),
  { 0: 'a', length: 1 },
  1,
  true,
  {},
];

/** Lists: arrays of any value, comma strings (empty items, spaces), sparse and huge arrays. */
const ITEMS = [' a ', 'a', '', ' ', 'abc', '1', ' 2 ', '1e3', '-0', 'x y', '\u{1F600}', '٣', '9007199254740993'];
const listValue = fc.oneof(
  fc.array(value, { maxLength: 5 }),
  fc.array(fc.constantFrom(...ITEMS, ...DECIMALS), { maxLength: 6 }).map((items) => items.join(',')),
  fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 6 }),
  fc.constantFrom(...LIST_CONSTANTS),
);

/** Ids: text, safe integers and those just past them, and what is neither. */
const idValue = fc.oneof(
  value,
  fc.integer(),
  fc.constantFrom(2 ** 53 - 1, 2 ** 53, -(2 ** 53 - 1), -(2 ** 53), 1.5, -0, 1e21, ' ', '007', '\u{1F600}\u{1F600}', [], {}, [1]),
);

const kindPlan: fc.Arbitrary<FieldPlan> = fc
  .record(
    {
      type: fc.constantFrom('list', 'json', 'id'),
      items: fc.constantFrom('text', 'number'),
      ...RULES,
      minItems: fc.integer({ min: 0, max: 3 }),
      maxItems: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(1000)),
      defaultRaw: fc.oneof(value, listValue, jsonValue),
    },
    { requiredKeys: ['type', 'items', 'to'] },
  )
  .map(({ type, items, to, defaultRaw, ...rules }) => {
    // Lists and JSON values go to ext targets only; an id anywhere.
    const field: FieldPlan = { name: 'p', key: 'placementId', to: type === 'id' || to[1] === 'ext' ? to : [0, 'ext', 'x'], type };
    const pick = (keys: (keyof typeof rules)[]) => {
      for (const key of keys) if (rules[key] !== undefined) Object.assign(field, { [key]: rules[key] });
    };
    pick(['required']);
    if (type === 'list') {
      field.items = items as 'text' | 'number';
      pick(['minItems', 'maxItems', ...(items === 'number' ? (['min', 'max', 'integer'] as const) : (['minLength', 'maxLength', 'pattern'] as const))]);
    }
    if (type === 'id') pick(['maxLength', 'pattern']);
    if (defaultRaw !== undefined && !isNotEntered(defaultRaw)) {
      const verdict = makeValueJudge(field)(defaultRaw);
      if (!isRefusal(verdict)) field.default = writtenOf(verdict);
    }
    return field;
  });

const valuesOf = (field: FieldPlan) => (field.type === 'list' ? listValue : field.type === 'json' ? jsonValue : idValue);

describe('the compiled list, JSON and id checks give makeValueJudge’s verdicts and values', () => {
  it('on random plans and values (prototype keys at depth, sparse and huge arrays, unsafe integers, empty items)', () => {
    fc.assert(
      fc.property(
        kindPlan.chain((field) => fc.tuple(fc.constant(field), fc.array(valuesOf(field), { minLength: 1, maxLength: 25 }))),
        ([field, raws]) => agrees(field, raws),
      ),
      { numRuns: 1000 },
    );
  });

  it('on every hostile value, for each kind of field', () => {
    const fields: FieldPlan[] = [
      { name: 'j', to: [0, 'ext', 'j'], type: 'json' },
      { name: 't', to: [0, 'ext', 't'], type: 'list', items: 'text', maxLength: 3 },
      { name: 'n', to: [2, 'ext', 'n'], type: 'list', items: 'number', integer: true, min: 0, maxItems: 1000 },
      { name: 'i', to: [0, 'tagid'], type: 'id', maxLength: 16, pattern: '^\\w+$' },
    ];
    const raws = [...HOSTILE_JSON, ...LIST_CONSTANTS, revokedProxy([]), revokedProxy({}), 2 ** 53 - 1, 2 ** 53, -0, 1.5, '', null, undefined];
    for (const field of fields) agrees(field, raws);
  });

  it('checks the JSON copy again: a getter that gives a prototype key on its second read is refused', () => {
    const field: FieldPlan = { name: 'j', to: [0, 'ext', 'j'], type: 'json' };
    const flip = () => {
      let reads = 0;
      return Object.defineProperty({}, 'g', { get: () => (reads++ ? JSON.parse('{"__proto__": 1}') : 1), enumerable: true });
    };
    expect(judged(field, flip())).toEqual({ refused: true });
    expect(compiled(field)(flip())).toEqual({ refused: true });
  });

  it('writes a new list or JSON value on each read: no two bids share one, nor one with its params or default', () => {
    for (const field of [
      { name: 'j', to: [0, 'ext', 'j'], type: 'json', default: { a: [1] } },
      { name: 'l', to: [0, 'ext', 'l'], type: 'list', items: 'text', default: ['a'] },
    ] as FieldPlan[]) {
      const run = compiled(field);
      for (const raw of [field.type === 'json' ? { a: [{ b: 1 }] } : ['x', 'y'], undefined]) {
        const [first, second] = [run(raw), run(raw)] as { sent: unknown }[];
        expect(first!.sent).toEqual(second!.sent);
        expect(first!.sent).not.toBe(second!.sent);
        expect(first!.sent).not.toBe(raw);
        if (raw && field.type === 'json') expect((first!.sent as { a: unknown[] }).a[0]).not.toBe((raw as { a: unknown[] }).a[0]);
        if (!raw) expect(first!.sent).not.toBe(field.default);
      }
    }
  });

  it('reads a long comma list and a large JSON value in linear time', async () => {
    const list = compiled({ name: 'l', to: [0, 'ext', 'l'], type: 'list', items: 'number' });
    const json = compiled({ name: 'j', to: [0, 'ext', 'j'], type: 'json' });
    // Refused once counted: the items of a long list are not read, a large value's nodes past the bound not walked.
    expect(await growth((n) => '1,'.repeat(n), list, 100_000)).toBeLessThan(linearBound());
    expect(await growth((n) => Array(n).fill([1]), json, 100_000)).toBeLessThan(linearBound());
    expect(list('1,'.repeat(100_000))).toEqual({ refused: true });
  });
});
