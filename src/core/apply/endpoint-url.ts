/**
 * The URL an enrichment is sent to when the endpoint is a template (docs/spec.md#endpoint-templates): the template filled with
 * the values the enrichment bound, or the issue at the value that cannot fill it (`/<key>`, per imp `/<i>/<key>` of
 * the first imp that entered it).
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { Plan } from '../plan/compiled-plan.js';
import { buildUrl, type Template } from '../endpoint/template.js';

/**
 * URLs by the values array they were built from, with the template they fill: a bound placement enriches with one
 * array for its whole life (no values array is changed once made), so its URL is built once,
 * not per request (parsing a URL costs a few microseconds). A values array made per enrichment is simply not met again.
 */
const built = new WeakMap<readonly unknown[], { template: object; url: URL; href: string }>();

/**
 * Fills `template` from `values` (a source value per field, by index; a placeholder no imp entered takes its
 * field's default); `perImp`, each imp's values, says where an issue points.
 */
export function endpointUrl(
  plan: Plan,
  template: { parts: Template; hosts: string[] },
  values: readonly unknown[],
  perImp: readonly (readonly unknown[] | undefined)[] | undefined,
): URL | Issue {
  const known = built.get(values);
  // A URL object can be changed by whoever holds it (`sendable` returns it): one whose href moved is made again, so
  // no caller's change ever sends a later request anywhere but the template's known hosts.
  if (known?.template === template && known.url.href === known.href) return known.url;
  const made = buildUrl(template.parts, template.hosts, (key) => values[plan.byKey.get(key)!.index] ?? plan.byKey.get(key)!.defaultValue);
  if (made instanceof URL) {
    built.set(values, { template, url: made, href: made.href });
    return made;
  }
  const [key, code] = made;
  const field = plan.byKey.get(key)!;
  const imp = perImp ? perImp.findIndex((entry) => entry?.[field.index] !== undefined) : -1;
  const message =
    code === 'missing_required'
      ? `the endpoint needs a value for '${key}', and no imp entered one`
      : code === 'invalid_value'
        ? 'cannot fill the endpoint: a host value must be one DNS label (letters, digits, hyphens; no punycode), a path value no . or .. segment, and the URL at most 2,048 characters (its host at most 253)'
        : 'the endpoint this value makes is not a known endpoint';
  return issue(code, (imp < 0 ? '' : `/${imp}`) + pointer(key), message, field.name);
}
