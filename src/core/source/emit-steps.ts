/**
 * The steps of a plan (docs/spec.md#removals, docs/spec.md#values-from-the-request) as generated code: the interpreter's
 * `prepareRequest` (apply/request-steps.ts) written out for one plan, each removal, banner size and copy straight-line
 * with its paths as literals, so no plan is walked and no path list is made per request. Reads and copies are written
 * as the generated writes write them (code.ts: own properties of plain objects, a spread at each place); every
 * judgement (what a target takes, what counts as absent, when a banner takes its format's size, which inventory
 * object, the warning) is a call into apply/step-ops.ts, the operations the interpreter runs too.
 */
import { placeOf } from '../definition/names.js';
import { kindOf, NUMERIC, type Steps } from '../plan/steps-plan.js';
import type { DerivePlan, RemovePlan } from '../plan/field-plan.js';
import { copy as copyOf, indent, member, own } from './code.js';
import { literal } from './literal.js';
import type { Made, MadePath } from './made.js';

/** The step operations a generated `steps` calls (step-ops.ts, handed over as `rt.steps`), as their local names. */
export const STEP_OPS = [
  'read',
  'owned',
  'dropped',
  'impList',
  'created',
  'kept',
  'isAbsent',
  'inventoryIn',
  'sizeWanted',
  'formatSize',
  'taken',
  'copySkipped',
];

/** A path element: the imp list, an imp by its index variable, a key known while generating, or the inventory key (`inv`). */
type Step = { imp: true } | { index: string } | { key: string } | { inventory: true };

const DECIMAL = /^\d+$/;

/** The own, present value of `key` of the object in `node` (step-ops.ts' `read`); `plainKnown`: it is a plain object. */
function at(node: string, key: string, plainKnown: boolean): string {
  if (DECIMAL.test(key)) return `$read(${node}, ${literal(key)})`;
  return plainKnown ? own(node, key) : `(plain(${node}) ? ${own(node, key)} : undefined)`;
}

/** Lines that read `keys` down from `from` into the variable `name` (`fromPlain`: `from` is a plain object). */
function readDown(name: string, from: string, keys: readonly string[], fromPlain: boolean): string[] {
  if (!keys.length) return [`const ${name} = ${from};`];
  return [`let ${name} = ${from};`, ...keys.map((key, i) => `${name} = ${at(name, key, fromPlain && i === 0)};`)];
}

/**
 * Which objects this call made: a list searched at run time (`made`, for any number of imps), or, for one imp, a
 * variable per path (made.ts), `where` the path of the object at hand.
 */
interface Ledger {
  readonly made?: Made;
  readonly where: MadePath;
}

/** An object made at `at.where`, kept as this call's: recorded in the list, or in its path's variable. */
const keep = (at: Ledger, object: string) => (at.made ? `(${at.made.variable(at.where)} = ${object})` : `$owned(made, ${object})`);

/** Whether the object in `node` is one this call made. */
const ours = (at: Ledger, node: string) => (at.made ? at.made.test(node, at.where) : `made.includes(${node})`);

/** `then` when `cond` holds, else `otherwise`, folded when `cond` is known. */
const pick = (cond: string, then: string, otherwise: string) => (cond === 'false' ? otherwise : `(${cond} ? ${then} : ${otherwise})`);

/** The object in the variable `node`, ready to be written into (`adds`: it gets a key it lacks): its own copy unless this call made it. */
const mine = (at: Ledger, node: string, adds: string) => pick(ours(at, node), node, keep(at, node === 'view' ? copyOf(node, adds) : `copyFor(${node}, true)`));

/** The object in the variable `node` without its key `key`: deleted where this call made it, else a copy without it. */
const droppedFrom = (at: Ledger, node: string, key: string) =>
  at.made
    ? pick(ours(at, node), `(delete ${member(node, key)}, ${node})`, keep(at, `$without(${node}, ${literal(key)})`))
    : `$dropped(made, ${node}, ${literal(key)})`;

/** The path element of a step (made.ts). */
const element = (step: Step): string | null => ('imp' in step ? 'imp' : 'index' in step ? '#' : 'key' in step ? step.key : null);

/**
 * Lines that make the objects of `path` below the view writable (created where missing with `create`), ending with
 * the last one in `node` (without its key `drop`, when given); past a non-object, `fail` runs. Whether each copy gets
 * new keys is judged as the interpreter's reach judges it.
 */
