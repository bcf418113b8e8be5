/**
 * `toParamsSchema` must say what `validateValues` says. Many generated value objects are checked with ajv's
 * draft-04 dialect (the dialect of Prebid Server's bidder-params schemas) and with the adapter; the verdicts
 * (valid / invalid) must agree, except in the documented classes draft-04 cannot express, which are
 * excluded by name below and pinned by their own test so that the documentation stays true. Records with keys
 * (`param`), booleans, constants and one-of groups (docs/spec.md#param, docs/spec.md#booleans, docs/spec.md#constants, docs/spec.md#one-of) are among the compared ones.
 */
import AjvDraft04Module from 'ajv-draft-04';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/core/compile/index.js';
import type { CompiledAdapter } from '../../src/core/compiled-adapter.js';
import type { AdapterInput, FieldDefinition } from '../../src/core/types.js';
import { NUMERIC_STRING_PATTERN, toParamsSchema, type PropertySchema } from '../../src/protocols/params-schema.js';
import { isExactDecimal } from '../../src/core/rules/decimal.js';

const Ajv = AjvDraft04Module.default;
const ajv = new Ajv({ strict: true, allowUnionTypes: true });
const known = { knownEndpoints: ['pbs.example.com', 'bid.partner.example'] };

const adapters: Record<string, AdapterInput> = {
  'optional fields of every kind': [
    { name: 'free', type: 'text', display: 'Free text' },
    { name: 'code', type: 'text', display: 'Code', minLength: 2, maxLength: 5, pattern: '^[a-z0-9]+$' },
    { name: 'emoji', type: 'text', display: 'Emoji', maxLength: 2 },
    { name: 'amount', type: 'number', display: 'Amount' },
    { name: 'zone', type: 'number', display: 'Zone', integer: true, min: 1, max: 100 },
    {
      name: 'size',
      type: 'select',
      display: 'Size',
      options: [
        { name: 'a', value: 1 },
        { name: 'b', value: 2 },
        { name: 'c', value: 3.5 },
        { name: 'd', value: -4 },
      ],
    },
    { name: 'prd.impTagId', type: 'text', display: 'Tag id' },
  ],
  'required fields without defaults': {
    protocol: 'prebid-server',
    endpoint: 'https://pbs.example.com',
    bidderCode: 'acme',
    fields: [
      { name: 'placement.id', type: 'text', display: 'Placement', required: true },
      { name: 'floor', type: 'number', display: 'Floor', required: true, min: 0 },
      { name: 'zone', type: 'number', display: 'Zone', required: true, integer: true },
      {
        name: 'size',
        type: 'select',
        display: 'Size',
        required: true,
        options: [
          { name: 'x', value: 0 },
          { name: 'y', value: 7 },
        ],
      },
      { name: 'code', type: 'text', display: 'Code', required: true, minLength: 0, maxLength: 3 },
    ],
  },
  'required fields with defaults': [
    { name: 'name', type: 'text', display: 'Name', required: true, default: 'x' },
    { name: 'zone', type: 'number', display: 'Zone', required: true, default: 5, max: 9 },
    {
      name: 'size',
      type: 'select',
      display: 'Size',
      required: true,
      default: '2',
      options: [
        { name: 'b', value: 2 },
        { name: 'c', value: 3 },
      ],
    },
    { name: 'empty', type: 'text', display: 'Empty default', required: true, default: '' },
  ],
  'RTB ext params and predefined names': {
    protocol: 'rtb',
    endpoint: 'https://bid.partner.example/rtb',
    fields: [
      { name: 'prd.appPublisherId', type: 'text', display: 'Publisher', required: true, pattern: '^pub-' },
      { name: 'prd.appSiteId', type: 'number', display: 'Site', integer: true },
      { name: 'predefinedImpExt.deal.floor', type: 'number', display: 'Floor', min: -1.5, max: 1e6 },
      { name: 'predefinedImpExt.toString', type: 'select', display: 'Odd name', options: [{ name: 'one', value: 1 }] },
    ],
  },
  'keys, booleans, constants and one one-of group': {
    protocol: 'rtb',
    endpoint: 'https://bid.partner.example/rtb',
    fields: [
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.bidder.placementId'] },
      { name: 'predefinedRequestExt.partner.id', param: 'partnerId', type: 'number', display: 'Partner', integer: true, min: 1 },
      { name: 'predefinedImpExt.bidder.test', param: 'test', type: 'boolean', display: 'Test traffic', default: false },
      { name: 'predefinedImpExt.bidder.gdpr', param: 'gdpr', type: 'boolean', display: 'GDPR', required: true },
      { name: 'predefinedImpExt.bidder.video', type: 'boolean', display: 'Video' },
    ],
    constants: [{ name: 'predefinedImpExt.is_prebid', value: true }],
    requireOneOf: [['placementId', 'partnerId']],
  },
  'several one-of groups, one satisfied by a default': {
    protocol: 'prebid-server',
    endpoint: 'https://pbs.example.com',
    bidderCode: 'acme',
    fields: [
      { name: 'placement', param: 'placementId', type: 'text', display: 'Placement', maxLength: 4 },
      { name: 'inv.code', param: 'invCode', type: 'text', display: 'Inventory code' },
      { name: 'member', type: 'number', display: 'Member', required: true },
      {
        name: 'size',
        type: 'select',
        display: 'Size',
        options: [
          { name: 'a', value: 1 },
          { name: 'b', value: 2 },
        ],
      },
      {
        name: 'region',
        type: 'select',
        display: 'Region',
        default: 2,
        options: [
          { name: 'eu', value: 1 },
          { name: 'us', value: 2 },
        ],
      },
      { name: 'flag', param: 'on', type: 'boolean', display: 'On' },
    ],
    requireOneOf: [['placementId', 'invCode'], ['size', 'on'], ['region', 'placementId'], ['member']],
  },
  'exactlyOneOf groups: one without a default, one with (docs/spec.md#conditions), beside a requireOneOf group': {
    protocol: 'prebid-server',
    fields: [
      { name: 'placementId', type: 'text', display: 'Placement', with: [{ name: 'kind', value: 'publisher' }] },
      { name: 'endpointId', type: 'text', display: 'Endpoint', with: [{ name: 'kind', value: 'network' }] },
      { name: 'zone', type: 'number', display: 'Zone', integer: true },
      { name: 'size', type: 'number', display: 'Size', default: 1 },
      { name: 'tag', type: 'text', display: 'Tag' },
      { name: 'member', type: 'text', display: 'Member' },
    ],
    exactlyOneOf: [
      ['placementId', 'endpointId'],
      ['size', 'tag'],
    ],
    requireOneOf: [['zone', 'member']],
  },
  'one exactlyOneOf group alone': {
    protocol: 'prebid-server',
    fields: [
      { name: 'a', type: 'text', display: 'A' },
      { name: 'b', type: 'number', display: 'B' },
      { name: 'c', type: 'boolean', display: 'C' },
    ],
    exactlyOneOf: [['a', 'b', 'c']],
  },
};

