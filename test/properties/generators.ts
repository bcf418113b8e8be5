// fast-check generators for hostile definitions, values and requests: prototype keys in every spelling,
// inherited method names, brackets, look-alikes, empty segments, and JSON of every shape where objects belong.
import fc from 'fast-check';

const segments = [
  '__proto__',
  'prototype',
  'constructor',
  '__PROTO__',
  'Prototype',
  '__proto',
  'proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'call',
  'apply',
  'bind',
  'length',
  'ext',
  'bidder',
  'prebid',
  'zone',
  'a',
  'b',
  '$',
  '_',
  '-',
  '0',
  '1',
  'x-y',
  'id',
  'publisher',
  'tagid',
  '',
  ' ',
  '[0]',
  'a[b]',
  '__proto__ ',
  'ｐｒｏｔｏ',
  '\u0070rototype',
  'ⅽonstructor',
  'k\u200bey',
  '%5F_proto__',
];
const prefixes = ['', '', '', 'prd.', 'predefinedImpExt.', 'predefinedImpExt.__proto__.', 'PRD.', 'predefinedRequestExt.', 'predefinedRequestExt.__proto__.'];

export const hostileName = fc
  .tuple(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...segments), { minLength: 1, maxLength: 4 }))
  .map(([prefix, parts]) => prefix + parts.join('.'))
  .chain((name) => fc.constantFrom(name, 'prd.impTagId', 'prd.appPublisherId', 'prd.appSiteId', 'toString.call', 'a..b', '.a', 'a.'));

const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' 7 ', '1e999', 'NaN', '0x10', 'Infinity'),
);
export const anyJson = fc.oneof(scalar, fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined));

/** Param keys (docs/spec.md#param): identifiers, prototype keys, look-alikes, and JSON of other shapes. */
export const hostileKey = fc.oneof(
  fc.constantFrom('placementId', 'zone', 'a', 'b', '_x', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '1a', 'a-b', 'a.b', ''),
  anyJsonLite(),
);
function anyJsonLite() {
  return fc.oneof(fc.integer(), fc.constant(null), fc.boolean());
}

/** Constants' values: JSON with prototype keys at any depth (as JSON.parse makes them), and what JSON cannot hold. */
const constantValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc
    .dictionary(fc.constantFrom(...segments), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
    .map((value) => JSON.parse(JSON.stringify(value).replaceAll('"__PROTO__"', '"__proto__"')) as unknown),
  fc.constantFrom(null, undefined, NaN, 'x'.repeat(5000), { a: { b: [1, { c: true }] } }),
);
export const constants = fc.oneof(
  fc.array(fc.record({ name: fc.oneof(hostileName, anyJsonLite()), value: constantValue }, { requiredKeys: ['name'] }), { maxLength: 3 }),
  anyJsonLite(),
);

export const field = fc.record(
  {
    name: fc.oneof(hostileName, anyJson),
    param: hostileKey,
    alsoTo: fc.oneof(fc.array(hostileName, { maxLength: 2 }), anyJsonLite()),
    type: fc.oneof(fc.constantFrom('text', 'number', 'select', 'boolean'), anyJson),
    display: fc.oneof(fc.constant('Field'), anyJson),
    options: fc.oneof(
      fc.array(fc.record({ name: fc.string({ maxLength: 3 }), value: fc.oneof(fc.integer({ min: 0, max: 3 }), anyJson) }), { maxLength: 3 }),
      anyJson,
    ),
    required: fc.oneof(fc.boolean(), anyJson),
    default: anyJson,
    min: fc.oneof(fc.integer({ min: -5, max: 5 }), anyJson),
    max: fc.oneof(fc.integer({ min: -5, max: 5 }), anyJson),
    integer: fc.boolean(),
    minLength: fc.integer({ min: 0, max: 4 }),
    maxLength: fc.integer({ min: 0, max: 8 }),
    pattern: fc.constantFrom('^a', '[', '.*', '\\d+'),
    bogus: anyJson,
  },
  { requiredKeys: ['name', 'type', 'display'] },
);

