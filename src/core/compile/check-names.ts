/**
 * Cross-field name rules of SPEC §1: unique names (`duplicate_name`), and no two names where one is a path prefix
 * of the other or the same (`name_conflict`). They run over every field whose name passes the grammar and is safe,
 * whatever the field's other issues (a bad default, a schema error), so that one issue never hides another. One step
 * per name segment (a map of names, tries of paths), so 10,000 deep names are cheap.
 */
import { issue, type Issue } from '../issues.js';
import { extTargets } from '../definition/ext-targets.js';
import { extPath, extSegments, hasUnsafeSegment, isFieldName, predefinedPath } from '../definition/names.js';
import { isPlainObject } from '../apply/plain-object.js';

interface Named {
  name: string;
  index: number;
}

/** A field's name when the name rules apply to it: a string of the name grammar without unsafe segments. */
function checkedName(field: unknown): string | undefined {
  if (!isPlainObject(field)) return undefined;
  const { name } = field;
  return isFieldName(name) && !hasUnsafeSegment(name) ? name : undefined;
}

/**
 * The name rules over an adapter's field definitions (any input: only the names are read). Names are compared after
 * the `predefinedImpExt.` prefix is stripped. With an ext base (bidder params under `imp.ext.prebid.bidder.<code>`),
 * names are also compared where they land, since `predefinedImpExt.<path>` stays at `imp.ext.<path>` and could
 * hold, or sit inside, the bidder params.
 */
export function checkNames(fields: readonly unknown[], fieldsPath: string, extBase: readonly string[]): Issue[] {
  const issues: Issue[] = [];
  const names = new Map<string, number>();
  const paths = extTargets<Named>();
  const places = extTargets<Named>();
  fields.forEach((field, index) => {
    const name = checkedName(field);
    if (name === undefined) return;
    const at = `${fieldsPath}/${index}/name`;
    const first = names.get(name);
    if (first !== undefined) {
      issues.push(issue('duplicate_name', at, `'${name}' is already defined at ${fieldsPath}/${first}`, name));
      return;
    }
    names.set(name, index);
    // Names are compared as paths (SPEC §1: `a` and `a.b` conflict), predefined ones as written: `prd` and
    // `prd.impTagId` conflict too, though only one of them lands in imp.ext.
    const predefined = predefinedPath(name) !== undefined;
    const other = paths.add(predefined ? name.split('.') : extSegments(name), { name, index });
    if (other) {
      issues.push(issue('name_conflict', at, `'${name}' and '${other.name}' (${fieldsPath}/${other.index}) are the same path or one is inside the other`, name));
      return;
    }
    const overlap = extBase.length > 0 && !predefined ? places.add(extPath(name, extBase), { name, index }) : undefined;
    if (overlap) {
      const base = `imp.ext.${extBase.join('.')}`;
      issues.push(issue('name_conflict', at, `'${name}' and '${overlap.name}' (${fieldsPath}/${overlap.index}) land in the same place or one inside the other (bidder params go under ${base})`, name));
    }
  });
  return issues;
}
