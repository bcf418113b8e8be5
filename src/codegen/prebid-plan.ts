/**
 * The build-time check of a Prebid.js adapter: the full `validateAdapter` (every SPEC rule, strict mode, the
 * endpoint against the known hosts), then what a bidder needs beyond a valid record (protocol `prebid-js`, an
 * endpoint, a GVL ID that is a positive integer), then the checked constants the page runs (`BidderPlan`), made
 * by the compact engine, the same code that makes them for the record-taking bidder.
 */
import { validateAdapter } from '../core/compile/index.js';
import { compileCompact } from '../core/compact/engine.js';
import { parseTemplate, type Template } from '../core/endpoint/template.js';
import { issue, type Issue } from '../core/issues.js';
import { planField } from '../core/plan/make-field-plan.js';
import { recordPlanOf, recordRules, type RecordParts } from '../core/plan/record-rules.js';
import type { CompileOptions } from '../core/types.js';
import { bidderPlan, isGvlid } from '../prebid/bidder.js';
import { ajaxHeaders } from '../prebid/headers.js';
import type { BidderPlan } from '../prebid/types.js';

export interface PrebidPlanOptions extends Pick<CompileOptions, 'allowLocal'> {
  /** Host names the record's endpoint may use (exact, or `*.example.com`). */
  knownEndpoints: readonly string[];
  /** The partner's IAB Global Vendor List ID (a positive integer). */
  gvlid?: number;
  /**
   * Plan an endpoint template (docs/spec.md#endpoint-templates) from the record as `validateAdapter` checked it (the in-repository adapter):
   * `url` is then the template's text and `template` its parts. Without it, a template comes from the compact engine
   * with its hosts (`bidderPlan`), which the standalone generator compiles into the module.
   */
  templates?: boolean;
}

/** A checked plan, with the parts of its endpoint template when it has one (and `templates` was asked for). */
export type PrebidPlan = BidderPlan & { template?: Template };

export type PrebidPlanResult = { ok: true; plan: PrebidPlan } | { ok: false; issues: Issue[] };

/**
 * The checked constants of a `prebid-js` record, or every issue that refuses it: `validateAdapter`'s (the same
 * list `bidfields validate --known-endpoint …` prints), else `wrong_protocol`, `invalid_endpoint` (no endpoint) and
 * `invalid_gvlid` (path `/gvlid`, into the options).
 * @example prebidPlan(record, { knownEndpoints: ['bid.acme.example'] }) // { ok: true, plan: { code: 'acme', url, cpm, fields } }
 */
export function prebidPlan(record: unknown, options: PrebidPlanOptions): PrebidPlanResult {
  const compileOptions: CompileOptions = { strict: true, knownEndpoints: options.knownEndpoints, allowLocal: options.allowLocal };
  const issues = validateAdapter(record, compileOptions);
  if (issues.length) return { ok: false, issues };
  const { protocol, endpoint } = record as { protocol?: unknown; endpoint?: unknown };
  const { gvlid } = options;
  if (protocol !== 'prebid-js')
    issues.push(issue('wrong_protocol', '/protocol', `a Prebid.js adapter needs protocol 'prebid-js', not '${String(protocol ?? 'prebid-server')}'`));
  else if (endpoint === undefined) issues.push(issue('invalid_endpoint', '/endpoint', 'a Prebid.js adapter needs an endpoint'));
  if (gvlid !== undefined && !isGvlid(gvlid)) issues.push(issue('invalid_gvlid', '/gvlid', 'the GVL ID must be a positive integer'));
  if (issues.length) return { ok: false, issues };
  const template = options.templates && typeof endpoint === 'string' ? parseTemplate(endpoint, 'prebid-js') : undefined;
  if (Array.isArray(template)) {
    // The checked record's plan as validateAdapter checked it (the compact engine takes no template).
    const { fields, bidderCode, cpmField, mediaTypes } = record as {
      fields: Record<string, unknown>[];
      bidderCode: string;
      cpmField: string;
      mediaTypes?: BidderPlan['mediaTypes'];
    };
    const rules = recordRules({ ...(record as RecordParts), fields }, '/fields', protocol, []);
    const ajax = ajaxHeaders(rules.headers);
    const plan = recordPlanOf(
      fields.map((field) => planField(field)[0]),
      rules,
    );
    return {
      ok: true,
      plan: {
        code: bidderCode,
        url: endpoint as string,
        cpm: cpmField,
        ...plan,
        template,
        ...(mediaTypes && { mediaTypes }),
        ...(gvlid !== undefined && { gvlid }),
        ...(ajax && { ajax }),
        ...((record as RecordParts).response !== undefined && { response: rules.response }),
      },
    };
  }
  const adapter = compileCompact(record, compileOptions);
  return { ok: true, plan: bidderPlan(adapter, compileOptions, gvlid) };
}