export const adapterInput = fc.oneof(
  fc.array(field, { maxLength: 5 }),
  fc.record(
    {
      protocol: fc.oneof(fc.constantFrom('rtb', 'prebid-server', 'prebid-js'), anyJson),
      endpoint: fc.oneof(
        fc.constantFrom('https://ssp.example.com', 'http://127.1/', 'https://ssp.example.com@evil.com', 'https://ssp.example.com/x?y'),
        anyJson,
      ),
      cpmField: fc.oneof(fc.constantFrom('price', 'ext.cpm', '__proto__.x', 'a..b'), anyJson),
      bidderCode: fc.oneof(fc.constantFrom('ssp', '__proto__', 'bad code'), anyJson),
      fields: fc.oneof(fc.array(field, { maxLength: 5 }), anyJson),
      constants,
      requireOneOf: fc.oneof(fc.array(fc.array(hostileKey, { maxLength: 2 }), { maxLength: 2 }), anyJsonLite()),
    },
    { requiredKeys: ['protocol', 'fields'] },
  ),
  anyJson,
);

export function valuesFor(names: string[]) {
  const keys = names.length > 0 ? fc.oneof(fc.constantFrom(...names), hostileName) : hostileName;
  return fc.oneof(fc.dictionary(keys, anyJson, { maxKeys: 6 }), anyJson);
}

const objectOrNot = (inner: fc.Arbitrary<unknown>) => fc.oneof(inner, inner, inner, anyJson);
const ext = objectOrNot(
  fc.dictionary(fc.constantFrom(...segments), objectOrNot(fc.dictionary(fc.constantFrom(...segments), anyJson, { maxKeys: 3 })), { maxKeys: 4 }),
);
/** A banner with formats (docs/spec.md#values-from-the-request's banner size), its sizes missing, 0, null or not numbers. */
const banner = objectOrNot(
  fc.record(
    {
      format: objectOrNot(
        fc.array(objectOrNot(fc.record({ w: fc.oneof(fc.integer({ min: 0, max: 999 }), anyJson), h: fc.integer({ min: 0, max: 999 }) })), { maxLength: 2 }),
      ),
      w: fc.oneof(fc.constantFrom(0, null, 300), anyJson),
      h: fc.constantFrom(0, null, 250),
    },
    { requiredKeys: [] },
  ),
);
const imp = objectOrNot(fc.record({ id: fc.string({ maxLength: 3 }), tagid: anyJson, ext, banner }, { requiredKeys: ['id'] }));
const inventory = objectOrNot(
  fc.record({ id: anyJson, publisher: objectOrNot(fc.record({ id: anyJson, name: fc.string() }, { requiredKeys: [] })) }, { requiredKeys: [] }),
);

/** Requests from JSON text, so own `__proto__` keys can appear as data, as JSON.parse makes them. */
export const request = fc
  .oneof(
    fc.record(
      {
        id: fc.string({ maxLength: 4 }),
        imp: objectOrNot(fc.array(imp, { maxLength: 3 })),
        app: inventory,
        site: inventory,
        dooh: inventory,
        device: fc.jsonValue({ maxDepth: 2 }),
        user: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: ['id'] },
    ),
    anyJson,
  )
  .map((value) => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value).replaceAll('"__PROTO__"', '"__proto__"')) as unknown)));

/** Mostly `usual`, one time in ten `odd` (what a record must be refused for), so most records stay valid. */
const rarely = <T, U>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) => fc.oneof({ arbitrary: usual, weight: 9 }, { arbitrary: odd, weight: 1 });

/**
 * Fields whose keys fit their type (no JSON Schema issue but for the hostile names, defaults and bounds the
 * generators pick), so that records pass the authoring rules often and the run-time rules decide: what the
 * compact engine is compared with the full one on.
 */
