/**
 * `judge(values, base)`: the interpreter's `judgeValues` (apply/bind-values.ts) written out for one plan. Each key is
 * read as a named property (V8 caches the values object's shape), unknown keys are found without building a list,
 * and the values come back as one array, ready for `apply`. The value rule itself is not written here: each field's
 * judge (plan/value-judge.ts) is called, as the interpreter calls it, and the issues come from apply/value-issues.ts.
 */
import type { Plan } from '../plan/compiled-plan.js';
import { expression, literal } from './literal.js';
import { indent, isObjectType, owns } from './code.js';

/** Up to this many fields, unknown keys are found by a `switch`; beyond, by the plan's map of keys. */
const SWITCH = 16;

/**
 * Beyond this many fields, the code of each field's reading costs more to parse than it saves (a 1,000-field
 * adapter's would be 350 kB): `judge` calls the interpreter's `judgeValues`, which gives the same answer.
 */
const MAX_JUDGED_FIELDS = 64;

export function emitJudge(plan: Plan): string[] {
  const { fields, oneOf } = plan;
  if (fields.length > MAX_JUDGED_FIELDS) return ['return judgeValues(rt.plan, values, base);'];
  const body = [
    'if (!plain(values)) return { issues: [V.notAnObject(base)] };',
    'let issues;',
    // Own enumerable keys in Object.keys' order (for-in lists them first; what it lists after is inherited).
    'for (const key in values) {',
  ];
  if (fields.length <= SWITCH) {
    if (fields.length) body.push(`  switch (key) {`, ...fields.map((field) => `    case ${literal(field.key)}:`), '      continue;', '  }');
    body.push('  if (hasOwn(values, key)) (issues ??= []).push(V.unknown(base, key));');
  } else body.push('  if (!known.has(key) && hasOwn(values, key)) (issues ??= []).push(V.unknown(base, key));');
  body.push('}');
  for (const field of fields) {
    const i = field.index;
    const notEntered =
      field.defaultValue !== undefined
        ? [`w${i} = ${expression(field.defaultValue)};`]
        : field.required
          ? [`(issues ??= []).push(V.missing(F[${i}], base));`]
          : [];
    body.push(
      `let w${i};`,
      '{',
      ...indent([
        `const raw = ${owns('values', field.key)} ? values[${literal(field.key)}] : undefined;`,
        ...(notEntered.length ? ['if (isNotEntered(raw)) {', ...indent(notEntered), '} else {'] : ['if (!isNotEntered(raw)) {']),
        `  const verdict = F[${i}].judge(raw);`,
        `  if (isRefusal(verdict)) (issues ??= []).push(V.refused(F[${i}], verdict, base));`,
        // A list's or JSON value comes as a function that gives it (plan/value-judge.ts).
        `  else w${i} = verdict${isObjectType(field.plan.type) ? '()' : ''};`,
        '}',
      ]),
      '}',
    );
  }
  oneOf.forEach((group, g) =>
    body.push(`issues = V.group(G[${g}], [${group.fields.map((field) => `w${field.index} !== undefined`).join(', ')}], base, issues);`),
  );
  body.push('if (issues !== undefined) return { issues };', `return { written: [${fields.map((field) => `w${field.index}`).join(', ')}], issues: NONE };`);
  return body;
}
