// fast-check generators for what runs around a record's writes (docs/spec.md#removals, docs/spec.md#values-from-the-request,
// docs/spec.md#conditions): records with `remove`, `derive`, a field's `with`, `exactlyOneOf` and `when: "absent"` (valid
// ones mostly: an entry is malformed one time in 25, so that about half the records compile), and requests where every path they touch is present, absent, `null`, of
// the wrong type (text, array, number or boolean where an object belongs), deep, or hostile: own `__proto__`,
// `constructor` and `prototype` keys as JSON.parse makes them, many holding `{ "polluted": … }`.
import fc from 'fast-check';

/** Mostly `usual`, one time in `n` `odd` (a record has a dozen entries: each is malformed one time in 25). */
const rarely = <T, U>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<U>, n = 25) => fc.oneof({ arbitrary: usual, weight: n - 1 }, { arbitrary: odd, weight: 1 });

/** `arb` one time in `n`, else `null` (nothing: the key is left out). */
const oneIn = <T>(n: number, arb: fc.Arbitrary<T>) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
/** `arb` two times in three, else `null`. */
const mostly = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: arb });

/** Parsed from JSON text, so that `__PROTO__` keys become own `__proto__` keys (fast-check cannot make those itself). */
const parsed = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value).replaceAll('"__PROTO__"', '"__proto__"')));

/** What JSON puts where an object belongs: nothing at all, `null`, text, a number, a boolean, an array. */
const wrong = fc.constantFrom<unknown>(null, null, '', 'x', 0, 7, -1.5, true, [], [1], ['a'], [{}], [null]);
const polluter = fc.constantFrom<unknown>({ polluted: 'yes' }, { polluted: { deeper: 1 } }, 'polluted', 1, null);
const KEYS = ['a', 'b', 'c', 'id', 'w', 'h', 'zone', 'pid', 'u', 's', 'i', 'p', 'bidder', 'x', 'polluted', 'toString', 'hasOwnProperty'];
const UNSAFE = ['__PROTO__', 'constructor', 'prototype'];
/** A tree of objects and arrays up to 5 deep, with prototype keys, whatever JSON holds at its leaves. */
export const deep: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 5 },
    wrong,
    fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -2, max: 999 }), fc.double({ noNaN: true }), fc.boolean()),
    fc.dictionary(fc.constantFrom(...KEYS, ...UNSAFE), fc.oneof(tie('node'), polluter), { maxKeys: 4 }),
    fc.array(tie('node'), { maxLength: 3 }),
  ),
})).node;
/** A slot that holds an object of `inner` mostly, else something in its way: a wrong type or a deep tree. */
const slot = (inner: fc.Arbitrary<unknown>) => fc.oneof({ weight: 6, arbitrary: inner }, { weight: 2, arbitrary: wrong }, { weight: 1, arbitrary: deep });
/** An object of optional keys (each may be missing), with a prototype key now and then. */
const object = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(fc.record(shape, { requiredKeys: [] }), oneIn(4, fc.tuple(fc.constantFrom(...UNSAFE), polluter)))
    .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
/** An ext object: the keys records write (`a`, `a.b`, `zone`, …), each an object, a value, or something in the way. */
const ext = slot(fc.dictionary(fc.constantFrom('a', 'b', 'zone', 'pid', 'u', 's', 'i', 'p', 'bidder', 'keep', 'x', ...UNSAFE), slot(deep), { maxKeys: 4 }));
const size = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 999 }) }, { weight: 1, arbitrary: wrong });
const banner = slot(
  object({
    format: slot(fc.array(slot(object({ w: size, h: size })), { maxLength: 3 })),
    w: fc.oneof(fc.constantFrom(0, null, 300), size),
    h: fc.oneof(fc.constantFrom(0, null, 250), size),
    pos: fc.constantFrom(0, 3, null, 'x'),
  }),
);
const imp = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(
        fc.constantFrom('1', '2', '3'),
        object({
          tagid: fc.constantFrom('t', '', null, 0, 5, [], 'slot'),
          bidfloor: fc.constantFrom(0, 0.3, null, '1', 2, -1),
          bidfloorcur: fc.constantFrom('USD', '', null, 'eur'),
          secure: fc.constantFrom(0, 1, null),
          displaymanager: fc.constantFrom('dm', '', null),
          banner,
          ext,
        }),
      )
      .map(([id, rest]) => ({ id, ...(rest as object) })),
  },
  { weight: 1, arbitrary: wrong },
);
const publisher = slot(object({ id: fc.constantFrom('p', '', null, 0, 9), name: fc.constant('n'), ext }));
const inventory = slot(
  object({ id: fc.constantFrom('s', '', null, 0, 5), domain: fc.constantFrom('d.example', '', null), publisher, ext, page: fc.constant('https://d.example/') }),
);

