// The records the in-repository target is tried with (test/codegen/prebid-repo.test.ts, and Prebid's eslint rules
// in prebid-repo-lint.test.ts): the example, and one record for each part of docs/spec.md#records the target compiles.
import fs from 'node:fs';
import path from 'node:path';
import type { AdapterRecord } from '../../../src/core/types.js';

export const example = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../examples/prebid-js-adapter.json'), 'utf8')) as AdapterRecord;
export const known = ['bid.example-ssp.com'];

/** A record with what docs/spec.md#records adds: param keys, alsoTo, a boolean, request ext, constants, one-of, one request per bid. */
export const records8 = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/openrtb2',
  cpmField: 'price',
  bidderCode: 'bidfields_demo',
  split: 'imp',
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', alsoTo: ['predefinedImpExt.bidder.tagid'] },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'number', display: 'Publisher', integer: true },
    { name: 'predefinedRequestExt.partner.account', param: 'accountId', type: 'text', display: 'Account', required: true, minLength: 2 },
    { name: 'predefinedImpExt.test', param: 'test', type: 'boolean', display: 'Test' },
    {
      name: 'predefinedImpExt.size',
      param: 'sizeId',
      type: 'select',
      display: 'Size',
      options: [
        { name: 'A', value: 1 },
        { name: 'B', value: 2.5 },
      ],
    },
  ],
  constants: [
    { name: 'predefinedImpExt.is_prebid', value: true },
    { name: 'predefinedRequestExt.partner.source', value: 'prebid' },
  ],
  requireOneOf: [['placementId', 'sizeId']],
} as unknown as AdapterRecord;

/** A record whose endpoint is a template (docs/spec.md#endpoint-templates): a region as a host label, the publisher id in the path. */
export const templated = {
  protocol: 'prebid-js',
  endpoint: 'https://{region}.bid.example-ssp.com/pub/{publisherId}',
  cpmField: 'price',
  bidderCode: 'bidfields_tpl',
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true },
    { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', default: 'eu', pattern: '^[a-z]{2}$' },
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher', required: true },
  ],
} as unknown as AdapterRecord;

/** A record of lists, JSON values and ids (docs/spec.md#lists-json-ids), with defaults and an id at imp.tagid. */
export const lists = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/openrtb2',
  cpmField: 'price',
  bidderCode: 'bidfields_lists',
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'id', display: 'Placement', required: true, maxLength: 12, pattern: '^\\w+$' },
    { name: 'predefinedImpExt.kw', param: 'keywords', type: 'list', items: 'text', display: 'Keywords', maxItems: 5, maxLength: 20 },
    { name: 'predefinedImpExt.sizes', param: 'sizes', type: 'list', items: 'number', display: 'Sizes', integer: true, min: 1, default: [300] },
    { name: 'predefinedRequestExt.partner.custom', param: 'custom', type: 'json', display: 'Custom', default: { a: [1] } },
    { name: 'predefinedImpExt.unit', param: 'unitId', type: 'id', display: 'Unit' },
  ],
} as unknown as AdapterRecord;

/**
 * A record of typed OpenRTB targets (docs/spec.md#more-openrtb-targets): an imp's floor, currency and secure flag, its banner's
 * position, display manager text from a number, bcat, source and user ext, the inventory's and its publisher's ext,
 * and an inventory id constant (which the in-repository module once left unwritten).
 */
export const typed = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/openrtb2',
  cpmField: 'price',
  bidderCode: 'bidfields_typed',
  fields: [
    { name: 'prd.impBidFloor', param: 'floor', type: 'number', display: 'Floor', min: 0 },
    { name: 'prd.impBidFloorCur', param: 'currency', type: 'text', display: 'Currency', default: 'USD' },
    {
      name: 'prd.impSecure',
      param: 'secure',
      type: 'select',
      display: 'Secure',
      options: [
        { name: 'no', value: 0 },
        { name: 'yes', value: 1 },
      ],
    },
    { name: 'prd.bannerPos', param: 'pos', type: 'number', display: 'Position', integer: true },
    { name: 'prd.impDisplayManagerVer', param: 'version', type: 'number', display: 'Version' },
    { name: 'prd.bcat', param: 'bcat', type: 'list', items: 'text', display: 'Blocked categories' },
    { name: 'predefinedSourceExt.pid', param: 'pid', type: 'text', display: 'Partner' },
    { name: 'predefinedInventoryExt.zone', param: 'zone', type: 'text', display: 'Zone' },
  ],
  constants: [
    { name: 'predefinedUserExt.tier', value: 2 },
    { name: 'predefinedPublisherExt.network', value: 'n1' },
    { name: 'prd.appSiteId', value: 'site-7' },
    { name: 'prd.impDisplayManager', value: 'bidfields' },
  ],
} as unknown as AdapterRecord;

/** A partner that takes video and native only (docs/spec.md#protocols): the spec's bids are video, and banner is tested as not sent. */
export const videoNative = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/openrtb2',
  cpmField: 'price',
  bidderCode: 'bidfields_vn',
  mediaTypes: ['video', 'native'],
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true },
    { name: 'predefinedImpExt.floor', param: 'floor', type: 'number', display: 'Floor', min: 0 },
  ],
} as unknown as AdapterRecord;

