/**
 * The source of a generated enricher: the interpreter's `applyWrites` (apply/apply-writes.ts) written out for one
 * plan as straight-line code, so each copy and each write has its own property site (V8's inline caches stay
 * monomorphic) and no plan is walked per request. The same checks in the same order (own properties only, plain
 * objects only, `null` as absent), the same copies, the same issues (worded by apply/apply-issues.ts), the same
 * warnings. The source is the body of a function of `rt` (runtime.ts) that returns `{ apply }`; it is run with
 * `new Function` where the platform allows it, or written as a module (`bidfields codegen`).
 */
import type { Plan } from '../plan/compiled-plan.js';
import type { Slot } from '../plan/compiled-plan.js';
import {
  and,
  any,
  choice,
  copy,
  firstName,
  Hoisted,
  indent,
  lastValue,
  member,
  not,
  or,
  own,
  owns,
  when,
  isObjectType,
  type Cond,
  type Mode,
  type SourceValues,
} from './code.js';
import { emitExt, written } from './emit-ext.js';
import { emitJudge } from './emit-judge.js';
import { generatesSteps, stepsFunction } from './emit-steps.js';
import { literal } from './literal.js';
import { INVENTORY_KEYS } from '../rules/inventory.js';
import { inventoryOf, inventoryRead, writeInventory, type Sources } from './emit-inventory.js';
import type { Made } from './made.js';
import { exitWrite, oneTree, writesOneTree } from './emit-one.js';

const HEADER = "// bidfields enricher: generated from one adapter's field plan (do not edit; regenerate from the record).";

export function sourcesOf(plan: Plan): Sources {
  const all = [...plan.fields, ...plan.constants];
  return {
    name: (index) => all[index]!.name,
    inSlot: (slot) => all.filter((source) => source.targets.some((target) => target.slot === slot)).map((source) => source.index),
  };
}

/** A condition as a local variable when it is not known while generating (it is tested more than once). */
function local(lines: string[], variable: string, cond: Cond): Cond {
  if (cond === 'true' || cond === 'false') return cond;
  lines.push(`const ${variable} = ${cond};`);
  return variable;
}

/**
 * `writeImp(item, v, i, mutate, report)`: the tag id and ext writes into one imp; the imp written, or undefined when
 * nothing is (`exit` words the end, a `return` unless the lines are written inline). With `made`, the imp is the one
 * imp of a single-imp write tree (made.ts), and objects it made are written, not copied.
 */
export function writeImp(plan: Plan, sources: Sources, values: SourceValues, mode: Mode, made?: Made, exit = (value: string) => `return ${value};`): string[] {
  const body: string[] = [];
  // The interpreter's tag id is that of the last source with a value (only one can target it in a checked record).
  const tagSources = sources.inSlot('tagid');
  const tagCond = any(values, tagSources);
  if (tagCond !== 'false') body.push(`const tagid = ${lastValue(values, tagSources, values.text)};`);
  const tag = tagCond === 'false' || tagCond === 'true' ? tagCond : 'tagid !== undefined';
  const ext = local(body, 'ext', written(plan.impTree, values));
  if (or([tag, ext]) === 'false') return [...body, exit('undefined')];
  body.push(...when(not(or([tag, ext])), [exit('undefined')]));
  const owned = generatesSteps(plan.steps);
  const adds = or([and(tag, `!${owns('item', 'tagid')}`), and(ext, `!${owns('item', 'ext')}`)]);
  body.push(`const target = ${choice(mode, 'item', copy('item', adds, made ? made.test('item', ['imp', '#']) : owned))};`);
  body.push(...when(tag, [`${member('target', 'tagid')} = tagid;`]));
  const context = { values, name: sources.name, imp: 'i', mode, owned, made, next: 0 };
  if (ext !== 'false') {
    const written = emitExt(context, plan.impTree, 'e', '', ['imp', '#', 'ext']);
    body.push(
      ...when(ext, [
        `const e = ${own('item', 'ext')};`,
        ...written.lines,
        `if (${written.target} !== undefined) ${member('target', 'ext')} = ${written.target};`,
      ]),
    );
  }
  body.push(exit('target'));
  return body;
}

/**
 * The first part of `apply(request, w, perImp, allImps, mutateAsked, report)`: the request's shape, the warning, how
 * many imps, the inventory object, and whether to write in place, as the interpreter's `applyWrites` decides them.
 */
