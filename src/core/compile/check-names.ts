/**
 * Cross-field name rules of SPEC §1: unique names (`duplicate_name`), and no two names where one is a path prefix
 * of the other or the same (`name_conflict`), compared after the `predefinedImpExt.` prefix is stripped.
 * One step per name segment (a map of names, a trie of targets), so 10,000 deep names are cheap.
 */
import { issue, type Issue } from '../issues.js';
import { extTargets } from '../definition/ext-targets.js';
import type { FieldPlan } from '../plan/plan.js';

export function checkNames(plans: readonly FieldPlan[], fieldsPath: string): Issue[] {
  const issues: Issue[] = [];
  const names = new Map<string, FieldPlan>();
  const targets = extTargets<FieldPlan>();
  for (const plan of plans) {
    const at = `${fieldsPath}/${plan.index}/name`;
    const first = names.get(plan.name);
    if (first) {
      issues.push(issue('duplicate_name', at, `'${plan.name}' is already defined at ${fieldsPath}/${first.index}`, plan.name));
      continue;
    }
    names.set(plan.name, plan);
    // Names are compared as paths (SPEC §1: `a` and `a.b` conflict), predefined ones as written: `prd` and
    // `prd.impTagId` conflict too, though only one of them lands in imp.ext.
    const other = targets.add(plan.target === 'ext' ? plan.extPath : plan.name.split('.'), plan);
    if (other) issues.push(issue('name_conflict', at, `'${plan.name}' and '${other.name}' (${fieldsPath}/${other.index}) are the same path or one is inside the other`, plan.name));
  }
  return issues;
}
