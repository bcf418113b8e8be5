/**
 * One field of the adapter editor: its inputs (name, key, type, display, required, the type's own rules, default,
 * more targets), each labelled "Field n …" so a screen reader and the browser test can tell the rows apart, each
 * issue under its input.
 */
import type { FieldDraft } from './draft.js';

interface RowProps {
  index: number;
  field: FieldDraft;
  change: (change: Partial<FieldDraft>) => void;
  remove: () => void;
  described: (id: string) => Record<string, unknown>;
  issuesAt: (id: string) => unknown;
}

export function FieldRow({ index, field, change, remove, described, issuesAt }: RowProps) {
  const n = index + 1;
  const id = (key: string) => `field-${index}-${key}`;
  const textInput = (key: keyof FieldDraft, label: string, extra: Record<string, unknown> = {}) => (
    <span class="cell">
      <label for={id(key)}>
        Field {n} {label}
      </label>
      <input {...described(id(key))} {...extra} value={field[key] as string} onInput={(e) => change({ [key]: e.currentTarget.value })} />
      {issuesAt(id(key))}
    </span>
  );
  const box = (key: 'required' | 'integer', label: string) => (
    <span class="cell check">
      <input type="checkbox" {...described(id(key))} checked={field[key]} onChange={(e) => change({ [key]: e.currentTarget.checked })} />
      <label for={id(key)}>
        Field {n} {label}
      </label>
      {issuesAt(id(key))}
    </span>
  );
  return (
    <fieldset class="field-row">
      <legend>Field {n}</legend>
      {textInput('name', 'name', { placeholder: 'prd.impTagId' })}
      {textInput('param', 'key (param)', { placeholder: 'the name', title: 'The key values are entered under; empty: the name' })}
      <span class="cell">
        <label for={id('type')}>Field {n} type</label>
        <select {...described(id('type'))} value={field.type} onChange={(e) => change({ type: e.currentTarget.value, ...(e.currentTarget.value === 'boolean' || field.type === 'boolean' ? { default: '' } : {}) })}>
          <option value="text">text</option>
          <option value="number">number</option>
          <option value="select">select</option>
          <option value="boolean">boolean</option>
        </select>
        {issuesAt(id('type'))}
      </span>
      {textInput('display', 'display')}
      {box('required', 'required')}
      {field.type === 'select' && (
        <span class="cell">
          <label for={id('options')}>Field {n} options (one a line: label = value)</label>
          <textarea {...described(id('options'))} rows={3} value={field.options} onInput={(e) => change({ options: e.currentTarget.value })} />
          {issuesAt(id('options'))}
        </span>
      )}
      {field.type === 'number' && (
        <>
          {textInput('min', 'minimum', { inputMode: 'decimal' })}
          {textInput('max', 'maximum', { inputMode: 'decimal' })}
          {box('integer', 'whole numbers only')}
        </>
      )}
      {field.type === 'text' && (
        <>
          {textInput('minLength', 'minimum length', { inputMode: 'numeric' })}
          {textInput('maxLength', 'maximum length', { inputMode: 'numeric' })}
          {textInput('pattern', 'pattern')}
        </>
      )}
      {field.type === 'boolean' ? (
        <span class="cell">
          <label for={id('default')}>Field {n} default</label>
          <select {...described(id('default'))} value={field.default} onChange={(e) => change({ default: e.currentTarget.value })}>
            <option value="">none</option>
            <option value="true">true</option>
            <option value="false">false</option>
            {field.default !== '' && field.default !== 'true' && field.default !== 'false' && <option value={field.default}>{field.default}</option>}
          </select>
          {issuesAt(id('default'))}
        </span>
      ) : (
        textInput('default', 'default')
      )}
      {textInput('alsoTo', 'also to (names)', { placeholder: 'predefinedImpExt.bidder.tagid', class: 'wide' })}
      {textInput('description', 'description')}
      <button type="button" onClick={remove}>
        Remove field {n}
      </button>
    </fieldset>
  );
}
