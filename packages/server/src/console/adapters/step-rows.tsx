/**
 * The adapter editor's removals and derivations (docs/spec.md#removals, steps-draft.ts), what a record does to the
 * request before its fields write. A removal is a choice among the paths that may be removed, and for an object path
 * the keys it keeps; a derivation is the banner size from the first format (with its `when`) or a copy from a request
 * path to a name (optionally only where the target holds nothing). Each input labelled "Removal n …" /
 * "Derivation n …", each issue under its input; rows are added and removed.
 */
import { emptyDerivation, emptyRemoval, KEEPS_KEYS, REMOVABLE, SIZE_WHEN, type DerivationDraft, type RemovalDraft } from './steps-draft.js';

interface StepRowsProps {
  remove: readonly RemovalDraft[];
  derive: readonly DerivationDraft[];
  set: (change: { remove?: RemovalDraft[]; derive?: DerivationDraft[] }) => void;
  described: (id: string, hint?: string) => Record<string, unknown>;
  issuesAt: (id: string) => unknown;
}

/** A row's choice, and a stored value that is none of the choices, kept as an option of its own. */
const choices = (options: readonly (readonly [string, string])[], value: string) => (
  <>
    {options.map(([option, words]) => (
      <option value={option}>{words}</option>
    ))}
    {!options.some(([option]) => option === value) && <option value={value}>{value === '' ? 'none' : value}</option>}
  </>
);

export function StepRows({ remove, derive, set, described, issuesAt }: StepRowsProps) {
  const changeRemoval = (i: number, change: Partial<RemovalDraft>) => set({ remove: remove.map((row, j) => (j === i ? { ...row, ...change } : row)) });
  const changeDerivation = (i: number, change: Partial<DerivationDraft>) => set({ derive: derive.map((row, j) => (j === i ? { ...row, ...change } : row)) });
  const cell = (id: string, label: string, input: unknown) => (
    <span class="cell">
      <label for={id}>{label}</label>
      {input}
      {issuesAt(id)}
    </span>
  );
  return (
    <>
      <h3>Removals</h3>
      <p class="hint">
        Taken out of the partner's copy of the request before anything is written (the request given is never changed); <code>imp.ext</code> in each imp
        enriched. An object may keep some of its keys.
      </p>
      {remove.map((row, i) => {
        const n = i + 1;
        return (
          <fieldset class="field-row">
            <legend>Removal {n}</legend>
            {cell(
              `remove-${i}-path`,
              `Removal ${n} path`,
              <select {...described(`remove-${i}-path`)} value={row.path} onChange={(e) => changeRemoval(i, { path: e.currentTarget.value })}>
                {choices(
                  REMOVABLE.map((path) => [path, path]),
                  row.path,
                )}
              </select>,
            )}
            {(KEEPS_KEYS(row.path) || row.keep !== '') &&
              cell(
                `remove-${i}-keep`,
                `Removal ${n} keeps only (keys, comma-separated; empty: all removed)`,
                <input
                  {...described(`remove-${i}-keep`)}
                  value={row.keep}
                  placeholder="id"
                  spellcheck={false}
                  onInput={(e) => changeRemoval(i, { keep: e.currentTarget.value })}
                />,
              )}
            <button type="button" onClick={() => set({ remove: remove.filter((_, j) => j !== i) })}>
              Delete removal {n}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={() => set({ remove: [...remove, emptyRemoval()] })}>
        Add removal
      </button>
      <h3>Values from the request</h3>
      <p class="hint">
        Set after the removals and before the fields write, in this order: a banner's size from its first format, or a copy of a value of the request as given (
        <code>site.page</code>, <code>imp.tagid</code> for each imp) to a name, as a constant's. A field writing the same name wins where a value is entered.
      </p>
      {derive.map((row, i) => {
        const n = i + 1;
        const id = (key: string) => `derive-${i}-${key}`;
        const copy = row.op !== 'bannerSizeFromFormat';
        return (
          <fieldset class="field-row">
            <legend>Derivation {n}</legend>
            {cell(
              id('op'),
              `Derivation ${n} kind`,
              <select
                {...described(id('op'))}
                value={row.op}
                onChange={(e) => {
                  const op = e.currentTarget.value;
                  changeDerivation(i, { op, when: op === 'bannerSizeFromFormat' ? 'eitherMissing' : '' });
                }}
              >
                {choices(
                  [
                    ['bannerSizeFromFormat', 'banner size from its first format'],
                    ['copy', 'copy from the request'],
                  ],
                  row.op,
                )}
              </select>,
            )}
            {!copy &&
              cell(
                id('when'),
                `Derivation ${n} sets w and h when`,
                <select {...described(id('when'))} value={row.when} onChange={(e) => changeDerivation(i, { when: e.currentTarget.value })}>
                  {choices(SIZE_WHEN, row.when)}
                </select>,
              )}
            {copy && (
              <>
                {cell(
                  id('from'),
                  `Derivation ${n} from (request path)`,
                  <input
                    {...described(id('from'))}
                    value={row.from}
                    placeholder="site.page"
                    spellcheck={false}
                    onInput={(e) => changeDerivation(i, { from: e.currentTarget.value })}
                  />,
                )}
                {cell(
                  id('to'),
                  `Derivation ${n} to (name)`,
                  <input
                    {...described(id('to'))}
                    value={row.to}
                    placeholder="predefinedImpExt.bidder.page"
                    spellcheck={false}
                    onInput={(e) => changeDerivation(i, { to: e.currentTarget.value })}
                  />,
                )}
                <span class="cell check">
                  <input
                    type="checkbox"
                    {...described(id('when'))}
                    checked={row.when === 'absent'}
                    onChange={(e) => changeDerivation(i, { when: e.currentTarget.checked ? 'absent' : '' })}
                  />
                  <label for={id('when')}>Derivation {n} only where the target holds nothing</label>
                  {issuesAt(id('when'))}
                </span>
              </>
            )}
            <button type="button" onClick={() => set({ derive: derive.filter((_, j) => j !== i) })}>
              Delete derivation {n}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={() => set({ derive: [...derive, emptyDerivation()] })}>
        Add derivation
      </button>
    </>
  );
}
