// The record shapes `npm run size` measures (scripts/size.mjs): between them, every field type and rule of
// docs/spec.md#fields to docs/spec.md#protocols and every part of docs/spec.md#records, each shape a record a partner
// could have (one example record can grow past the budget unseen in another shape). Each is generated into an adapter
// and bundled with the built page runtime; each is held to the page budget, 3,700 B gzip, unless it names a
// `ceiling` it may not pass yet: the runtime every shape carries is over the budget's share today, and the features
// add to it (docs/prebid.md, "Size", says where the bytes are). A ceiling only keeps a shape from growing.
/** The ceiling of the shape whose answers are read by `response` rules: its size when first measured (6,951 B), and 40 B. */
const SHAPE_RESPONSE_CEILING = 6991;

const base = { protocol: 'prebid-js', endpoint: 'https://bid.example-ssp.com/openrtb2', cpmField: 'price' };

/** Six fields of §1–§4: text, number and select, required, default, min/max, integer, lengths, a pattern, the three predefined targets and ext. */
const six = [
  { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true, maxLength: 64 },
  { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher', pattern: '^[a-z0-9-]+$' },
  { name: 'prd.appSiteId', param: 'siteId', type: 'text', display: 'Site' },
  { name: 'zoneId', type: 'number', display: 'Zone', integer: true, required: true, min: 1, max: 100000 },
  {
    name: 'predefinedImpExt.deal.tier',
    param: 'dealTier',
    type: 'select',
    display: 'Deal tier',
    options: [
      { name: 'Gold', value: 1 },
      { name: 'Silver', value: 2 },
    ],
    default: 2,
  },
  { name: 'keyword', type: 'text', display: 'Keyword', minLength: 2, default: 'none' },
];

export const SHAPES = [
  {
    name: 'six fields of §1-§4 (text, number, select; required, default, min/max, integer, lengths, pattern; tag, publisher and site ids, ext)',
    ceiling: 3810,
    record: { ...base, bidderCode: 'shapesix', fields: six },
  },
  {
    name: 'a banner and video partner (§4 mediaTypes), params keyed by field names',
    record: {
      ...base,
      bidderCode: 'shapemedia',
      mediaTypes: ['banner', 'video'],
      fields: [
        { name: 'prd.impTagId', type: 'text', display: 'Tag', required: true },
        { name: 'predefinedImpExt.floor', type: 'number', display: 'Floor', min: 0 },
      ],
    },
  },
  {
    name: 'param keys and a boolean (§8.1, §8.3)',
    ceiling: 3900,
    record: {
      ...base,
      bidderCode: 'shapebool',
      fields: [...six, { name: 'predefinedImpExt.test', param: 'test', type: 'boolean', display: 'Test', default: false }],
    },
  },
  {
    name: 'constants, one an object, and request ext (§8.4, §8.5)',
    ceiling: 3940,
    record: {
      ...base,
      bidderCode: 'shapeconst',
      fields: [...six, { name: 'predefinedRequestExt.partner.account', param: 'accountId', type: 'text', display: 'Account' }],
      constants: [
        { name: 'predefinedImpExt.is_prebid', value: true },
        { name: 'predefinedRequestExt.partner.source', value: { name: 'bidfields', tags: ['a'] } },
      ],
    },
  },
  {
    name: 'alsoTo (§8.5)',
    ceiling: 3890,
    record: { ...base, bidderCode: 'shapealso', fields: [{ ...six[0], alsoTo: ['predefinedImpExt.bidder.tagid'] }, ...six.slice(1)] },
  },
  {
    name: 'a one-of group (§8.6)',
    ceiling: 3880,
    record: { ...base, bidderCode: 'shapeoneof', fields: [{ ...six[0], required: false }, ...six.slice(1)], requireOneOf: [['placementId', 'zoneId']] },
  },
  {
    name: 'one request per imp (§8.8)',
    ceiling: 3840,
    record: { ...base, bidderCode: 'shapesplit', split: 'imp', fields: six },
  },
  {
    name: 'an endpoint template: a host label, a path value, an endpoint-only field (§8.7)',
    ceiling: 4260,
    record: {
      ...base,
      bidderCode: 'shapetemplate',
      endpoint: 'https://{region}.bid.example-ssp.com/pub/{supplyId}',
      fields: [
        ...six,
        { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', default: 'eu', pattern: '^[a-z]{2}$' },
        { name: 'predefinedEndpoint.supply', param: 'supplyId', type: 'text', display: 'Supply', required: true },
      ],
    },
  },
  {
    // A partner's answer read by the record's rules (docs/spec.md#read-bids): the runtime's readAnswers, the core's one
    // reader, which a record without `response` does not carry.
    name: 'answers read by response rules: bid type rules, video duration, deal priority, meta, macros, zero prices (§10)',
    ceiling: SHAPE_RESPONSE_CEILING,
    record: {
      ...base,
      bidderCode: 'shaperesponse',
      fields: six,
      response: {
        bidType: [{ from: 'mtype' }, { from: 'ext.kind', map: { b: 'banner', v: 'video' } }, { from: 'imp', order: ['video', 'banner'] }],
        video: { duration: 'ext.duration' },
        dealPriority: 'ext.dealPriority',
        meta: { brandName: 'ext.brand', networkId: 'ext.network' },
        macros: ['adm', 'nurl'],
        dropZeroPrice: true,
      },
    },
  },
];
