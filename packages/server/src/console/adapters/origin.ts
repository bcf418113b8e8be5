/**
 * How an edited draft keeps the stored record it was read from: a part of the record (a key, a field, a constant, a
 * removal, …) whose inputs the user did not change is written back as it was stored, every key and value as they
 * were; a changed one is written from its inputs, in the stored key order, keeping the stored keys the editor has no
 * input for where no "more settings" box holds them (a constant's or a `with` entry's `when`). So editing one input
 * changes that one part of the record, and saving an untouched record stores it unchanged.
 */

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `out[key] = value` as own data, whatever the key spells (`__proto__` too). */
export function setOwn(out: Obj, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A draft part as JSON, without the stored values it carries (`origin`): what the user typed and chose. */
const typed = (draft: unknown): string => JSON.stringify(draft, (key, value: unknown) => (key === 'origin' ? undefined : value)) ?? '';

/** True when two drafts (or parts of drafts) hold the same inputs. */
export const sameInputs = (a: unknown, b: unknown): boolean => typed(a) === typed(b);

/**
 * The object a changed part stands for: `fresh` (what its inputs make) for the `modeled` keys (all of them when not
 * given: a "more settings" box holds the rest), which it holds or leaves out, and `origin`'s other keys as stored;
 * keys in `origin`'s order, a key new to it after the `fresh` key before it (first when there is none).
 */
export function merged(origin: unknown, fresh: Obj, modeled?: readonly string[]): Obj {
  if (!isObject(origin)) return fresh;
  const keys = Object.keys(origin).filter((key) => (modeled !== undefined && !modeled.includes(key)) || Object.hasOwn(fresh, key));
  let after = -1;
  for (const key of Object.keys(fresh)) {
    const at = keys.indexOf(key);
    if (at >= 0) after = at;
    else keys.splice(++after, 0, key);
  }
  const out: Obj = {};
  for (const key of keys) setOwn(out, key, Object.hasOwn(fresh, key) ? fresh[key] : origin[key]);
  return out;
}

/**
 * A row's part of the record: the stored value itself when the row's inputs are those it was read with
 * (`readBack(origin)`), else what the inputs make ({@link merged} into the stored object when it was one).
 */
export function rowValue<Row extends { origin?: unknown }>(
  row: Row,
  readBack: (origin: unknown) => unknown,
  build: () => unknown,
  modeled?: readonly string[],
): unknown {
  if (row.origin !== undefined && sameInputs(row, readBack(row.origin))) return row.origin;
  const fresh = build();
  return isObject(fresh) ? merged(row.origin, fresh, modeled) : fresh;
}