const DECIMAL_STRING = new RegExp(NUMERIC_STRING_PATTERN, 'u');
const decimal = (text: string) => (DECIMAL_STRING.test(text) ? Number(text.trim()) : undefined);

/** A field's key (docs/spec.md#param): its `param`, else its name. */
const keyOf = (field: FieldDefinition): string => field.param ?? field.name;

/**
 * The documented gaps: values for which draft-04 and validateValues may disagree. Each is a class the schema
 * cannot express, kept as narrow as the rule allows.
 */
function gap(field: FieldDefinition, value: unknown): string | undefined {
  if (field.type === 'number' && typeof value === 'string') {
    const parsed = decimal(value);
    if (parsed === undefined) return undefined;
    // 1. Bounds, integer and exactness apply to JSON numbers only; a numeric string is checked for its notation.
    if (!Number.isFinite(parsed) || !isExactDecimal(value.trim(), parsed)) return 'numeric string a double cannot hold exactly';
    if (field.integer && !Number.isInteger(parsed)) return 'numeric string not an integer';
    if ((field.min !== undefined && parsed < field.min) || (field.max !== undefined && parsed > field.max)) return 'numeric string out of range';
  }
  if (field.type === 'text' && typeof value === 'number' && (field.minLength !== undefined || field.maxLength !== undefined || field.pattern !== undefined)) {
    // 2. minLength/maxLength/pattern apply to strings only; a number in a text field is checked as its decimal string by bidfields.
    return 'number in a constrained text field';
  }
  if (field.type === 'select' && typeof value === 'string') {
    // 3. Only each option's canonical string ("2") is listed; other spellings of it (" 2", "2.0", "2e0") are not.
    const parsed = decimal(value);
    if (parsed !== undefined && field.options.some((option) => option.value === parsed) && !field.options.some((option) => String(option.value) === value))
      return 'non-canonical option string';
  }
  return undefined;
}

