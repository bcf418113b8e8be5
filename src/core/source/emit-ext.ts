/**
 * The writes under an `ext` (an imp's or the request's) as straight-line code: the interpreter's `writeExt`
 * (apply/apply-writes.ts) unrolled over the plan's ext tree, one guarded block per node, in the tree's order.
 */
import type { ExtTreeNode } from '../plan/ext-tree.js';
import { addsKeys, any, choice, copy, firstName, indent, member, own, present, when, type Cond, type Mode, type SourceValues } from './code.js';
import { literal } from './literal.js';
import type { Made, MadePath } from './made.js';

export interface ExtContext {
  readonly values: SourceValues;
  /** The name of source `index` (a field's, else a constant's). */
  readonly name: (index: number) => string;
  /** The imp index expression, or `'-1'` for the request's ext. */
  readonly imp: string;
  /** Whether writes go in place. */
  readonly mode: Mode;
  /** Whether the plan's generated steps run first (emit-steps.ts): objects they made are written, not copied. */
  readonly owned: boolean;
  /** In a single-imp write tree (made.ts), the variables of the objects it made, instead of `owned`'s list. */
  readonly made?: Made;
  /** Numbers the generated variables. */
  next: number;
}

/** The source indexes of the leaves below `nodes`, in source order. */
export function leaves(nodes: readonly ExtTreeNode[]): number[] {
  const out: number[] = [];
  const walk = (list: readonly ExtTreeNode[]) => list.forEach((node) => (node.children ? walk(node.children) : out.push(node.fieldIndex!)));
  walk(nodes);
  return out.sort((a, b) => a - b);
}

/** Whether any leaf below `nodes` has a value: whether the interpreter's writes have an entry for them. */
export const written = (nodes: readonly ExtTreeNode[], values: SourceValues): Cond => any(values, leaves(nodes));

/**
 * Lines that write `nodes` into the object in the variable `existing` (`undefined`: none yet) and leave the object
 * written in the variable returned, or `undefined` there after a `path_conflict` (the first source with a value
 * below `relPath` is the field the conflict is reported for, as in the interpreter).
 */
export function emitExt(
  context: ExtContext,
  nodes: readonly ExtTreeNode[],
  existing: string,
  relPath: string,
  where: MadePath = [],
): { lines: string[]; target: string } {
  const { values, name } = context;
  const target = `t${context.next++}`;
  const field = firstName(values, leaves(nodes), name);
  const adds = addsKeys(
    values,
    existing,
    nodes.map((node) => ({ key: node.key, sources: node.children ? leaves(node.children) : [node.fieldIndex!] })),
  );
  const body: string[] = [];
  for (const node of nodes) {
    if (!node.children) {
      body.push(...when(present(values, node.fieldIndex!), [`${member(target, node.key)} = ${values.value(node.fieldIndex!)};`]));
      continue;
    }
    const childWritten = written(node.children, values);
    if (childWritten === 'false') continue;
    const childExisting = `e${context.next++}`;
    const child = emitExt(context, node.children, childExisting, node.relPath, [...where, node.key]);
    body.push(
      ...when(childWritten, [
        `const ${childExisting} = ${own(target, node.key)};`,
        ...child.lines,
        `if (${child.target} !== undefined) ${member(target, node.key)} = ${child.target};`,
      ]),
    );
  }
  const lines = [
    `let ${target};`,
    `if (${existing} === undefined) ${target} = {};`,
    `else if (plain(${existing})) ${target} = ${choice(context.mode, existing, copy(existing, adds, context.made ? context.made.test(existing, where) : context.owned))};`,
    `else fail(report, issues.extConflict(${context.imp}, ${literal(relPath)}, ${existing}, ${field}));`,
    ...(body.length ? [`if (${target} !== undefined) {`, ...indent(body), '}'] : []),
  ];
  return { lines, target };
}