/** Requests from JSON text, where every path a removal, a derivation or a guarded write reaches varies. */
export const stepRequest = fc
  .tuple(
    object({
      app: inventory,
      site: inventory,
      dooh: inventory,
      user: slot(object({ id: fc.constantFrom('u', null), consent: fc.constant('c'), ext })),
      source: slot(object({ tid: fc.constant('t'), ext })),
      ext,
      bcat: fc.constantFrom<unknown>(['IAB1'], [], null, 'x', [1]),
      device: deep,
    }),
    fc.oneof({ weight: 20, arbitrary: fc.array(imp, { minLength: 1, maxLength: 3 }) }, { weight: 1, arbitrary: wrong }),
  )
  .map(([rest, imps]) => parsed({ id: 'r', ...(rest as object), imp: imps }) as Record<string, unknown>);

/** Values for each field type: the first two fit every target of the type (defaults), the others may not. */
const FITS: Record<string, unknown[]> = {
  text: ['EUR', 'abc', 'a', 'USD', '', 7, 'slot-1'],
  number: [1, 0, 1.5, '2', 3, -1, 'x'],
  select: [0, 1, 3, 2],
  list: [['IAB1', 'IAB2'], 'IAB1, IAB2', [], [1]],
  json: [{ a: 1 }, [1, 2], 'x', { b: { c: null } }],
  boolean: [true, false, 'true', 'no'],
  id: ['abc', 123, '', 'x-1'],
};

/** Field types by what a target takes (docs/spec.md#more-openrtb-targets); ext targets take every type. */
const EXT_TYPES = ['text', 'number', 'json', 'boolean', 'id', 'list', 'select'];
const extValue = fc.oneof(fc.constantFrom<unknown>('k', 0, 1.5, true, [], ['a'], { a: 1 }, { a: { b: [1, { c: 'd' }] } }), deep);
/** The names a record writes: [name, the field types that fit, the constants that fit]. */
const WRITES: [string, string[], fc.Arbitrary<unknown>][] = [
  ['prd.impTagId', ['text', 'id', 'number'], fc.constantFrom('t1', 'x')],
  ['prd.appSiteId', ['text', 'id'], fc.constant('s1')],
  ['prd.appPublisherId', ['text', 'number'], fc.constant('p1')],
  ['prd.impBidFloor', ['number'], fc.constantFrom(0, 0.5, 2)],
  ['prd.impBidFloorCur', ['text'], fc.constantFrom('EUR', 'USD')],
  ['prd.impSecure', ['select', 'number'], fc.constantFrom(0, 1)],
  ['prd.bannerPos', ['select', 'number'], fc.constantFrom(0, 3, 7)],
  ['prd.impDisplayManager', ['text'], fc.constant('dm')],
  ['prd.bcat', ['list'], fc.constantFrom(['IAB1'], ['IAB2', 'IAB3'])],
  ['zone', EXT_TYPES, extValue],
  ['predefinedImpExt.a', EXT_TYPES, extValue],
  ['predefinedImpExt.a.b', EXT_TYPES, extValue],
  ['predefinedImpExt.bidder.zone', EXT_TYPES, extValue],
  ['predefinedRequestExt.pid', EXT_TYPES, extValue],
  ['predefinedRequestExt.a.b', EXT_TYPES, extValue],
  ['predefinedUserExt.u', EXT_TYPES, extValue],
  ['predefinedUserExt.a.b', EXT_TYPES, extValue],
  ['predefinedSourceExt.s', EXT_TYPES, extValue],
  ['predefinedInventoryExt.i', EXT_TYPES, extValue],
  ['predefinedPublisherExt.p', EXT_TYPES, extValue],
];
const NAMES = WRITES.map(([name]) => name);
/** Names a record may not write where these are (a prototype key, an endpoint-only or unknown target, bad grammar). */
const BAD_NAMES = ['predefinedEndpoint.x', '__proto__.x', 'predefinedRequestExt.__proto__', 'prd.nope', 'a..b', 'constructor'];
const name = rarely(fc.constantFrom(...NAMES), fc.constantFrom(...BAD_NAMES));
/** A name and a value that fits it (mostly), or any JSON (a prototype key, `null` and a non-JSON value included). */
const write = rarely(
  fc.integer({ min: 0, max: WRITES.length - 1 }).chain((i) => fc.tuple(fc.constant(WRITES[i]![0]), WRITES[i]![2])),
  fc.tuple(name, fc.oneof(deep, fc.constantFrom<unknown>(null, undefined, NaN))),
);
const when = oneIn(3, rarely(fc.constant('absent'), fc.constantFrom('present', 'always', 1)));
const entry = (named: fc.Arbitrary<[string, unknown]>) =>
  fc.tuple(named, when).map(([[name, value], when]) => ({ name, value, ...(when !== null && { when }) }));