/**
 * A record with the steps and conditions of docs/spec.md#values-from-the-request, docs/spec.md#conditions and
 * docs/spec.md#removals: removals (one keeping keys), banner sizes and copies from the request and the imp (into an
 * imp ext, the inventory's ext and the request ext, one only where nothing is there), `with` constants of an
 * exactly-one-of group, and a floor and a constant written only where the request holds nothing.
 */
export const steps = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/openrtb2',
  cpmField: 'price',
  bidderCode: 'bidfields_steps',
  fields: [
    {
      name: 'predefinedImpExt.bidder.placementId',
      param: 'placementId',
      type: 'text',
      display: 'Placement',
      with: [{ name: 'predefinedImpExt.bidder.kind', value: 'publisher' }],
    },
    {
      name: 'predefinedImpExt.bidder.networkId',
      param: 'networkId',
      type: 'text',
      display: 'Network',
      with: [{ name: 'predefinedImpExt.bidder.kind', value: 'network' }],
    },
    { name: 'prd.impBidFloor', param: 'floor', type: 'number', display: 'Floor', min: 0, when: 'absent' },
    {
      name: 'predefinedRequestExt.partner.account',
      param: 'accountId',
      type: 'text',
      display: 'Account',
      with: [{ name: 'predefinedRequestExt.partner.plan', value: { tier: 2 }, when: 'absent' }],
    },
  ],
  constants: [{ name: 'predefinedUserExt.source', value: 'prebid', when: 'absent' }],
  exactlyOneOf: [['placementId', 'networkId']],
  remove: ['site.publisher', { path: 'user.ext', keep: ['consent'] }, 'source.ext'],
  derive: [
    { op: 'bannerSizeFromFormat', when: 'eitherMissing' },
    { op: 'copy', from: 'site.publisher.id', to: 'predefinedImpExt.publisher' },
    { op: 'copy', from: 'imp.ext.gpid', to: 'prd.impTagId', when: 'absent' },
    { op: 'copy', from: 'site.publisher.domain', to: 'predefinedInventoryExt.publisherDomain' },
    { op: 'copy', from: 'user.ext.consent', to: 'predefinedRequestExt.partner.consent' },
  ],
} as unknown as AdapterRecord;

/** A record whose endpoint's placeholder is filled by the first of two keys entered (`{a|b}`, docs/spec.md#conditions). */
export const choices = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/pub/{publisherId|networkId}',
  cpmField: 'price',
  bidderCode: 'bidfields_choice',
  fields: [
    { name: 'predefinedEndpoint.publisherId', param: 'publisherId', type: 'text', display: 'Publisher' },
    { name: 'predefinedEndpoint.networkId', param: 'networkId', type: 'text', display: 'Network', pattern: '^[a-z0-9-]+$' },
    { name: 'predefinedImpExt.zone', param: 'zone', type: 'text', display: 'Zone' },
  ],
  exactlyOneOf: [['publisherId', 'networkId']],
} as unknown as AdapterRecord;

/**
 * A record with `requestValues: "first"` (docs/spec.md#conditions) and a template: every bid goes to the first bid's URL,
 * and each request-level value (a field, a `with` constant, a constant) is the first bid's that sends one; with a removal,
 * so that its constants are written in the loop over the imps.
 */
export const firsts = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/pub/{publisherId}',
  cpmField: 'price',
  bidderCode: 'bidfields_first',
  requestValues: 'first',
  fields: [
    { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher', required: true },
    {
      name: 'predefinedRequestExt.partner.account',
      param: 'accountId',
      type: 'text',
      display: 'Account',
      with: [{ name: 'predefinedRequestExt.partner.kind', value: 'account' }],
    },
    { name: 'predefinedImpExt.zone', param: 'zone', type: 'text', display: 'Zone' },
  ],
  constants: [{ name: 'predefinedRequestExt.partner.source', value: 'prebid' }],
  remove: ['ext'],
} as unknown as AdapterRecord;

/** A partner whose answers are read by response rules (docs/spec.md#read-bids): types by mtype, a mapped value or the imp, a fixed currency, video, deal priority, meta, macros, no zero prices. */
export const answered = {
  protocol: 'prebid-js',
  endpoint: 'https://bid.example-ssp.com/openrtb2',
  cpmField: 'ext.cpm',
  bidderCode: 'bidfields_answers',
  mediaTypes: ['banner', 'video'],
  fields: [
    { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true },
    { name: 'predefinedImpExt.floor', param: 'floor', type: 'number', display: 'Floor', min: 0 },
  ],
  response: {
    currency: { value: 'EUR' },
    bidType: [
      { from: 'mtype', map: { 1: 'banner', 2: 'video' } },
      { from: 'ext.kind', map: { b: 'banner', v: 'video' } },
    ],
    video: { duration: 'ext.seconds', primaryCategory: 'ext.category' },
    dealPriority: 'ext.priority',
    meta: { brandName: 'ext.brand', advertiserDomains: 'ext.domains', networkId: 'ext.network', rendererUrl: 'ext.renderer' },
    macros: ['adm', 'nurl'],
    dropZeroPrice: true,
  },
} as unknown as AdapterRecord;
