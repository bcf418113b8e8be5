/**
 * One field of the adapter editor: its inputs (name, key, type, display, required, the type's own rules, default,
 * more targets), each labelled "Field n …" so a screen reader and the browser test can tell the rows apart, each
 * issue under its input. A list (docs/spec.md#lists-json-ids) has its items' kind, its counts and its items' bounds
 * (a number's or a text's); an id its maximum length and pattern; a JSON field no bounds; the default's label and
 * hint say how each is typed. A field named `predefinedEndpoint.<segment>` (docs/spec.md#endpoint-templates) is
 * entered like any other; a hint at its name says that it writes nothing and only fills the endpoint's placeholder
 * of its key. Its `with` constants (docs/spec.md#conditions) are rows of a name and a JSON value, as the record's
 * constants are ("Field n with m name").
 */
import { ENDPOINT_PREFIX } from 'bidfields';
import { ConstantRows } from './constant-rows.js';
import type { FieldDraft } from './draft.js';

const TYPES = ['text', 'number', 'select', 'boolean', 'list', 'json', 'id'];

/** How the default of a type is typed (field-draft.ts reads it so), where it is not plain text or a number. */
const DEFAULT_LABELS: Record<string, string> = { list: 'default (items separated by commas)', json: 'default (JSON)' };
const DEFAULT_HINTS: Record<string, string> = {
  list: 'Items separated by commas, as a publisher types them ("a, b" is two items); a JSON array ["a,b"] keeps commas in an item.',
  json: 'Any JSON but null: "abc", 5, ["a"], {"k": 1}. Text that is no JSON is said here.',
  id: 'An integer when typed as one (123 is the number 123); in double quotes, text ("123" is the text 123); anything else is the text as typed.',
};

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
  const numberItems = field.type === 'list' && field.items === 'number';
  const textItems = field.type === 'list' && !numberItems;
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
          <option value="list">list</option>
          <option value="json">json</option>
          <option value="id">id</option>
          {!TYPES.includes(field.type) && <option value={field.type}>{field.type}</option>}
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
      {field.type === 'list' && (
        <>
          <span class="cell">
            <label for={id('items')}>Field {n} items</label>
            <select {...described(id('items'))} value={field.items} onChange={(e) => change({ items: e.currentTarget.value })}>
              <option value="text">text</option>
              <option value="number">number</option>
              {field.items !== 'text' && field.items !== 'number' && <option value={field.items}>{field.items}</option>}
            </select>
            {issuesAt(id('items'))}
          </span>
          {textInput('minItems', 'minimum items', { inputMode: 'numeric' })}
          {textInput('maxItems', 'maximum items', { inputMode: 'numeric', placeholder: '1000' })}
        </>
      )}
      {(field.type === 'number' || numberItems) && (
        <>
          {textInput('min', 'minimum', { inputMode: 'decimal' })}
          {textInput('max', 'maximum', { inputMode: 'decimal' })}
          {box('integer', 'whole numbers only')}
        </>
      )}
      {(field.type === 'text' || field.type === 'id' || textItems) && (
        <>
          {field.type !== 'id' && textInput('minLength', 'minimum length', { inputMode: 'numeric' })}
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
        textInput('default', DEFAULT_LABELS[field.type] ?? 'default', { spellcheck: false }, DEFAULT_HINTS[field.type])
      )}
      {textInput('alsoTo', 'also to (names)', { placeholder: 'predefinedImpExt.bidder.tagid', class: 'wide' })}
      {textInput('description', 'description')}
      <div class="field-with">
        <p class="hint">With constants: written only when field {n} has a value (entered, or its default), e.g. the type its key stands for.</p>
        <ConstantRows
          rows={field.with}
          set={(rows) => change({ with: rows })}
          prefix={id('with')}
          title={`Field ${n} with`}
          add={`Add a with constant to field ${n}`}
          placeholder="predefinedImpExt.bidder.type"
          described={described}
          issuesAt={issuesAt}
        />
      </div>
      <span class="cell">
        <label for={id('more')}>Field {n} more settings (JSON)</label>
        <textarea
          {...described(id('more'))}
          class="wide"
          rows={field.more ? 4 : 1}
          spellcheck={false}
          placeholder='{"when": "absent"}'
          value={field.more}
          onInput={(e) => change({ more: e.currentTarget.value })}
        />
        {issuesAt(id('more'))}
      </span>
      <button type="button" onClick={remove}>
        Remove field {n}
      </button>
    </fieldset>
  );
}