export function applyChecks(sources: Sources, values: SourceValues): string[] {
  const inventory = inventoryOf(sources, values);
  const body = [
    'if (!plain(request)) {',
    '  fail(report, issues.notAnObject());',
    '  return request;',
    '}',
    `const imps = ${own('request', 'imp')};`,
    'if (imps !== undefined && !isArray(imps)) fail(report, issues.impNotArray());',
    'else if (imps === undefined || imps.length === 0) fail(report, issues.noImp());',
    'else if (perImp !== undefined && perImp.length > imps.length) fail(report, issues.tooManyEntries(perImp.length, imps.length));',
    'if (report.issues !== undefined) return request;',
    `const app = ${own('request', 'app')};`,
    `const site = ${own('request', 'site')};`,
    'if (app !== undefined && site !== undefined) (report.warnings ??= []).push(issues.bothAppAndSite());',
    'const count = perImp !== undefined ? perImp.length : allImps ? imps.length : 1;',
  ];
  if (inventory.cond === 'false') body.push('let mutate = mutateAsked;');
  else {
    // The first source (in definition order) with a value for the inventory object: its issues are that field's.
    body.push(`const inventoryField = ${firstName(values, inventory.sources, sources.name, 'undefined')};`);
    body.push(
      `const inventoryKey = inventoryField === undefined ? undefined : ${INVENTORY_KEYS.map((key) => `${inventoryRead(key, own)} !== undefined ? ${literal(key)} : `).join('')}undefined;`,
    );
    body.push('let mutate = mutateAsked && (inventoryField === undefined || inventoryKey !== undefined);');
  }
  // In place only when the imps in reach (those given values) are objects (and an inventory object is there when one
  // is written), as in the interpreter.
  body.push('for (let i = 0; mutate && i < count; i++) if ((perImp === undefined || perImp[i] !== undefined) && !plain(imps[i])) mutate = false;');
  return body;
}

/** The imp list the writes set their imps into: the steps' own (made.ts), else a copy. */
function pickList(made: Made): string {
  const ours = made.test('imps', ['imp']);
  return ours === 'false' ? 'imps.slice()' : `(${ours} ? imps : imps.slice())`;
}

/** The variables the writes read, once the checks are made (the parameters of a placement's write functions). */
const writeParameters = (sources: Sources, values: SourceValues) =>
  `request, w, perImp, count, imps, app, site, ${inventoryOf(sources, values).cond === 'false' ? '' : 'inventoryField, inventoryKey, '}report`;

/**
 * The second part of `apply`: the writes, in place or copying (`mode`), and the result. `writeImp` names the function
 * that writes an imp, or is its lines, written inline (a single-imp write tree's, with its `made`, made.ts).
 */
export function applyWrites(plan: Plan, sources: Sources, values: SourceValues, mode: Mode, writeImp: string | string[], made?: Made): string[] {
  const inventory = inventoryOf(sources, values).cond;
  const owned = generatesSteps(plan.steps);
  const ours = (object: string, where: (string | null)[]) => (made ? made.test(object, where) : owned);
  const call =
    typeof writeImp === 'string'
      ? [`  ${mode === 'true' ? '' : 'const target = '}${writeImp}(item, v, i, ${mode === 'mutate' ? 'mutate, ' : ''}report);`]
      : ['  let written;', '  write: {', ...indent(indent(writeImp)), '  }'];
  const target = typeof writeImp === 'string' ? 'target' : 'written';
  const body = [
    `const out = ${choice(mode, 'request', copy('request', 'false', ours('request', [])))};`,
    ...(mode === 'true' ? [] : ['let newImps;']),
    'for (let i = 0; i < count; i++) {',
    '  const item = imps[i];',
    '  const v = perImp === undefined ? w : perImp[i];',
    '  if (v === undefined) continue;',
    // In place, every imp in reach was found plain by the checks.
    ...(mode === 'true'
      ? []
      : [`  if (${mode === 'mutate' ? '!mutate && ' : ''}!plain(item)) {`, '    fail(report, issues.impNotObject(i));', '    continue;', '  }']),
    ...call,
    ...(mode === 'true'
      ? []
      : [`  if (${target} !== undefined${mode === 'mutate' ? ' && !mutate' : ''}) (newImps ??= ${made ? pickList(made) : 'imps.slice()'})[i] = ${target};`]),
    '}',
    ...(mode === 'true' ? [] : [`if (newImps !== undefined) ${member('out', 'imp')} = newImps;`]),
  ];
  if (inventory !== 'false') {
    body.push(
      ...when(inventory === 'true' ? 'true' : 'inventoryField !== undefined', [
        'if (inventoryKey === undefined) fail(report, issues.noInventory(inventoryField));',
        'else {',
        `  const inventory = ${INVENTORY_KEYS.slice(0, -1)
          .map((key) => `inventoryKey === ${literal(key)} ? ${inventoryRead(key, member)} : `)
          .join('')}${inventoryRead(INVENTORY_KEYS.at(-1)!, member)};`,
        '  if (!plain(inventory)) fail(report, issues.inventoryConflict(inventoryKey, inventory, inventoryField));',
        '  else {',
        ...indent(indent(writeInventory(sources, values, mode, owned, made))),
        '  }',
        '}',
      ]),
    );
  }
  const requestExt = written(plan.requestTree, values);
  if (requestExt !== 'false') {
    const ext = emitExt({ values, name: sources.name, imp: '-1', mode, owned, made, next: 0 }, plan.requestTree, 'e', '', ['ext']);
    body.push(
      ...when(requestExt, [`const e = ${own('request', 'ext')};`, ...ext.lines, `if (${ext.target} !== undefined) ${member('out', 'ext')} = ${ext.target};`]),
    );
  }
  body.push('return out;');
  return body;
}