const junk = fc.constantFrom<unknown>(
  true,
  false,
  [],
  {},
  [1],
  { a: 1 },
  'abc',
  'ABC',
  'abcdef',
  'pub-1',
  'x',
  ' ',
  '😀😀',
  '😀😀😀',
  '0x10',
  '1_000',
  'Infinity',
  'NaN',
  '1,5',
);
const numberish = fc.oneof(
  fc.integer({ min: -10, max: 120 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1, 2, 3.5, -4, 7, 100, 101, 1e6, 1e21, 0.1),
);
const numericString = fc.oneof(
  numberish.map(String),
  fc.constantFrom(' 7 ', '+3', '.5', '1.', '1e2', '2.0', '2e0', ' 2', '3.50', '-4.0', '\u00a07\u2028', '1e999', '-1e999', '1e-999', '\t5\n'),
);
const raw = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(null, ''), weight: 2 },
  { arbitrary: numberish, weight: 3 },
  { arbitrary: numericString, weight: 3 },
  { arbitrary: fc.string({ maxLength: 6 }), weight: 2 },
  { arbitrary: junk, weight: 2 },
);

/** Values a form would send for one field: valid ones, mostly. */
function plausible(field: FieldDefinition): fc.Arbitrary<unknown> {
  if (field.type === 'select') {
    const values = field.options.map((option) => option.value);
    return fc.oneof(fc.constantFrom(...values), fc.constantFrom(...values.map(String)));
  }
  if (field.type === 'boolean') return fc.constantFrom<unknown>(true, false, 'true', 'false');
  if (field.type === 'number') {
    const min = field.min ?? -1000;
    const max = field.max ?? 1000;
    const inRange = field.integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    return fc.oneof({ arbitrary: inRange, weight: 4 }, { arbitrary: inRange.map((n) => ` ${n} `), weight: 1 });
  }
  const pattern = 'pattern' in field ? field.pattern : undefined;
  return pattern ? fc.stringMatching(new RegExp(pattern, 'u'), { maxLength: 6 }) : fc.string({ maxLength: 6, unit: 'grapheme' });
}

/** Values aimed at one field: mostly plausible for it (so valid objects are common), sometimes anything. */
function aimed(field: FieldDefinition): fc.Arbitrary<unknown> {
  if (field.type === 'boolean') {
    const near = fc.constantFrom<unknown>('TRUE', 'True', ' true', 'false ', 'yes', 'on', '1', '0', 1, 0, [true], { value: true });
    return fc.oneof({ arbitrary: plausible(field), weight: 4 }, { arbitrary: near, weight: 1 }, { arbitrary: raw, weight: 1 });
  }
  return fc.oneof({ arbitrary: plausible(field), weight: 2 }, { arbitrary: raw, weight: 1 });
}