const constant = entry(write);
/** `with` targets (docs/spec.md#conditions): the publisher/network pattern's, mostly apart from the fields' own names. */
const WITH: [string, fc.Arbitrary<unknown>][] = [
  ['predefinedImpExt.bidder.type', fc.constantFrom('publisher', 'network')],
  ['predefinedRequestExt.kind', fc.constantFrom('k', 1, { a: [] })],
  ['prd.impDisplayManagerVer', fc.constant('1.0')],
  ['predefinedUserExt.w', extValue],
];
const withEntry = entry(
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: WITH.length - 1 }).chain((i) => fc.tuple(fc.constant(WITH[i]![0]), WITH[i]![1])) },
    { weight: 1, arbitrary: write },
  ),
);

const KEY_POOL = ['pid', 'zone', 'net', 'pub', 'floor', 'cur', 'kw'];
const TYPE_KEYS: Record<string, object> = {
  select: {
    options: [
      { name: 'a', value: 0 },
      { name: 'b', value: 1 },
      { name: 'c', value: 3 },
    ],
  },
  list: { items: 'text' },
  number: { min: 0 },
};
/** A field of key `key` writing `WRITES[at]`: a name and a type that fit (mostly), `when`, `with` constants, a default, `alsoTo`. */
const field = (key: string, at: number) =>
  fc
    .record({
      badName: oneIn(25, fc.constantFrom(...BAD_NAMES)),
      badType: oneIn(25, fc.constantFrom(...EXT_TYPES)),
      required: oneIn(4, fc.boolean()),
      alsoTo: oneIn(
        6,
        fc.array(rarely(fc.constantFrom(...NAMES.filter((n) => !n.startsWith('prd.'))), fc.constantFrom(...NAMES, ...BAD_NAMES)), {
          minLength: 1,
          maxLength: 1,
        }),
      ),
      when,
      with: oneIn(3, fc.uniqueArray(withEntry, { minLength: 1, maxLength: 2, selector: (entry) => entry.name })),
    })
    .chain((f) => {
      const [target, types] = WRITES[at]!;
      return fc.constantFrom(...types).chain((type) => {
        const chosen = f.badType ?? type;
        return oneIn(6, fc.constantFrom(...FITS[chosen]!.slice(0, 2))).map((value) => ({
          name: f.badName ?? target,
          param: key,
          type: chosen,
          display: key,
          ...TYPE_KEYS[chosen],
          ...(f.required !== null && { required: f.required }),
          ...(value !== null && { default: value }),
          ...(f.alsoTo !== null && { alsoTo: f.alsoTo }),
          ...(f.when !== null && { when: f.when }),
          ...(f.with !== null && { with: f.with }),
        }));
      });
    });

