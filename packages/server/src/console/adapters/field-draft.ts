/**
 * One field of the editor's draft (draft.ts): its inputs as typed, the record's field definition they stand for, and
 * back. Numbers typed as decimals become numbers, `true`/`false` typed as a boolean default become booleans; the
 * default of a list is its text as typed (the library reads `"a, b"` as two items; a JSON array typed as JSON is that
 * array), a JSON field's is its JSON text parsed (text that is no JSON is the one thing the draft says of a field:
 * {@link fieldIssues}), an id's is an integer when it is one written plainly (`123`, `-4`), a string when typed as a
 * JSON string (`"123"`) and else the text as typed (docs/spec.md#lists-json-ids). Anything else is passed on as typed,
 * so the library's own check says what is wrong with it. Its `with` constants (docs/spec.md#conditions) are rows of a
 * name and a JSON value, as the record's constants are (constants-draft.ts); its keys without an input of their own
 * (`when`, …) are JSON text in its "more settings" box (more-draft.ts). A field read from a stored record keeps it
 * (`origin`): unchanged, it is written back as stored, and changed, in its stored key order (origin.ts).
 */
import type { FieldDefinition, Issue } from 'bidfields';
import { constantDrafts, constantIssues, constantsOf, parsed, text, type ConstantDraft } from './constants-draft.js';
import { moreIssue, moreKeys, moreText } from './more-draft.js';
import { rowValue, setOwn } from './origin.js';

export { parsed, text } from './constants-draft.js';

export interface FieldDraft {
  name: string;
  /** The key values are entered under (docs/spec.md#param); empty for none (the key is the name). */
  param: string;
  type: string;
  display: string;
  description: string;
  required: boolean;
  /** select: one option a line, `label = value`. */
  options: string;
  /** list: the kind of its items (`text` or `number`; a stored other value is kept as it is), and how many it takes. */
  items: string;
  minItems: string;
  maxItems: string;
  min: string;
  max: string;
  integer: boolean;
  minLength: string;
  maxLength: string;
  pattern: string;
  /** As typed; for a boolean field `""`, `"true"` or `"false"` (a select); for a JSON field JSON text. */
  default: string;
  /** More targets (docs/spec.md#more-targets): names separated by commas or spaces; empty for none. */
  alsoTo: string;
  /** Constants written only when the field has a value (docs/spec.md#conditions); none: no `with`. */
  with: ConstantDraft[];
  /** The field's keys without an input of their own (`when`: docs/spec.md#conditions), as JSON text (more-draft.ts). */
  more: string;
  /** The stored definition the draft was read from. */
  origin?: unknown;
}

/** The keys of a field's inputs: a pointer `/fields/<i>/<key>` names the input `field-<i>-<key>`. */
export const FIELD_KEYS: readonly string[] = [
  'name',
  'param',
  'type',
  'display',
  'description',
  'required',
  'options',
  'items',
  'minItems',
  'maxItems',
  'min',
  'max',
  'integer',
  'minLength',
  'maxLength',
  'pattern',
  'default',
  'alsoTo',
  'more',
];

/** The keys of a field definition that have an input of their own (the rest go to its "more" box). */
export const FIELD_RECORD_KEYS: readonly string[] = [...FIELD_KEYS.filter((key) => key !== 'more'), 'with'];

export function emptyField(): FieldDraft {
  return {
    name: '',
    param: '',
    type: 'text',
    display: '',
    description: '',
    required: false,
    options: '',
    items: 'text',
    minItems: '',
    maxItems: '',
    min: '',
    max: '',
    integer: false,
    minLength: '',
    maxLength: '',
    pattern: '',
    default: '',
    alsoTo: '',
    with: [],
    more: '',
  };
}

/** A list typed in one input: items separated by commas or white space (names and keys hold neither). */
export const listOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
/** A typed number: the number when it is one, else the text (which the check then refuses where a number belongs). */
export const numberOr = (text: string): number | string => (DECIMAL.test(text) ? Number(text) : text);

const INTEGER = /^-?(?:0|[1-9]\d*)$/;
/** An id typed: a safe integer written plainly, a JSON string (`"123"`: digits kept as text), else the text as typed. */
function idOf(typed: string): string | number {
  if (INTEGER.test(typed) && Number.isSafeInteger(Number(typed))) return Number(typed);
  const { value } = typed.startsWith('"') ? parsed(typed) : {};
  return typeof value === 'string' ? value : typed;
}
/** An id default as typed: its digits, or a string {@link idOf} would not read back as itself in JSON. */
const idText = (value: unknown) => (typeof value === 'string' && idOf(value) !== value ? JSON.stringify(value) : text(value));

/** A list default typed: a JSON array typed as JSON, else the text as typed (the library splits it at commas). */
function listDefaultOf(typed: string): unknown {
  const { value } = typed.trimStart().startsWith('[') ? parsed(typed) : {};
  return Array.isArray(value) ? value : typed;
}
/** A list default as typed: its items separated by commas, or JSON when that text would not give them back. */
function listText(value: unknown): string {
  if (!Array.isArray(value)) return text(value);
  const plain = value.every((item) => typeof item === 'number' || (typeof item === 'string' && item !== '' && item.trim() === item && !item.includes(',')));
  return plain && value.length > 0 && !String(value[0]).startsWith('[') ? value.join(', ') : JSON.stringify(value);
}