const cleanName = fc.oneof(
  hostileName,
  hostileName,
  fc.constantFrom('zone', 'a.b', 'predefinedImpExt.zone', 'x.predefinedImpExt.y', 'predefinedRequestExt.pid', 'predefinedRequestExt.a.b'),
);
const base = {
  name: cleanName,
  param: fc.constantFrom('placementId', 'zone', 'a', 'b', '__proto__', 'constructor'),
  alsoTo: fc.array(cleanName, { minLength: 1, maxLength: 2 }),
  display: fc.constant('F'),
  required: fc.boolean(),
  default: fc.oneof(fc.constantFrom('', '7', 'abc', ' 2 '), fc.integer({ min: -3, max: 9 })),
};
/** A field's conditions (docs/spec.md#conditions): with constants, and when (absent, or a value that is refused). */
const conditions = {
  with: fc.array(
    fc.record({ name: cleanName, value: constantValue, when: rarely(fc.constant('absent'), fc.constant('x')) }, { requiredKeys: ['name', 'value'] }),
    {
      minLength: 1,
      maxLength: 2,
    },
  ),
  when: rarely(fc.constant('absent'), fc.constant('present')),
};
const optional = { requiredKeys: ['name', 'type', 'display'] as ('name' | 'type' | 'display')[] };
export const cleanField = fc.oneof(
  fc.record(
    {
      ...base,
      type: fc.constant('text'),
      minLength: fc.integer({ min: 0, max: 2 }),
      maxLength: fc.integer({ min: 2, max: 6 }),
      pattern: fc.constantFrom('^a', '[', '\\d', '^\\p{L}+$'),
    },
    optional,
  ),
  fc.record(
    { ...base, type: fc.constant('number'), min: fc.integer({ min: -5, max: 0 }), max: fc.integer({ min: 0, max: 5 }), integer: fc.boolean() },
    optional,
  ),
  fc.record(
    {
      ...base,
      type: fc.constant('select'),
      options: fc
        .uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 })
        .map((values) => values.map((value) => ({ name: `o${value}`, value }))),
    },
    optional,
  ),
  fc.record({ ...base, type: fc.constant('boolean'), default: fc.constantFrom(true, false, 'true', 'false', 'yes', 1) }, optional),
);

/** Removals (docs/spec.md#removals): the listed paths, `keep` lists, and paths a record may not remove. */
const removal = rarely(
  fc.oneof(
    fc.constantFrom('site.publisher', 'app.publisher', 'dooh.publisher', 'site.domain', 'app.domain', 'ext', 'user.ext', 'source.ext', 'imp.ext'),
    fc.record({
      path: fc.constantFrom('site.publisher', 'app.publisher', 'user.ext', 'imp.ext', 'ext'),
      keep: fc.array(fc.constantFrom(...segments), { minLength: 1, maxLength: 2 }),
    }),
  ),
  fc.oneof(fc.constantFrom('imp', 'device'), fc.record({ path: fc.constant('site.domain'), keep: fc.constant(['a']) })),
);
/** Derivations (docs/spec.md#values-from-the-request): banner sizes, and copies from request paths (hostile ones too) to names. */
const derivation = rarely(
  fc.oneof(
    fc.record({ op: fc.constant('bannerSizeFromFormat'), when: fc.constantFrom('eitherMissing', 'bothMissing', 'missingOrZero', 'always') }),
    fc.record(
      {
        op: fc.constant('copy'),
        from: fc.constantFrom('imp.id', 'imp.tagid', 'imp.ext.a', 'imp.banner.format.0.w', 'site.publisher.id', 'user.ext', 'ext.a.b', 'imp.0'),
        to: fc.oneof(cleanName, fc.constantFrom('prd.impTagId', 'prd.appSiteId', 'prd.impBidFloor', 'prd.bannerPos', 'predefinedUserExt.u')),
        when: fc.constant('absent'),
      },
      { requiredKeys: ['op', 'from', 'to'] },
    ),
  ),
  fc.oneof(
    fc.record({ op: fc.constant('bannerSizeFromFormat'), when: fc.constant('absent') }),
    fc.record({ op: fc.constant('copy'), from: fc.constantFrom('site.__proto__.x', ''), to: fc.constantFrom('predefinedEndpoint.x', 'zone') }),
  ),
);

