/**
 * Rows of a name and a JSON value (constants-draft.ts): the record's constants (docs/spec.md#constants), and a field's
 * `with` constants (docs/spec.md#conditions), written only when that field has a value. Each row is labelled
 * "<title> n name" / "<title> n value (JSON)" ("Constant 1 name", "Field 2 with 1 value (JSON)"), each issue under
 * its input; rows are added and removed.
 */
import { emptyConstant, type ConstantDraft } from './constants-draft.js';

interface ConstantRowsProps {
  rows: readonly ConstantDraft[];
  set: (rows: ConstantDraft[]) => void;
  /** The inputs' ids are `<prefix>-<i>-name` and `<prefix>-<i>-value` (what draft.ts's inputFor names). */
  prefix: string;
  /** "Constant", "Field 2 with": each row's legend, labels and remove button start so. */
  title: string;
  /** The add button's words. */
  add: string;
  placeholder: string;
  described: (id: string, hint?: string) => Record<string, unknown>;
  issuesAt: (id: string) => unknown;
}

export function ConstantRows({ rows, set, prefix, title, add, placeholder, described, issuesAt }: ConstantRowsProps) {
  const change = (i: number, change: Partial<ConstantDraft>) => set(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));
  return (
    <>
      {rows.map((row, i) => {
        const id = (key: string) => `${prefix}-${i}-${key}`;
        const name = `${title} ${i + 1}`;
        return (
          <fieldset class="field-row">
            <legend>{name}</legend>
            <span class="cell">
              <label for={id('name')}>{name} name</label>
              <input {...described(id('name'))} value={row.name} placeholder={placeholder} onInput={(e) => change(i, { name: e.currentTarget.value })} />
              {issuesAt(id('name'))}
            </span>
            <span class="cell">
              <label for={id('value')}>{name} value (JSON)</label>
              <input
                {...described(id('value'))}
                class="wide"
                value={row.value}
                placeholder="true"
                spellcheck={false}
                onInput={(e) => change(i, { value: e.currentTarget.value })}
              />
              {issuesAt(id('value'))}
            </span>
            <button type="button" onClick={() => set(rows.filter((_, j) => j !== i))}>
              Remove {name.charAt(0).toLowerCase() + name.slice(1)}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={() => set([...rows, emptyConstant()])}>
        {add}
      </button>
    </>
  );
}