/**
 * The body of `function (rt) { … }` for a plan: `valuesOf(array)` says how the code reads source values (from the
 * array in the variable `array`, or as literals for a bound placement). With `judge` (an adapter's, whose values come
 * at run time), it also reads values objects: `judge(values, base)`, the interpreter's `judgeValues`.
 */
export function enricherBody(plan: Plan, valuesOf: (array: string, hoisted: Hoisted) => SourceValues, judge = false): string {
  const sources = sourcesOf(plan);
  const hoisted = new Hoisted();
  const impValues = valuesOf('v', hoisted);
  const requestValues = valuesOf('w', hoisted);
  // An adapter's enricher: one apply, in place or not per call (its code is made at compile, kept small). A placement's
  // (its values known, made at bind): a copying and an in-place version of the writes, each with its own caches.
  const split = !judge;
  const functions = split
    ? [
        'function writeImpCopying(item, v, i, report) {',
        ...indent(writeImp(plan, sources, impValues, 'false')),
        '}',
        '',
        'function writeImpInPlace(item, v, i, report) {',
        ...indent(writeImp(plan, sources, impValues, 'true')),
        '}',
        '',
        `function writeCopying(${writeParameters(sources, requestValues)}) {`,
        ...indent(applyWrites(plan, sources, requestValues, 'false', 'writeImpCopying')),
        '}',
        '',
        `function writeInPlace(${writeParameters(sources, requestValues)}) {`,
        ...indent(applyWrites(plan, sources, requestValues, 'true', 'writeImpInPlace')),
        '}',
        '',
        'function apply(request, w, perImp, allImps, mutateAsked, report) {',
        ...indent([
          ...applyChecks(sources, requestValues),
          `return mutate ? writeInPlace(${writeParameters(sources, requestValues)}) : writeCopying(${writeParameters(sources, requestValues)});`,
        ]),
        '}',
      ]
    : [
        'function writeImp(item, v, i, mutate, report) {',
        ...indent(writeImp(plan, sources, impValues, 'mutate')),
        '}',
        '',
        'function apply(request, w, perImp, allImps, mutateAsked, report) {',
        ...indent([...applyChecks(sources, requestValues), ...applyWrites(plan, sources, requestValues, 'mutate', 'writeImp')]),
        '}',
      ];
  // A placement whose plan removes or derives: its enrichment of one imp as one write tree (emit-one.ts).
  const one =
    split && writesOneTree(plan)
      ? oneTree(plan, applyChecks(sources, requestValues), (made) =>
          applyWrites(plan, sources, requestValues, 'false', writeImp(plan, sources, impValues, 'false', made, exitWrite), made),
        )
      : undefined;
  const judging = judge ? ['', 'function judge(values, base) {', ...indent(emitJudge(plan)), '}'] : [];
  // The steps (removals, derivations) depend on no value: the adapter's, which its placements run too.
  const steps = judge ? stepsFunction(plan.steps) : undefined;
  return [
    HEADER,
    '"use strict";',
    `const { plain, isArray, copyFor, str, issues, fail, some, first, adds${plan.fields.some((field) => isObjectType(field.plan.type)) ? ', json' : ''} } = rt;`,
    ...(judge ? ['const { isNotEntered, isRefusal, none: NONE, values: V, judgeValues } = rt;', 'const { fields: F, oneOf: G, byKey: known } = rt.plan;'] : []),
    'const hasOwn = Object.hasOwn;',
    'const OP = Object.prototype;',

    ...hoisted.declarations,
    ...judging,
    '',
    ...functions,
    ...(steps ? ['', ...steps] : []),
    ...(one ? ['', ...one] : []),
    '',
    judge ? `return { apply, judge${steps ? ', steps' : ''} };` : `return { apply${one ? ', one: applyOne' : ''} };`,
    '',
  ].join('\n');
}