export const cleanAdapterInput = fc.oneof(
  fc.array(cleanField, { maxLength: 5 }),
  fc.record(
    {
      protocol: fc.constantFrom('rtb', 'prebid-server', 'prebid-js'),
      endpoint: fc.constantFrom(
        'https://ssp.example.com/bid',
        'http://ssp.example.com/bid',
        'https://evil.example/x',
        'http://127.1/',
        'https://ssp.example.com/x?y',
      ),
      cpmField: fc.constantFrom('price', 'ext.cpm', '__proto__.x', 'a..b'),
      bidderCode: fc.constantFrom('ssp', '__proto__', 'bad code'),
      fields: fc.array(cleanField, { maxLength: 5 }),
      constants: fc.array(fc.record({ name: cleanName, value: constantValue }), { maxLength: 2 }),
      requireOneOf: fc.array(fc.array(fc.constantFrom('placementId', 'zone', 'a', 'b', 'a.b'), { minLength: 1, maxLength: 2 }), { maxLength: 1 }),
    },
    { requiredKeys: ['protocol', 'fields'] },
  ),
);

/**
 * Records with removals, derivations, exactly-one-of groups, requestValues and fields with `with` and `when`
 * (docs/spec.md#removals, docs/spec.md#values-from-the-request, docs/spec.md#conditions): one record in four of the clean ones,
 * so that the others keep enriching as often as before.
 */