function reach(path: readonly Step[], create: boolean, fail: readonly string[], drop: string | undefined, made: Made | undefined): string[] {
  const ledger = (i: number): Ledger => ({ made, where: path.slice(0, i + 1).map(element) });
  // Whether the object in the variable `node` gets a key it lacks (the next step, a key created, or the last).
  const adds = (node: string, next: number): string => {
    const step = path[next];
    if (step === undefined) return 'true';
    if (!create) return 'false';
    return 'key' in step ? `${at(node, step.key, true)} === undefined` : 'inventory' in step ? `$read(${node}, inv) === undefined` : 'false';
  };
  // The object in the variable `node` made writable, or without its key `drop` at the last step.
  const writable = (node: string, i: number) =>
    drop !== undefined && i === path.length - 1 ? droppedFrom(ledger(i), node, drop) : mine(ledger(i), node, adds(node, i + 1));
  const lines = [`let node = view = ${writable('view', -1)};`];
  path.forEach((step, i) => {
    if ('imp' in step) {
      if (!made) return void lines.push('$impList(made, node);');
      const list = made.variable(ledger(i).where);
      return void lines.push(`if (node.imp !== ${list}) node.imp = ${list} = node.imp.slice();`);
    }
    if ('index' in step)
      return void lines.push(`{`, `  const item = node.imp[${step.index}];`, `  node = node.imp[${step.index}] = ${writable('item', i)};`, '}');
    const name = 'key' in step ? literal(step.key) : 'inv';
    const found = `const next = ${'key' in step ? at('node', step.key, true) : '$read(node, inv)'};`;
    // Without `create` every object on the path was found a plain object before (a removal's holder, a banner with a
    // format): written with no test. With it, a key missing is created, and past a non-object `fail` runs.
    if (!create) return void lines.push('{', ...indent([found, `node = node[${name}] = ${writable('next', i)};`]), '}');
    const write = `else if (plain(next)) node = node[${name}] = ${writable('next', i)};`;
    const created = `if (next === undefined) node = node[${name}] = ${made ? keep(ledger(i), '{}') : '$created(made)'};`;
    lines.push('{', ...indent([found, created, write, 'else {', ...indent(fail), '}']), '}');
  });
  return lines;
}

const key = (name: string): Step => {
  member('node', name); // throws on a prototype key, which a checked plan never has
  return { key: name };
};

/**
 * `body` for each imp enriched (`i` its index), or for the first only (`first`); for one imp (`made`), once when it is
 * enriched (`enriched`), `i` 0.
 */
function eachImp(made: Made | undefined, body: readonly string[], first = false): string[] {
  if (made) return ['if (enriched) {', ...indent(['const i = 0;', ...body]), '}'];
  return [`for (let n = 0; n < ${first ? 'Math.min(imps.length, 1)' : 'imps.length'}; n++) {`, ...indent(['const i = imps[n];', ...body]), '}'];
}

/** One removal (`R[k]`): from the request, or from each imp enriched. */
function removal(step: RemovePlan, k: number, made: Made | undefined): string[] {
  const holder = step.path.slice(0, -1);
  const last = step.path.at(-1)!;
  const path: Step[] = [...(step.imp ? [{ imp: true as const }, { index: 'i' }] : []), ...holder.map(key)];
  const write = step.keep
    ? [
        `const original = holder[${literal(last)}];`,
        'if (plain(original)) {',
        ...indent([...reach(path, false, [], undefined, made), `${member('node', last)} = $kept(original, R[${k}].keep);`]),
        '}',
      ]
    : reach(path, false, [], last, made);
  const body = [
    ...readDown('holder', step.imp ? 'view.imp[i]' : 'view', holder, true),
    `if (plain(holder) && hasOwn(holder, ${literal(last)})) {`,
    ...indent(write),
    '}',
  ];
  return step.imp ? eachImp(made, body) : ['{', ...indent(body), '}'];
}

