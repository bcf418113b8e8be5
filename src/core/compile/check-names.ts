/**
 * Cross-field name rules of SPEC §1: unique names (`duplicate_name`), and no two ext targets where one is a path
 * prefix of the other or the same (`name_conflict`), compared after the `predefinedImpExt.` prefix is stripped.
 * Linear in the number of fields (maps of targets and of their prefixes), so a 10,000-field definition is cheap.
 */
import { issue, type Issue } from '../issues.js';
import type { FieldPlan } from '../plan/plan.js';

export function checkNames(plans: readonly FieldPlan[], fieldsPath: string): Issue[] {
  const issues: Issue[] = [];
  const names = new Map<string, FieldPlan>();
  const targets = new Map<string, FieldPlan>();
  const prefixes = new Map<string, FieldPlan>();
  for (const plan of plans) {
    const at = `${fieldsPath}/${plan.index}/name`;
    const first = names.get(plan.name);
    if (first) {
      issues.push(issue('duplicate_name', at, `'${plan.name}' is already defined at ${fieldsPath}/${first.index}`, plan.name));
      continue;
    }
    names.set(plan.name, plan);
    if (plan.target !== 'ext') continue;
    const key = plan.extPath.join('.');
    const other = targets.get(key) ?? prefixes.get(key) ?? properPrefixes(plan.extPath).map((prefix) => targets.get(prefix)).find(Boolean);
    if (other) {
      issues.push(issue('name_conflict', at, `'${plan.name}' and '${other.name}' (${fieldsPath}/${other.index}) write the same place or one inside the other`, plan.name));
      continue;
    }
    targets.set(key, plan);
    for (const prefix of properPrefixes(plan.extPath)) if (!prefixes.has(prefix)) prefixes.set(prefix, plan);
  }
  return issues;
}

function properPrefixes(path: readonly string[]): string[] {
  const out: string[] = [];
  for (let length = 1; length < path.length; length++) out.push(path.slice(0, length).join('.'));
  return out;
}
