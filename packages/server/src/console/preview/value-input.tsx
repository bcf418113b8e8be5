/**
 * One input of the placement form (preview-page.tsx), drawn from its `formFields` entry: typed, chosen, a checkbox
 * that starts "not entered", or for a JSON field (docs/spec.md#lists-json-ids) a box of JSON text, which the preview
 * parses before it sends it (per-imp.ts). A list is typed as its items separated by commas, an id as text. Its hint
 * says what it adds when it has a value (its `with` constants, docs/spec.md#conditions).
 */
import type { FormField, Issue } from 'bidfields';

export function Input({ id, field, text, found, set }: { id: string; field: FormField; text: string; found: readonly Issue[]; set: (value: string) => void }) {
  const hints = [
    field.description,
    field.kind === 'list' && `${field.items === 'number' ? 'numbers' : 'items'} separated by commas`,
    field.pattern && `${field.kind === 'list' ? 'each: ' : ''}pattern ${field.pattern}`,
    field.minItems !== undefined && `at least ${field.minItems} item${field.minItems === 1 ? '' : 's'}`,
    field.maxItems !== undefined && `at most ${field.maxItems} item${field.maxItems === 1 ? '' : 's'}`,
    field.kind === 'json' && 'JSON text: "abc", 5, ["a"], {"k": 1}',
    field.min !== undefined && `${field.kind === 'list' ? 'each ' : ''}at least ${field.min}`,
    field.max !== undefined && `${field.kind === 'list' ? 'each ' : ''}at most ${field.max}`,
    field.integer && (field.kind === 'list' ? 'whole numbers' : 'a whole number'),
    field.kind === 'checkbox' && text === '' && 'not entered',
    field.default !== undefined && `default ${field.default}`,
    field.oneOf && `one of several: ${field.oneOf.map((g) => `group ${g + 1}`).join(', ')}`,
    field.with && `with a value, it adds ${field.with.map((w) => `${w.name} = ${JSON.stringify(w.value)}`).join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
  const describedBy = [hints && `${id}-hint`, found.length > 0 && `${id}-issues`].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': found.length > 0 || undefined, 'aria-describedby': describedBy };
  const label = (
    <label for={id}>
      {field.label}
      {field.required ? ' (required)' : ''}
    </label>
  );
  const after = (
    <>
      {hints && (
        <p id={`${id}-hint`} class="hint">
          {hints}
        </p>
      )}
      {found.length > 0 && (
        <ul id={`${id}-issues`} class="issues-at" data-for={id}>
          {found.map((i) => (
            <li>
              {i.message} ({i.code})
            </li>
          ))}
        </ul>
      )}
    </>
  );
  if (field.kind === 'checkbox') {
    // Three states: "not entered" (the default applies; shown as mixed when there is none), true, false.
    const checked = text === 'true' || (text === '' && field.default === true);
    return (
      <div class="cell">
        <span class="check">
          <input
            type="checkbox"
            {...common}
            checked={checked}
            indeterminate={text === '' && field.default === undefined}
            onChange={(e) => set(e.currentTarget.checked ? 'true' : 'false')}
          />
          {label}
          {text !== '' && (
            <button type="button" class="small" onClick={() => set('')}>
              Clear {field.label}
            </button>
          )}
        </span>
        {after}
      </div>
    );
  }
  return (
    <div class="cell">
      {label}
      {field.kind === 'select' ? (
        <select {...common} required={field.required} value={text} onChange={(e) => set(e.currentTarget.value)}>
          <option value="">Not entered</option>
          {field.options!.map((o) => (
            <option value={String(o.value)}>
              {o.name} ({o.value})
            </option>
          ))}
        </select>
      ) : field.kind === 'json' ? (
        <textarea
          {...common}
          required={field.required}
          rows={2}
          spellcheck={false}
          value={text}
          placeholder={field.default === undefined ? '' : String(field.default)}
          onInput={(e) => set(e.currentTarget.value)}
        />
      ) : (
        <input
          {...common}
          required={field.required}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          value={text}
          placeholder={field.default === undefined ? '' : String(field.default)}
          onInput={(e) => set(e.currentTarget.value)}
        />
      )}
      {after}
    </div>
  );
}