/** A banner size from the first format, in each imp enriched. */
function bannerSize(when: string, made: Made | undefined): string[] {
  return eachImp(made, [
    ...readDown('banner', 'view.imp[i]', ['banner'], true),
    'const size = $formatSize(banner);',
    `if (size !== undefined && $sizeWanted(${literal(when)}, ${own('banner', 'w')}, ${own('banner', 'h')})) {`,
    ...indent([...reach([{ imp: true }, { index: 'i' }, key('banner')], false, [], undefined, made), 'node.w = size[0];', 'node.h = size[1];']),
    '}',
  ]);
}

/** One copy (`D[k]`): into each imp enriched, or once (from the first) for a request-level target. */
function copy(step: Extract<DerivePlan, { op: 'copy' }>, k: number, made: Made | undefined): string[] {
  const [root, ...keys] = step.to;
  const place = placeOf(root);
  const kind = kindOf(step.to);
  const label = `copy${k}`;
  const skip = [`$copySkipped(report, D[${k}], i);`, `break ${label};`];
  const base: Step[] =
    place === 'imp' ? [{ imp: true }, { index: 'i' }, ...(root === 7 ? [key('banner')] : [])] : place === 'inventory' ? [{ inventory: true }] : [];
  const [baseRead, basePlain] =
    place === 'imp' ? (root === 7 ? ['banner', false] : ['view.imp[i]', true]) : place === 'inventory' ? ['$read(view, inv)', false] : ['view', true];
  const body = [
    ...(step.imp ? readDown('from', '$read(given.imp, i)', step.from, false) : readDown('from', 'given', step.from, true)),
    `if (from === undefined || from === "") break ${label};`,
    `const value = $taken(${literal(kind)}, from);`,
    ...(place === 'inventory' ? ['const inv = $inventoryIn(view);', 'if (value === undefined || inv === undefined) {'] : ['if (value === undefined) {']),
    ...indent(skip),
    '}',
    ...(root === 7 ? [...readDown('banner', 'view.imp[i]', ['banner'], true), `if (banner === undefined) break ${label};`] : []),
    ...(step.absent ? [...readDown('held', baseRead, keys, basePlain), `if (!$isAbsent(held, ${NUMERIC.includes(kind)})) break ${label};`] : []),
    ...reach([...base, ...keys.slice(0, -1).map(key)], true, skip, undefined, made),
    `${member('node', keys.at(-1)!)} = value;`,
  ];
  return eachImp(made, [`${label}: {`, ...indent(body), '}'], place !== 'imp');
}

/** Whether a plan's steps are generated code: it removes or derives something (guards run around the writes). */
export const generatesSteps = (steps: Steps | undefined): steps is Steps => Boolean(steps?.remove?.length || steps?.derive?.length);

/**
 * `function steps(request, imps, report, given)`: the view of `request` after the plan's removals and derivations, for
 * the enriched imps `imps`, as `prepareRequest(plan.steps, …)` makes it; `undefined` when the plan has none to write out.
 */
export function stepsFunction(steps: Steps | undefined): string[] | undefined {
  if (!generatesSteps(steps)) return undefined;
  const body = [
    'const made = [];',
    'let view = request;',
    ...stepLines(steps, undefined),
    // The writes that follow write into these objects rather than copy them again (code.ts' copy).
    'report.made = made;',
    'return view;',
  ];
  return [...stepsPrelude(), 'function steps(request, imps, report, given) {', ...indent(body), '}'];
}

/**
 * What a generated `steps` takes from the runtime, or (`one`) a placement's one write tree (emit-one.ts), which also
 * copies an object without a key where the list's `dropped` did.
 */
export const stepsPrelude = (one = false): string[] => [
  `const { ${[...STEP_OPS, ...(one ? ['without'] : [])].map((name) => `${name}: $${name}`).join(', ')} } = rt.steps;`,
  'const R = rt.plan.steps.remove;',
  'const D = rt.plan.steps.derive;',
];

/**
 * The removals, then the derivations in record order, on the view in the variable `view` (copies read `given`): for
 * the enriched imps in `imps`, each object made recorded in the list `made`; or, with `made` (one imp, enriched when
 * `enriched` holds), in the variables of their paths (made.ts).
 */
export const stepLines = (steps: Steps, made: Made | undefined): string[] => [
  ...(steps.remove ?? []).flatMap((step, k) => removal(step, k, made)),
  ...(steps.derive ?? []).flatMap((step, k) => (step.op === 'bannerSizeFromFormat' ? bannerSize(step.when, made) : copy(step, k, made))),
];
