/**
 * One field of the adapter editor: its inputs (name, key, type, display, required, the type's own rules, default,
 * more targets), each labelled "Field n …" so a screen reader and the browser test can tell the rows apart, each
 * issue under its input. A field named `predefinedEndpoint.<segment>` (docs/spec.md#endpoint-templates) is entered like any other; a hint at
 * its name says that it writes nothing and only fills the endpoint's placeholder of its key.
 */
import { ENDPOINT_PREFIX } from 'bidfields';
import type { FieldDraft } from './draft.js';

interface RowProps {
  index: number;
  field: FieldDraft;
  change: (change: Partial<FieldDraft>) => void;
  remove: () => void;
  described: (id: string, hint?: string) => Record<string, unknown>;
  issuesAt: (id: string) => unknown;
}

export function FieldRow({ index, field, change, remove, described, issuesAt }: RowProps) {
  const n = index + 1;
  const id = (key: string) => `field-${index}-${key}`;
  const textInput = (key: keyof FieldDraft, label: string, extra: Record<string, unknown> = {}, hint?: unknown) => (
    <span class="cell">
      <label for={id(key)}>
        Field {n} {label}
      </label>
      <input
        {...described(id(key), hint ? `${id(key)}-hint` : undefined)}
        {...extra}
        value={field[key] as string}
        onInput={(e) => change({ [key]: e.currentTarget.value })}
      />
      {issuesAt(id(key))}
      {hint && (
        <p class="hint" id={`${id(key)}-hint`}>
          {hint}
        </p>
      )}
    </span>
  );
  // An endpoint-only field (docs/spec.md#endpoint-templates) is entered like any other; only what its value does differs.
  const endpointOnly = field.name.startsWith(ENDPOINT_PREFIX) && (
    <>
      Endpoint only: writes nothing into the request; its value only fills the endpoint's placeholder{' '}
      {field.param ? <code>{`{${field.param}}`}</code> : 'of its key (give it one: a placeholder is an identifier)'}, so it must be required or have a default,
      and takes no "also to".
    </>
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
      {textInput('name', 'name', { placeholder: 'prd.impTagId' }, endpointOnly)}
      {textInput('param', 'key (param)', { placeholder: 'the name', title: 'The key values are entered under; empty: the name' })}
      <span class="cell">
        <label for={id('type')}>Field {n} type</label>
        <select
          {...described(id('type'))}
          value={field.type}
          onChange={(e) => change({ type: e.currentTarget.value, ...(e.currentTarget.value === 'boolean' || field.type === 'boolean' ? { default: '' } : {}) })}
        >
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
