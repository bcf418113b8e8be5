/**
 * Per-field rules of SPEC §1–2 for one schema-valid definition: unsafe and unknown predefined names, the RTB
 * prefix rule, unique option values, coherent bounds, a pattern that compiles, a default that passes the field's
 * own rule. A field that passes becomes a `FieldPlan` with its target and value rule resolved.
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { FieldDefinition, Protocol } from '../types.js';
import type { FieldPlan } from '../plan/plan.js';
import { EXT_PREFIX, extSegments, hasUnsafeSegment, predefinedTarget } from '../definition/names.js';
import { isNotEntered, valueRule } from './value-rule.js';

export function planField(field: FieldDefinition, index: number, fieldsPath: string, protocol: Protocol, extBase: readonly string[]): { plan?: FieldPlan; issues: Issue[] } {
  const at = (...keys: (string | number)[]) => fieldsPath + pointer(index, ...keys);
  const { name } = field;
  const issues: Issue[] = [];
  const target = predefinedTarget(name);

  if (hasUnsafeSegment(name)) issues.push(issue('unsafe_name', at('name'), `'${name}' has a segment (__proto__, prototype or constructor) that could reach an object prototype`, name));
  else if (target === undefined && name.startsWith('prd.')) issues.push(issue('unknown_predefined', at('name'), `'${name}' is not a predefined name (prd.impTagId, prd.appPublisherId, prd.appSiteId)`, name));
  else if (target === undefined && protocol === 'rtb' && !name.startsWith(EXT_PREFIX)) {
    issues.push(issue('rtb_field_without_prefix', at('name'), `an RTB ext param must be named '${EXT_PREFIX}${name}'`, name));
  }

  if (field.type === 'select') {
    const seen = new Set<number>();
    field.options.forEach((option, j) => {
      if (seen.has(option.value)) issues.push(issue('duplicate_option', at('options', j, 'value'), `option value ${option.value} appears twice`, name));
      seen.add(option.value);
    });
  }
  if (field.type === 'number' && field.min !== undefined && field.max !== undefined && field.min > field.max) {
    issues.push(issue('schema', at('max'), 'max must not be less than min', name));
  }
  let pattern: RegExp | undefined;
  if (field.type === 'text') {
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
      issues.push(issue('schema', at('maxLength'), 'maxLength must not be less than minLength', name));
    }
    if (field.pattern !== undefined) {
      try {
        pattern = new RegExp(field.pattern, 'u');
      } catch {
        issues.push(issue('schema', at('pattern'), 'pattern is not a valid regular expression (unicode mode)', name));
      }
    }
  }
  if (issues.length > 0) return { issues };

  const rule = valueRule(field, pattern, target !== undefined);
  let defaultValue: FieldPlan['defaultValue'];
  if (field.default !== undefined && !isNotEntered(field.default)) {
    const result = rule(field.default);
    if (!result.ok) return { issues: [issue('invalid_default', at('default'), `default ${result.message}`, name)] };
    defaultValue = result.value;
  }
  const plan: FieldPlan = {
    name,
    index,
    target: target ?? 'ext',
    extPath: target === undefined ? [...extBase, ...extSegments(name)] : [],
    rule,
    required: field.required === true,
    defaultValue,
    valuePath: pointer(name),
  };
  return { plan, issues };
}
