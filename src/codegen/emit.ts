/**
 * Source text of a generated adapter. Every name and value from the record enters the module as a JSON literal
 * (`literal`), never as code text: a hostile field name, display text or option can only ever be a string inside
 * the constants. The module is static (no `eval`, no `new Function`): it imports the page runtime and calls it.
 */
import type { FieldPlan } from '../core/plan/field-plan.js';
import type { BidderPlan, PrebidRuntimeOptions } from '../prebid/types.js';
import { literal } from '../core/source/literal.js';
import { endpointSource, endpointHelpers } from './endpoint-source.js';
import { hasSteps, hasTyped } from '../prebid/bidder.js';

export { literal };

/** Where a generated adapter imports the page runtime from, unless told otherwise. */
const RUNTIME = 'bidfields/prebid-runtime';

/**
 * The engine features (core/compact/values-engine.ts) a plan uses, by the names the page runtime exports them
 * under: the module imports only these, so a page bundler drops the code of the others.
 */
function featuresOf(plan: BidderPlan): string[] {
  const { fields, constants, oneOf, template } = plan;
  return [
    fields.some((field) => field.type === 'boolean') && 'booleans',
    fields.some((field) => field.type === 'list' || field.type === 'json' || field.type === 'id') && 'lists',
    fields.some((field) => [field.to, ...(field.also ?? [])].some((to) => to[0] > 3)) && 'targets',
    oneOf?.length && 'oneOf',
    fields.some((field) => field.also) && 'alsoTo',
    constants?.length && 'constants',
    (plan.with?.length || plan.exactlyOneOf?.length) && 'conditions',
    template && 'template',
  ].filter((name): name is string => typeof name === 'string');
}

/**
 * The plan as a generated module holds it: only what the page runtime reads. Its value rule reads a field's type
 * only to tell a text field (and the `booleans` feature a boolean one) from the others, a select by its options, so
 * number and select fields go without `type` (`registerOnPage` takes them so).
 * @example pagePlan({ code: 'x', url, cpm: 'price', fields: [{ name: 'zone', to: [0, 'ext', 'zone'], type: 'number' }] }).fields // [{ name: 'zone', to: [0, 'ext', 'zone'] }]
 */
export function pagePlan(plan: BidderPlan): BidderPlan {
  const fields = plan.fields.map((field) => {
    const { type, ...rest } = field;
    return type === 'number' || type === 'select' ? (rest as FieldPlan) : field;
  });
  // A template is compiled into the module (`endpointUrl`), so the plan carries neither it nor its hosts; `split`
  // only with a template (requestsByUrl reads it): split alone is the request builder, requestPerBid.
  const { template, hosts: _hosts, split, ...rest } = plan;
  return { ...rest, ...(template && split && { split }), fields };
}

/**
 * The ES module of a checked adapter: imports the runtime (and the features its plan uses, and the request builder
 * `requestsByUrl` for a template, `requestPerBid` for split alone), registers the bidder, exports its spec. An endpoint template is
 * compiled into the module as `endpointUrl` (codegen/endpoint-source.ts), run by the runtime's `urlFrom` feature.
 * The plan is a JS object literal there, where a `"__proto__"` key would set a prototype: the
 * only keys that come from the record are those inside constants' values, and the record rules refuse a prototype
 * key at any depth of them (plan/record-rules.ts), so none gets here.
 */
export function adapterModule(plan: BidderPlan, options: PrebidRuntimeOptions, runtime = RUNTIME): string {
  const { template } = plan;
  // A template is the `urlFrom` feature of the module's compiled `endpointUrl`, which calls runtime helpers.
  const imported = featuresOf(plan).filter((name) => name !== 'template');
  const features = template ? [...imported, 'urlFrom(endpointUrl)'] : imported;
  const helpers = template ? ['urlFrom', 'isNotEntered', ...endpointHelpers(template)] : [];
  // A template sends a request per URL (per bid with split): the runtime's requestsByUrl; split alone, a request per
  // bid to the endpoint: requestPerBid. A record's headers (docs/spec.md#headers) go on each request by withHeaders,
  // around it or around the one request.
  const byUrl = template ? ['requestsByUrl'] : plan.split ? ['requestPerBid'] : [];
  const typed = hasTyped(plan);
  const steps = hasSteps(plan);
  const requests = [...byUrl, ...(plan.ajax ? ['withHeaders'] : []), ...(typed ? ['withTargets'] : []), ...(steps ? ['withSteps'] : [])];
  const headed = plan.ajax ? `withHeaders(${byUrl.join('')})` : byUrl[0];
  // Typed targets (docs/spec.md#more-openrtb-targets) are written by an engine withTargets gives the request builder, and
  // removals and derivations (docs/spec.md#removals) made by one withSteps gives it.
  const stepped = steps ? `withSteps(${headed ?? ''})` : headed;
  const builder = typed ? `withTargets(${stepped ?? ''})` : stepped;
  // A record with `response` (docs/spec.md#read-bids) has its answers read by the runtime's readAnswers, the core's
  // one reader; a record without imports none of it, and its module is as it was.
  const answers = plan.response ? ['readAnswers'] : [];
  const args = [
    literal(pagePlan(plan)),
    ...(answers.length
      ? [literal(options), `[${features.join(', ')}]`, builder ?? 'undefined', ...answers]
      : builder
        ? [literal(options), `[${features.join(', ')}]`, builder]
        : features.length
          ? [literal(options), `[${features.join(', ')}]`]
          : Object.keys(options).length
            ? [literal(options)]
            : []),
  ];
  return `// The Prebid.js bidder adapter of one bidfields adapter record (bidder code in the constants below), generated by
// \`bidfields prebid-adapter\`: do not edit, regenerate from the record. Import it next to Prebid.js; it registers
// the bidder at once when Prebid has loaded, else first in pbjs.que.
import { ${['registerOnPage', ...imported, ...helpers, ...requests, ...answers].join(', ')} } from ${literal(runtime)};
${
  template
    ? `
${endpointSource(template, { typed: false })}
`
    : ''
}
export const spec = registerOnPage(${args.join(', ')});
`;
}