function valuesFor(adapter: CompiledAdapter): fc.Arbitrary<Record<string, unknown>> {
  const perField = Object.fromEntries(adapter.fields.map((field) => [keyOf(field), aimed(field)]));
  const entered = fc.oneof(fc.record(perField, { requiredKeys: [] }), fc.record(perField));
  // A field's name is no key when it has a `param`: entered under its name, it is an unknown field.
  const names = adapter.fields.filter((field) => keyOf(field) !== field.name).map((field) => field.name);
  const unknown = fc.option(fc.constantFrom('nope', '__proto__', 'constructor', 'zone.x', 'Zone', ...names), { nil: undefined, freq: 8 });
  // Round-trip through JSON text: the values an ad server receives (a `__proto__` key stays an own key).
  const aimedValues = fc
    .tuple(entered, unknown)
    .map(([values, extra]) => JSON.parse(JSON.stringify(values).replace(/^\{/, extra ? `{"${extra}":1${Object.keys(values).length ? ',' : ''}` : '{')));
  // What a form sends: required fields entered, the others plausible or left out, so often valid, and often
  // refused for a one-of group alone.
  const perFieldPlausible = Object.fromEntries(adapter.fields.map((field) => [keyOf(field), plausible(field)]));
  const mustKeys = adapter.plan.fields.filter((field) => field.required && field.defaultValue === undefined).map((field) => field.key);
  const formValues = fc.record(perFieldPlausible, { requiredKeys: mustKeys }).map((values) => JSON.parse(JSON.stringify(values)));
  return fc.oneof({ arbitrary: aimedValues, weight: 3 }, { arbitrary: formValues, weight: 1 });
}

describe('toParamsSchema', () => {
  for (const [label, input] of Object.entries(adapters)) {
    describe(label, () => {
      const adapter = compile(input, known);
      const schema = toParamsSchema(adapter);
      const validate = ajv.compile(schema);

      it("is a valid draft-04 schema in Prebid Server's shape", () => {
        expect(ajv.validateSchema(schema)).toBe(true);
        expect(schema.$schema).toBe('http://json-schema.org/draft-04/schema#');
        expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
        expect(Object.keys(schema.properties)).toEqual(adapter.fields.map(keyOf));
        expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
      });

      it('agrees with validateValues on generated values (documented gaps excluded)', () => {
        const tally = { compared: 0, excluded: 0, valid: 0, oneOfOnly: 0 };
        fc.assert(
          fc.property(valuesFor(adapter), (values) => {
            const gaps = adapter.fields.map((field) => (Object.hasOwn(values, keyOf(field)) ? gap(field, values[keyOf(field)]) : undefined)).filter(Boolean);
            if (gaps.length > 0) {
              tally.excluded++;
              return;
            }
            tally.compared++;
            const issues = adapter.validateValues(values);
            const bidfields = issues.length === 0;
            if (bidfields) tally.valid++;
            if (issues.length > 0 && issues.every((found) => found.code === 'missing_one_of' || found.code === 'conflicting_values')) tally.oneOfOnly++;
            const draft04 = validate(values) as boolean;
            if (draft04 !== bidfields)
              throw new Error(
                `draft-04 says ${draft04}, validateValues says ${bidfields} for ${JSON.stringify(values)}: ${JSON.stringify(adapter.validateValues(values))} ${JSON.stringify(validate.errors)}`,
              );
          }),
          { numRuns: 3000, seed: 20240603 },
        );
        // The exclusions stay the exception, and both verdicts are exercised.
        expect(tally.excluded).toBeLessThan(tally.compared / 2);
        expect(tally.valid).toBeGreaterThan(20);
        expect(tally.compared - tally.valid).toBeGreaterThan(30);
        // A record with one-of groups: values refused for a group alone are compared too.
        if (adapter.plan.oneOf.length > 0) expect(tally.oneOfOnly).toBeGreaterThan(20);
      });
    });
  }

  it("spells a small adapter the way Prebid Server's bidder-params files do", () => {
    const adapter = compile({
      protocol: 'prebid-server',
      bidderCode: 'acme',
      fields: [
        { name: 'zone', type: 'number', display: 'Zone', description: 'The zone id', integer: true, min: 1, required: true },
        {
          name: 'size',
          type: 'select',
          display: 'Size',
          options: [
            { name: 'small', value: 1 },
            { name: 'large', value: 2 },
          ],
        },
        { name: 'code', type: 'text', display: 'Code', maxLength: 8 },
      ],
    });
    expect(toParamsSchema(adapter)).toEqual({
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: 'acme params',
      description: "Values entered for the prebid-server adapter 'acme', keyed by field key.",
      type: 'object',
      properties: {
        zone: { title: 'Zone', description: 'The zone id', type: ['integer', 'string'], pattern: NUMERIC_STRING_PATTERN, minimum: 1 },
        size: { title: 'Size', anyOf: [{ enum: [null, ''] }, { enum: [1, 2, '1', '2'] }] },
        code: { title: 'Code', anyOf: [{ enum: [null, ''] }, { type: ['string', 'number'], maxLength: 8 }] },
      },
      required: ['zone'],
      additionalProperties: false,
    });
    expect(toParamsSchema(compile([{ name: 'a', type: 'text', display: 'A' }]))).not.toHaveProperty('required');
  });

  it('spells keys, booleans and one-of groups: anyOf for one group, allOf of anyOf for several, a group a default satisfies left out', () => {
    const one = toParamsSchema(compile(adapters['keys, booleans, constants and one one-of group']!, known));
    const notEntered = { enum: [null, ''] };
    expect(one).toMatchObject({
      properties: {
        placementId: { title: 'Placement', anyOf: [notEntered, { type: ['string', 'number'] }] },
        test: { title: 'Test traffic', anyOf: [notEntered, { type: ['boolean', 'string'], enum: [true, false, 'true', 'false'] }] },
        gdpr: { title: 'GDPR', type: ['boolean', 'string'], enum: [true, false, 'true', 'false'] },
        'predefinedImpExt.bidder.video': { title: 'Video', anyOf: [notEntered, { type: ['boolean', 'string'], enum: [true, false, 'true', 'false'] }] },
      },
      required: ['gdpr'],
      anyOf: [
        { required: ['placementId'], properties: { placementId: { not: notEntered } } },
        { required: ['partnerId'], properties: { partnerId: { not: notEntered } } },
      ],
    });
    expect(one).not.toHaveProperty('allOf');
    // Constants take no input: not a property (additionalProperties refuses them as keys).
    expect(Object.keys(one.properties)).not.toContain('predefinedImpExt.is_prebid');

    const several = toParamsSchema(compile(adapters['several one-of groups, one satisfied by a default']!, known));
    expect(several).not.toHaveProperty('anyOf');
    expect(several.allOf!.map((group) => (group.anyOf as PropertySchema[]).map((branch) => branch.required))).toEqual([
      [['placementId'], ['invCode']],
      [['size'], ['on']],
      [['member']],
    ]);
  });

  it('agrees with validateValues on one-of groups, "not entered" and names that are no keys', () => {
    const adapter = compile(adapters['keys, booleans, constants and one one-of group']!, known);
    const validate = ajv.compile(toParamsSchema(adapter));
    const cases: [Record<string, unknown>, boolean][] = [
      [{ gdpr: true }, false], // neither placementId nor partnerId: missing_one_of
      [{ gdpr: 'false', placementId: '' }, false], // "" is not entered
      [{ gdpr: false, placementId: null, partnerId: '7' }, true],
      [{ gdpr: 'true', placementId: 'top' }, true],
      [{ gdpr: 'yes', placementId: 'top' }, false],
      [{ gdpr: true, placementId: 'top', test: 'TRUE' }, false],
      [{ gdpr: true, placementId: 'top', test: null }, true],
      [{ gdpr: true, 'prd.impTagId': 'top' }, false], // the name of a field with a param is no key
      [{ gdpr: '', placementId: 'top' }, false], // required
      [{ gdpr: true, placementId: 'top', 'predefinedImpExt.is_prebid': true }, false], // a constant is no input
    ];
    for (const [values, valid] of cases) {
      expect({ values, bidfields: adapter.validateValues(values).length === 0, draft04: validate(values) }).toEqual({
        values,
        bidfields: valid,
        draft04: valid,
      });
    }
  });

  it('reads white space around numeric strings exactly as validateValues does (String.prototype.trim)', () => {
    const adapter = compile([{ name: 'zone', type: 'number', display: 'Zone' }]);
    for (let code = 0; code <= 0xffff; code++) {
      const text = `${String.fromCharCode(code)}1${String.fromCharCode(code)}`;
      if (DECIMAL_STRING.test(text) !== (adapter.validateValues({ zone: text }).length === 0)) throw new Error(`U+${code.toString(16)} differs`);
    }
  });

  // The documented gaps, pinned: if one closes, the JSDoc of toParamsSchema and docs/endpoints.md must change with it.
  it.each<[string, FieldDefinition, unknown, { draft04: boolean; bidfields: boolean }]>([
    ['numeric string out of range', { name: 'z', type: 'number', display: 'Z', max: 9 }, '10', { draft04: true, bidfields: false }],
    ['numeric string not an integer', { name: 'z', type: 'number', display: 'Z', integer: true }, '1.5', { draft04: true, bidfields: false }],
    ['numeric string a double cannot hold exactly', { name: 'z', type: 'number', display: 'Z' }, '1e999', { draft04: true, bidfields: false }],
    ['numeric string a double cannot hold exactly', { name: 'z', type: 'number', display: 'Z' }, '9007199254740993', { draft04: true, bidfields: false }],
    ['numeric string a double cannot hold exactly', { name: 'z', type: 'number', display: 'Z' }, '1e-999', { draft04: true, bidfields: false }],
    ['number in a constrained text field', { name: 't', type: 'text', display: 'T', maxLength: 2 }, 12345, { draft04: true, bidfields: false }],
    [
      'non-canonical option string',
      { name: 's', type: 'select', display: 'S', options: [{ name: 'a', value: 2 }] },
      '2.0',
      { draft04: false, bidfields: true },
    ],
  ])('gap: %s', (label, field, value, verdicts) => {
    const adapter = compile([field]);
    const values = { [field.name]: value };
    expect(gap(field, value)).toBe(label);
    expect({ draft04: ajv.validate(toParamsSchema(adapter), values), bidfields: adapter.validateValues(values).length === 0 }).toEqual(verdicts);
  });

  it('agrees on values that are not an object at all', () => {
    const adapter = compile(adapters['optional fields of every kind']!);
    const validate = ajv.compile(toParamsSchema(adapter));
    for (const values of [null, [], 'x', 1, true, [{ free: 'a' }]]) {
      expect(validate(values)).toBe(false);
      expect(adapter.validateValues(values as never).length).toBeGreaterThan(0);
    }
  });
});