const removal = rarely(
  fc.oneof(
    fc.constantFrom('site.publisher', 'app.publisher', 'dooh.publisher', 'site.domain', 'app.domain', 'ext', 'user.ext', 'source.ext', 'imp.ext'),
    fc.record({
      path: fc.constantFrom('site.publisher', 'app.publisher', 'dooh.publisher', 'user.ext', 'source.ext', 'imp.ext', 'ext'),
      keep: fc.uniqueArray(fc.constantFrom('a', 'b', 'id', 'keep', 'zone', 'ext', 'toString'), { minLength: 1, maxLength: 3 }),
    }),
  ),
  fc.constantFrom<unknown>(
    'imp',
    'device',
    'site',
    'user.consent',
    'imp.ext.a',
    { path: 'site.domain', keep: ['a'] },
    { path: 'ext', keep: ['__proto__'] },
    { path: 'ext', keep: [] },
    7,
  ),
);
const FROM = [
  'imp.id',
  'imp.tagid',
  'imp.ext',
  'imp.ext.a',
  'imp.ext.a.b',
  'imp.banner.format.0.w',
  'imp.bidfloor',
  'imp.0',
  'site.publisher.id',
  'site.id',
  'app.publisher',
  'site.domain',
];
const FROM_REQUEST = ['user.ext', 'user.ext.a', 'ext.a', 'ext.a.b', 'source.ext', 'bcat', 'device', 'site.publisher.ext', 'imp.0.id', 'imp.1.tagid'];
const derivation = rarely(
  fc.oneof(
    fc.record({ op: fc.constant('bannerSizeFromFormat'), when: fc.constantFrom('eitherMissing', 'bothMissing', 'missingOrZero', 'always') }),
    fc
      .record({ from: fc.constantFrom(...FROM, ...FROM_REQUEST), to: fc.constantFrom(...NAMES), when: oneIn(2, fc.constant('absent')) })
      .map(({ from, to, when }) => ({ op: 'copy', from, to, ...(when !== null && { when }) })),
  ),
  fc.constantFrom<unknown>(
    { op: 'bannerSizeFromFormat', when: 'absent' },
    { op: 'bannerSizeFromFormat' },
    { op: 'copy', from: 'site.__proto__.x', to: 'zone' },
    { op: 'copy', from: 'user.constructor', to: 'zone' },
    { op: 'copy', from: '', to: 'zone' },
    { op: 'copy', from: 'a..b', to: 'zone' },
    { op: 'copy', from: 'site.id', to: 'predefinedEndpoint.x' },
    { op: 'copy', from: 'site.id', to: '__proto__.polluted' },
    { op: 'copy', from: 'site.id', to: 'zone', when: 'present' },
    { op: 'delete', from: 'site.id' },
    'copy',
  ),
);

/** Records that remove, derive, guard and condition what they write; prebid-js mostly, for the page. */
export const stepRecord = fc
  .tuple(
    fc.constantFrom('prebid-js', 'prebid-js', 'prebid-js', 'prebid-server', 'prebid-server', 'rtb'),
    fc.uniqueArray(fc.constantFrom(...KEY_POOL), { minLength: 1, maxLength: 4 }),
  )
  .chain(([protocol, keys]) =>
    fc.tuple(
      fc.constant(protocol),
      fc.constant(keys),
      fc.uniqueArray(fc.integer({ min: 0, max: WRITES.length - 1 }), { minLength: keys.length, maxLength: keys.length }),
    ),
  )
  .chain(([protocol, keys, targets]) =>
    fc
      .record({
        fields: fc.tuple(...keys.map((key, i) => field(key, targets[i]!))),
        constants: oneIn(2, fc.array(constant, { maxLength: 2 })),
        exactlyOneOf: oneIn(
          2,
          rarely(
            fc.array(fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }),
            fc.constantFrom<unknown>([['nope']], [[]], 'pid', [[1]]),
          ),
        ),
        remove: mostly(fc.array(removal, { minLength: 1, maxLength: 3 })),
        derive: mostly(fc.array(derivation, { minLength: 1, maxLength: 3 })),
        requestValues: oneIn(4, rarely(fc.constantFrom('first', 'same'), fc.constant('last'))),
      })
      .map((parts) => ({
        protocol,
        endpoint: 'https://bid.partner.example/rtb',
        ...(protocol === 'prebid-js' && { cpmField: 'price', bidderCode: 'acme' }),
        ...Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== null)),
      }))
      .map((record) => parsed(record) as Record<string, unknown>),
  );

/** An entered value for a field of `type`: one that fits mostly, else `null`, a wrong kind or a hostile object. */
function entered(type: unknown): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(deep, fc.constantFrom<unknown>(null, { __PROTO__: { polluted: 'v' } }));
  return rarely(fc.constantFrom(...(FITS[type as string] ?? ['a'])), hostile, 10);
}

/** Values for a record's fields: each key entered or not (so exactly-one-of groups see none, one, two), plus hostile keys. */
export function stepValues(record: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Array.isArray(record.fields) ? (record.fields as Record<string, unknown>[]) : [];
  const entries = fields.map((f) => mostly(fc.tuple(fc.constant(String(f.param)), entered(f.type))));
  const extra = oneIn(10, fc.tuple(fc.constantFrom('__PROTO__', 'constructor', 'other'), polluter));
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => parsed(Object.fromEntries([...pairs, more].filter((pair) => pair !== null))));
}