const stepsAdapterInput = fc
  .tuple(
    cleanAdapterInput.filter((record) => !Array.isArray(record)).map((record) => record as unknown as Record<string, unknown>),
    fc.record(
      {
        exactlyOneOf: fc.array(fc.array(fc.constantFrom('placementId', 'zone', 'a', 'b'), { minLength: 1, maxLength: 3 }), { maxLength: 1 }),
        requestValues: rarely(fc.constantFrom('first', 'same'), fc.constant('last')),
        remove: fc.array(removal, { maxLength: 3 }),
        derive: fc.array(derivation, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
    fc.array(fc.record(conditions, { requiredKeys: [] }), { maxLength: 5 }),
  )
  .map(([record, steps, perField]) => ({
    ...record,
    ...steps,
    fields: (record.fields as Record<string, unknown>[]).map((field, i) => ({ ...field, ...perField[i] })),
  }));

/** Clean records, one in four with the keys of docs/spec.md#beyond-records' removals and conditions. */
export const cleanStepsAdapterInput = fc.oneof({ arbitrary: cleanAdapterInput, weight: 3 }, { arbitrary: stepsAdapterInput, weight: 1 });

/** Values that fit the fields' types often (and sometimes their bounds), so that enrichment succeeds often. */
export function cleanValuesFor(fields: unknown[]) {
  const entries = fields.map((field) => {
    const { name, type, param } = (field ?? {}) as { name?: unknown; type?: unknown; param?: unknown };
    const value =
      type === 'number'
        ? fc.constantFrom(0, 2, '3', ' 4 ', 1.5, -2)
        : type === 'select'
          ? fc.constantFrom(0, 1, 2, '3', 4)
          : type === 'boolean'
            ? fc.constantFrom(true, false, 'true', 'false', 'no', 0)
            : fc.constantFrom('a', 'abc', 'a1', 7, 'ü');
    // The field's key (docs/spec.md#param) when it is a string; a hostile field's param or name may be any JSON (an object
    // with a "toString" key cannot even be turned into a string), and then a plain key stands in.
    const key = typeof param === 'string' ? param : param === undefined && typeof name === 'string' ? name : 'x';
    return fc.option(fc.tuple(fc.constant(key), value), { nil: undefined });
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== undefined)));
}

/** Requests of a valid shape (imps present, plain objects), whose ext and inventory objects are still hostile. */
export const cleanRequest = fc
  .record(
    {
      id: fc.constant('r'),
      imp: fc.array(fc.record({ id: fc.string({ maxLength: 2 }), ext, banner, tagid: fc.constantFrom('', 't', null) }, { requiredKeys: ['id'] }), {
        minLength: 1,
        maxLength: 3,
      }),
      app: inventory,
      site: inventory,
      dooh: inventory,
      // What removals and copies reach (docs/spec.md#removals).
      user: objectOrNot(fc.record({ id: anyJson, ext }, { requiredKeys: [] })),
      source: objectOrNot(fc.record({ ext }, { requiredKeys: [] })),
      ext,
    },
    { requiredKeys: ['id', 'imp'] },
  )
  .map((value) => JSON.parse(JSON.stringify(value).replaceAll('"__PROTO__"', '"__proto__"')) as unknown);

/**
 * Records whose targets share ext paths (fields, `alsoTo` and constants over a few segments, at the imp's and the
 * request's ext), and requests whose ext objects hold those paths with objects, non-objects and null in the way:
 * what path conflicts, copies and the field a conflict is reported for are decided on.
 */
const treeSegment = fc.constantFrom('a', 'b', 'c');
const treePath = fc.array(treeSegment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
const treeName = fc
  .tuple(
    fc.constantFrom('', 'predefinedImpExt.', 'predefinedRequestExt.', 'predefinedRequestExt.', 'prd.impTagId', 'prd.appSiteId', 'prd.appPublisherId'),
    treePath,
  )
  .map(([prefix, path]) => (prefix.startsWith('prd.') ? prefix : prefix + path));
const treeField = fc.oneof(
  fc.record(
    {
      name: treeName,
      type: fc.constant('text'),
      display: fc.constant('F'),
      alsoTo: fc.array(treeName, { minLength: 1, maxLength: 2 }),
      default: fc.constantFrom('d', 'e'),
    },
    { requiredKeys: ['name', 'type', 'display'] },
  ),
  fc.record(
    { name: treeName, type: fc.constant('number'), display: fc.constant('F'), default: fc.constantFrom(1, -0, 2.5) },
    { requiredKeys: ['name', 'type', 'display'] },
  ),
  fc.record({ name: treeName, type: fc.constant('boolean'), display: fc.constant('F') }, { requiredKeys: ['name', 'type', 'display'] }),
);
export const treeAdapterInput = fc.record(
  {
    protocol: fc.constantFrom('prebid-server', 'prebid-js', 'rtb'),
    bidderCode: fc.constant('ssp'),
    cpmField: fc.constant('price'),
    fields: fc.array(treeField, { minLength: 1, maxLength: 6 }),
    constants: fc.array(
      fc.record({ name: treeName, value: fc.oneof(fc.constantFrom('k', 1, true, -0), fc.jsonValue({ maxDepth: 2 })).filter((value) => value !== null) }),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['protocol', 'fields'] },
);
const inTheWay = fc.constantFrom<unknown>(null, 'x', 7, true, [1], []);
const treeObject: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    inTheWay,
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', '__proto__'), fc.oneof(inTheWay, tie('node')), { maxKeys: 3 }),
  ),
})).node;
const treeInventory = fc.oneof(
  inTheWay,
  fc.record(
    { id: fc.constantFrom('s', 1), publisher: fc.oneof(inTheWay, fc.record({ id: fc.constant('p'), name: fc.constant('n') }, { requiredKeys: [] })) },
    { requiredKeys: [] },
  ),
);
export const treeRequest = fc
  .record(
    {
      id: fc.constant('r'),
      imp: fc.array(fc.oneof(fc.record({ id: fc.constant('1'), tagid: fc.constant('t'), ext: treeObject }, { requiredKeys: ['id'] }), inTheWay), {
        minLength: 1,
        maxLength: 3,
      }),
      site: treeInventory,
      app: treeInventory,
      ext: treeObject,
    },
    { requiredKeys: ['id', 'imp'] },
  )
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
