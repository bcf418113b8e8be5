// fast-check generators for hostile definitions, values and requests: prototype keys in every spelling,
// inherited method names, brackets, look-alikes, empty segments, and JSON of every shape where objects belong.
import fc from 'fast-check';

const segments = [
  '__proto__', 'prototype', 'constructor', '__PROTO__', 'Prototype', '__proto', 'proto__', 'toString', 'valueOf', 'hasOwnProperty',
  'call', 'apply', 'bind', 'length', 'ext', 'bidder', 'prebid', 'zone', 'a', 'b', '$', '_', '-', '0', '1', 'x-y', 'id', 'publisher',
  'tagid', '', ' ', '[0]', 'a[b]', '__proto__ ', 'ｐｒｏｔｏ', '\u0070rototype', 'ⅽonstructor', 'k\u200bey', '%5F_proto__',
];
const prefixes = ['', '', '', 'prd.', 'predefinedImpExt.', 'predefinedImpExt.__proto__.', 'PRD.'];

export const hostileName = fc
  .tuple(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...segments), { minLength: 1, maxLength: 4 }))
  .map(([prefix, parts]) => prefix + parts.join('.'))
  .chain((name) => fc.constantFrom(name, 'prd.impTagId', 'prd.appPublisherId', 'prd.appSiteId', 'toString.call', 'a..b', '.a', 'a.'));

const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('', ' 7 ', '1e999', 'NaN', '0x10', 'Infinity'));
export const anyJson = fc.oneof(scalar, fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined));

export const field = fc.record(
  {
    name: fc.oneof(hostileName, anyJson),
    type: fc.oneof(fc.constantFrom('text', 'number', 'select'), anyJson),
    display: fc.oneof(fc.constant('Field'), anyJson),
    options: fc.oneof(fc.array(fc.record({ name: fc.string({ maxLength: 3 }), value: fc.oneof(fc.integer({ min: 0, max: 3 }), anyJson) }), { maxLength: 3 }), anyJson),
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
      endpoint: fc.oneof(fc.constantFrom('https://ssp.example.com', 'http://127.1/', 'https://ssp.example.com@evil.com', 'https://ssp.example.com/x?y'), anyJson),
      cpmField: fc.oneof(fc.constantFrom('price', 'ext.cpm', '__proto__.x', 'a..b'), anyJson),
      bidderCode: fc.oneof(fc.constantFrom('ssp', '__proto__', 'bad code'), anyJson),
      fields: fc.oneof(fc.array(field, { maxLength: 5 }), anyJson),
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
const ext = objectOrNot(fc.dictionary(fc.constantFrom(...segments), objectOrNot(fc.dictionary(fc.constantFrom(...segments), anyJson, { maxKeys: 3 })), { maxKeys: 4 }));
const imp = objectOrNot(fc.record({ id: fc.string({ maxLength: 3 }), tagid: anyJson, ext }, { requiredKeys: ['id'] }));
const inventory = objectOrNot(fc.record({ id: anyJson, publisher: objectOrNot(fc.record({ id: anyJson, name: fc.string() }, { requiredKeys: [] })) }, { requiredKeys: [] }));

/** Requests from JSON text, so own `__proto__` keys can appear as data, as JSON.parse makes them. */
export const request = fc.oneof(
  fc.record(
    { id: fc.string({ maxLength: 4 }), imp: objectOrNot(fc.array(imp, { maxLength: 3 })), app: inventory, site: inventory, dooh: inventory, device: fc.jsonValue({ maxDepth: 2 }), user: fc.jsonValue({ maxDepth: 2 }) },
    { requiredKeys: ['id'] },
  ),
  anyJson,
).map((value) => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value).replaceAll('"__PROTO__"', '"__proto__"')) as unknown)));
