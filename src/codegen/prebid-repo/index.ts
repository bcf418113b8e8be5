/**
 * The `prebid-repo` target of `generatePrebidAdapter`: a checked `prebid-js` record becomes the four files of a
 * new-bidder pull request, in the layouts of Prebid.js's repository and of prebid.github.io: the module
 * (module-ts.ts), its doc and spec (docs.ts, spec-js.ts) and the bidder's page on docs.prebid.org. The bidder code
 * must be one Prebid takes (prebid-package.ts).
 */
import { issue, type Issue } from '../../core/issues.js';
import type { FieldDefinition } from '../../core/types.js';
import { keyOf, type FieldPlan } from '../../core/plan/field-plan.js';
import type { PrebidPlan } from '../prebid-plan.js';
import { bidderDevDoc, repoModuleDoc } from './docs.js';
import { repoModule } from './module-ts.js';
import { findPrebid, repoCodeIssues } from './prebid-package.js';
import { repoSpec } from './spec-js.js';

export interface PrebidRepoOptions {
  /** The maintainer's e-mail, for the module doc's Overview: required (`missing_maintainer` without it). */
  maintainer?: string;
  /** A Prebid.js checkout (or the `prebid.js` package) whose bidder codes the new code must not clash with. Default: the installed `prebid.js`. */
  prebidDir?: string;
  /** Seconds a bid lives without `exp`. Default 300. */
  ttl?: number;
  /** The known endpoints an endpoint template's URLs are judged against (for the spec's expectations). */
  knownEndpoints?: readonly string[];
  allowLocal?: boolean;
  /** Whether CPMs are net. Default true. */
  netRevenue?: boolean;
  /** The currency of answers without \`cur\` (and of price floors). Default USD. */
  currency?: string;
}

/** One file of the pull request, by its path in the repository. */
export interface RepoFile {
  name: string;
  text: string;
}

/** A plain e-mail address (no spaces, brackets or line breaks, so it cannot break the doc's Overview block). */
const isEmail = (text: unknown): text is string =>
  typeof text === 'string' && text.length <= 254 && /^[^\s@<>()[\]`'",;:\\]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(text);

/**
 * The key Prebid publishers would expect for a field without `param`: its name without the prefix that places it,
 * in camelCase (`prd.impTagId` → `impTagId`, `predefinedImpExt.deal.tier` → `dealTier`), for the issue's message.
 */
export function camelKey(name: string): string {
  const [first = '', ...rest] = name
    .replace(/^(prd|predefined[A-Za-z]+)\./, '')
    .split(/[._$-]+/)
    .filter(Boolean);
  return first.charAt(0).toLowerCase() + first.slice(1) + rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
}

/**
 * Bid params under the keys Prebid publishers enter (docs/spec.md#param): each field's key must be an identifier
 * (its `param`, or a name that is one), not a dot path such as `prd.impTagId`: `missing_param` at the field's
 * `/param`, the message naming the camelCase key its name gives.
 */
function paramIssues(fields: readonly FieldPlan[]): Issue[] {
  return fields.flatMap((field, index) =>
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(keyOf(field))
      ? []
      : [
          issue(
            'missing_param',
            `/fields/${index}/param`,
            `Prebid publishers enter bid params under names such as "${camelKey(field.name)}", not "${field.name}": give the field a param`,
            field.name,
          ),
        ],
  );
}

/** The issues of the target's own options, the fields' keys and the bidder code: what Prebid's repository would refuse. */
export function prebidRepoIssues(code: string, fields: readonly FieldPlan[], options: PrebidRepoOptions): Issue[] {
  const issues: Issue[] = [...paramIssues(fields)];
  if (options.maintainer === undefined)
    issues.push(issue('missing_maintainer', '/maintainer', "the module doc names its maintainer: give the partner's e-mail (--maintainer)"));
  else if (!isEmail(options.maintainer)) issues.push(issue('invalid_maintainer', '/maintainer', 'the maintainer must be an e-mail address'));
  const prebidDir = findPrebid(options.prebidDir);
  if (prebidDir === undefined)
    issues.push(
      issue(
        'prebid_not_found',
        '/prebidDir',
        options.prebidDir === undefined
          ? 'the prebid.js package is not installed: install it, or name a Prebid.js checkout, to check the bidder code against its adapters'
          : `'${options.prebidDir}' is not a Prebid.js checkout or package`,
      ),
    );
  else issues.push(...repoCodeIssues(code, prebidDir));
  return issues;
}

/** The four files of a checked plan, its record's field definitions (in plan order) and its split. */
export function prebidRepoFiles(
  plan: PrebidPlan,
  definitions: readonly FieldDefinition[],
  split: 'imp' | 'none' | undefined,
  options: PrebidRepoOptions,
): RepoFile[] {
  const base = `${plan.code}BidAdapter`;
  return [
    {
      name: `modules/${base}.ts`,
      text: repoModule(plan, { ttl: options.ttl ?? 300, netRevenue: options.netRevenue ?? true, currency: options.currency ?? 'USD', split }),
    },
    { name: `modules/${base}.md`, text: repoModuleDoc(plan, definitions, { maintainer: options.maintainer! }) },
    {
      name: `test/spec/modules/${base}_spec.js`,
      text: repoSpec(plan, definitions, { split: split === 'imp', knownEndpoints: options.knownEndpoints, allowLocal: options.allowLocal }),
    },
    { name: `dev-docs/bidders/${plan.code}.md`, text: bidderDevDoc(plan, definitions) },
  ];
}