function defaultOf(f: FieldDraft): unknown {
  if (f.type === 'boolean') return f.default === 'true' ? true : f.default === 'false' ? false : f.default;
  if (f.type === 'json') return parsed(f.default).value;
  if (f.type === 'list') return listDefaultOf(f.default);
  if (f.type === 'id') return idOf(f.default);
  return f.type === 'text' ? f.default : numberOr(f.default);
}

/** The field definition a field's draft stands for: the stored one while its inputs are unchanged. */
export const fieldRecord = (f: FieldDraft): Record<string, unknown> =>
  rowValue(
    f,
    (origin) => fieldDraftOf(origin as FieldDefinition),
    () => freshField(f),
  ) as Record<string, unknown>;

/** The field definition of a field's inputs alone. */
function freshField(f: FieldDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { name: f.name };
  if (f.param) out.param = f.param;
  out.type = f.type;
  out.display = f.display;
  if (f.description) out.description = f.description;
  if (f.required) out.required = true;
  if (f.type === 'select') {
    out.options = f.options
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        const at = line.lastIndexOf('=');
        return at < 0 ? { name: line.trim(), value: line.trim() } : { name: line.slice(0, at).trim(), value: numberOr(line.slice(at + 1).trim()) };
      });
  }
  if (f.type === 'list') {
    out.items = f.items;
    if (f.minItems.trim()) out.minItems = numberOr(f.minItems);
    if (f.maxItems.trim()) out.maxItems = numberOr(f.maxItems);
  }
  const items = f.type === 'list' ? f.items : undefined;
  if (f.type === 'number' || items === 'number') {
    if (f.min.trim()) out.min = numberOr(f.min);
    if (f.max.trim()) out.max = numberOr(f.max);
    if (f.integer) out.integer = true;
  }
  if (f.type === 'text' || f.type === 'id' || items === 'text') {
    if (f.type !== 'id' && f.minLength.trim()) out.minLength = numberOr(f.minLength);
    if (f.maxLength.trim()) out.maxLength = numberOr(f.maxLength);
    if (f.pattern) out.pattern = f.pattern;
  }
  const fallback = f.default === '' ? undefined : defaultOf(f);
  if (fallback !== undefined) out.default = fallback;
  if (f.alsoTo.trim()) out.alsoTo = listOf(f.alsoTo);
  if (f.with.length > 0) out.with = constantsOf(f.with);
  for (const [key, value] of Object.entries(moreKeys(f.more, FIELD_RECORD_KEYS).keys)) setOwn(out, key, value);
  return out;
}

/** The draft of a stored field definition. */
export function fieldDraftOf(field: FieldDefinition): FieldDraft {
  const f = field as unknown as Record<string, unknown>;
  const type = text(f.type);
  return {
    ...emptyField(),
    name: text(f.name),
    param: text(f.param),
    type,
    display: text(f.display),
    description: text(f.description),
    required: f.required === true,
    options: Array.isArray(f.options) ? (f.options as { name: unknown; value: unknown }[]).map((o) => `${text(o.name)} = ${text(o.value)}`).join('\n') : '',
    items: f.items === undefined ? 'text' : text(f.items),
    minItems: text(f.minItems),
    maxItems: text(f.maxItems),
    min: text(f.min),
    max: text(f.max),
    integer: f.integer === true,
    minLength: text(f.minLength),
    maxLength: text(f.maxLength),
    pattern: text(f.pattern),
    default:
      type === 'json'
        ? f.default === undefined
          ? ''
          : JSON.stringify(f.default)
        : type === 'list'
          ? listText(f.default)
          : type === 'id'
            ? idText(f.default)
            : text(f.default),
    alsoTo: Array.isArray(f.alsoTo) ? f.alsoTo.map(text).join(', ') : '',
    with: constantDrafts(f.with),
    more: moreText(f, FIELD_RECORD_KEYS),
    origin: field,
  };
}

/**
 * What the draft itself finds wrong with its fields: a JSON field's default, or a `with` value, that is no JSON (the
 * record leaves it out), and a "more settings" box that holds no JSON object.
 */
export function fieldIssues(fields: readonly FieldDraft[]): Issue[] {
  return fields.flatMap((f, i) => {
    const { error } = f.type === 'json' ? parsed(f.default) : {};
    const more = moreKeys(f.more, FIELD_RECORD_KEYS).error;
    const own = [...constantIssues(f.with, `/fields/${i}/with`), ...(more === undefined ? [] : [moreIssue(`/fields/${i}/more`, more)])];
    return error === undefined
      ? own
      : [
          { code: 'schema' as const, path: `/fields/${i}/default`, message: `the default must be JSON text (e.g. "abc", 5, ["a"], {"k": 1}): ${error}` },
          ...own,
        ];
  });
}

/** The id of the input of a `with` pointer below `/fields/<i>/with`, split into tokens (`['0', 'value', 'a']` → row 1's value). */
export function withInput(field: string, tokens: readonly string[]): string {
  const [row, key] = tokens;
  // The list itself (`/fields/<i>/with` that is no list): the field's name, the first input of its row.
  if (row === undefined || !/^\d+$/.test(row)) return `field-${field}-name`;
  return `field-${field}-with-${row}-${key === 'value' ? 'value' : 'name'}`;
}
