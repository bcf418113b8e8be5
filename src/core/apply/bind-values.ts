/**
 * Validates and coerces entered values against a plan (SPEC §3) and arranges them as writes. Runs once per set
 * of values: `adapter.bind(values)` keeps the result for many requests, `adapter.enrich` does it each call.
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { Plan } from '../plan/plan.js';
import type { BoundWrites, ExtWrite } from '../plan/bound-writes.js';
import { isNotEntered, type WrittenValue } from '../compile/value-rule.js';
import { isPlainObject } from './plain-object.js';

/** More unknown keys than this are summarised in one issue instead of one each. */
export const MAX_UNKNOWN_FIELD_ISSUES = 100;

interface ExtNode {
  value: WrittenValue | undefined;
  children: Map<string, ExtNode> | undefined;
  relPath: string;
  field: string;
}

function insertExt(roots: Map<string, ExtNode>, path: readonly string[], value: WrittenValue, field: string): void {
  let level = roots;
  let relPath = '';
  for (let depth = 0; depth < path.length; depth++) {
    const key = path[depth]!;
    relPath += pointer(key);
    const leaf = depth === path.length - 1;
    let node = level.get(key);
    if (!node) {
      node = { value: leaf ? value : undefined, children: leaf ? undefined : new Map(), relPath, field };
      level.set(key, node);
    }
    // compile refused names where one is a prefix of another, so a leaf never meets an object here.
    if (!leaf) level = node.children!;
  }
}

/** Maps are for building; the hot path walks plain arrays. */
function freeze(level: Map<string, ExtNode>): ExtWrite[] {
  const out: ExtWrite[] = [];
  for (const [key, node] of level) {
    out.push({ key, value: node.value, children: node.children && freeze(node.children), relPath: node.relPath, field: node.field });
  }
  return out;
}

/** Checks `values` against the plan; returns the writes, or the issues (paths point into `values`). */
export function bindValues(plan: Plan, values: unknown): { writes?: BoundWrites; issues: Issue[] } {
  if (!isPlainObject(values)) return { issues: [issue('invalid_value', '', 'values must be an object keyed by field name')] };
  const issues: Issue[] = [];
  let unknown = 0;
  for (const key of Object.keys(values)) {
    if (plan.byName.has(key)) continue;
    if (++unknown <= MAX_UNKNOWN_FIELD_ISSUES) issues.push(issue('unknown_field', pointer(key), `no field named '${key}' in this adapter`, key));
  }
  if (unknown > MAX_UNKNOWN_FIELD_ISSUES) {
    issues.push(issue('limit_exceeded', '', `${unknown - MAX_UNKNOWN_FIELD_ISSUES} more unknown fields not listed`));
  }

  let tagid: string | undefined;
  let publisherId: string | undefined;
  let siteId: string | undefined;
  let inventoryField: string | undefined;
  const ext = new Map<string, ExtNode>();
  for (const field of plan.fields) {
    const raw = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    let value: WrittenValue;
    if (isNotEntered(raw)) {
      if (field.defaultValue !== undefined) value = field.defaultValue;
      else {
        if (field.required) issues.push(issue('missing_required', field.valuePath, `'${field.name}' is required`, field.name));
        continue;
      }
    } else {
      const result = field.rule(raw);
      if (!result.ok) {
        issues.push(issue(result.code, field.valuePath, result.message, field.name));
        continue;
      }
      value = result.value;
    }
    switch (field.target) {
      case 'tagid':
        tagid = value as string;
        break;
      case 'publisher':
        publisherId = value as string;
        inventoryField ??= field.name;
        break;
      case 'siteId':
        siteId = value as string;
        inventoryField ??= field.name;
        break;
      default:
        insertExt(ext, field.extPath, value, field.name);
    }
  }
  if (issues.length > 0) return { issues };
  return { writes: { tagid, publisherId, siteId, inventoryField, ext: ext.size > 0 ? freeze(ext) : undefined }, issues };
}
