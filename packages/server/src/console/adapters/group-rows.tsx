/**
 * Groups of field keys, one input a group (the keys separated by commas): the record's one-of groups
 * (docs/spec.md#one-of, at least one entered) and its exactly-one-of groups (docs/spec.md#conditions, exactly one
 * entered). Each labelled "<title> n (keys, comma-separated)", each issue under its input.
 */

interface GroupRowsProps {
  rows: readonly string[];
  set: (rows: string[]) => void;
  /** The inputs' ids are `<prefix>-<i>` (what draft.ts's inputFor names). */
  prefix: string;
  heading: string;
  hint: string;
  /** "One-of group": each row's label and remove button start so; the add button says "Add <title>". */
  title: string;
  described: (id: string, hint?: string) => Record<string, unknown>;
  issuesAt: (id: string) => unknown;
}

export function GroupRows({ rows, set, prefix, heading, hint, title, described, issuesAt }: GroupRowsProps) {
  const lower = title.charAt(0).toLowerCase() + title.slice(1);
  return (
    <>
      <h3>{heading}</h3>
      <p class="hint">{hint}</p>
      {rows.map((keys, i) => (
        <div class="row">
          <span class="cell">
            <label for={`${prefix}-${i}`}>
              {title} {i + 1} (keys, comma-separated)
            </label>
            <input
              {...described(`${prefix}-${i}`)}
              class="wide"
              value={keys}
              placeholder="placementId, invCode"
              onInput={(e) => set(rows.map((g, j) => (j === i ? e.currentTarget.value : g)))}
            />
            {issuesAt(`${prefix}-${i}`)}
          </span>
          <button type="button" onClick={() => set(rows.filter((_, j) => j !== i))}>
            Remove {lower} {i + 1}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => set([...rows, ''])}>
        Add {lower}
      </button>
    </>
  );
}
