/**
 * The inventory object's part of a generated enricher (enricher-source.ts): which sources write it (publisher id, site
 * id), how app and site are read, and its writes once the inventory key is known, as the interpreter's `applyWrites`.
 */
import { and, any, choice, copy, indent, lastValue, member, or, own, owns, when, type Cond, type Mode, type SourceValues } from './code.js';
import { literal } from './literal.js';
import { INVENTORY_KEYS, type InventoryKey } from '../rules/inventory.js';
import type { Slot } from '../plan/compiled-plan.js';
import type { Made } from './made.js';

/** An inventory object of the request: `app` and `site` are read once into variables (both are checked for the
 * both_app_and_site warning), any other key where it is needed. */
/** A plan's sources (fields, then constants) as the generated writes name and pick them. */
export interface Sources {
  name(index: number): string;
  /** The sources with a target in `slot`, in source order. */
  inSlot(slot: Slot): number[];
}

export const inventoryRead = (key: InventoryKey, read: (object: string, key: string) => string): string =>
  key === 'app' || key === 'site' ? key : read('request', key);

/** What the generated code is told about the adapter it was generated for (a comment: never read as code). */
/** The inventory object's writes (publisher id, site id), once the inventory key is known. */
export function writeInventory(sources: Sources, values: SourceValues, mode: Mode, owned: boolean, made?: Made): string[] {
  const siteSources = sources.inSlot('siteId');
  const publisherSources = sources.inSlot('publisher');
  // As in the interpreter, the last source with a value gives each id (only one can target each in a checked record).
  const body: string[] = [];
  const siteCond = any(values, siteSources);
  const publisherCond = any(values, publisherSources);
  if (siteCond !== 'false') body.push(`const siteId = ${lastValue(values, siteSources, values.text)};`);
  if (publisherCond !== 'false') body.push(`const publisherId = ${lastValue(values, publisherSources, values.text)};`);
  const site = siteCond === 'false' || siteCond === 'true' ? siteCond : 'siteId !== undefined';
  const publisher = publisherCond === 'false' || publisherCond === 'true' ? publisherCond : 'publisherId !== undefined';
  const write = [
    `const target = ${choice(mode, 'inventory', copy('inventory', or([and(site, `!${owns('inventory', 'id')}`), and(publisher, `!${owns('inventory', 'publisher')}`)]), made ? made.test('inventory', [null]) : owned))};`,
    ...when(site, [`${member('target', 'id')} = siteId;`]),
    ...when(publisher, [
      `if (publisher === undefined) ${member('target', 'publisher')} = { ${literal('id')}: publisherId };`,
      ...(mode === 'true'
        ? [`else ${member('publisher', 'id')} = publisherId;`]
        : [
            ...(mode === 'mutate' ? [`else if (mutate) ${member('publisher', 'id')} = publisherId;`] : []),
            'else {',
            `  const copy = ${copy('publisher', `!${owns('publisher', 'id')}`, made ? made.test('publisher', [null, 'publisher']) : owned)};`,
            `  ${member('copy', 'id')} = publisherId;`,
            `  ${member('target', 'publisher')} = copy;`,
            '}',
          ]),
    ]),
    ...INVENTORY_KEYS.map((key, index) =>
      index === INVENTORY_KEYS.length - 1
        ? `else ${member('out', key)} = target;`
        : `${index ? 'else ' : ''}if (inventoryKey === ${literal(key)}) ${member('out', key)} = target;`,
    ),
  ];
  if (publisher === 'false') return [...body, ...write];
  const publisherField = lastValue(values, publisherSources, (index) => literal(sources.name(index)));
  return [
    ...body,
    'let publisher;',
    ...when(publisher, [`publisher = ${own('inventory', 'publisher')};`]),
    `if (publisher !== undefined && !plain(publisher)) fail(report, issues.publisherConflict(inventoryKey, publisher, ${publisherField}));`,
    'else {',
    ...indent(write),
    '}',
  ];
}

/** Whether the plan writes into the inventory object, and the sources it is written from, in order. */
export function inventoryOf(sources: Sources, values: SourceValues): { sources: number[]; cond: Cond } {
  const list = sources
    .inSlot('publisher')
    .concat(sources.inSlot('siteId'))
    .sort((a, b) => a - b);
  return { sources: list, cond: any(values, list) };
}
