/**
 * The editor's draft of an adapter record: every input as the text typed, turned into the record that
 * `validateAdapter` checks and the server stores. Numbers typed as decimals become numbers, `true`/`false` typed as a
 * boolean default become booleans, a constant's value is parsed as JSON; anything else is passed on as typed, so
 * the library's own check says what is wrong with it, at its JSON Pointer (a constant value that is not JSON is the
 * one thing the draft says itself: {@link draftIssues}). Each pointer names an input ({@link inputFor}), so every
 * issue is shown next to the input it is about. Headers are rows of their own (headers-draft.ts).
 */
import type { AdapterRecord, FieldDefinition, Issue } from 'bidfields';
import { headerInput, headerIssues, headerRows, headersOf, type HeaderDraft } from './headers-draft.js';

export { emptyHeader, type HeaderDraft } from './headers-draft.js';

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
  min: string;
  max: string;
  integer: boolean;
  minLength: string;
  maxLength: string;
  pattern: string;
  /** As typed; for a boolean field `""`, `"true"` or `"false"` (a select). */
  default: string;
  /** More targets (docs/spec.md#more-targets): names separated by commas or spaces; empty for none. */
  alsoTo: string;
}

/** A constant (docs/spec.md#constants): its name, and its value as JSON text. */
export interface ConstantDraft {
  name: string;
  value: string;
}

export interface AdapterDraft {
  protocol: string;
  bidderCode: string;
  /** The endpoint, which may hold `{key}` placeholders (docs/spec.md#endpoint-templates). */
  endpoint: string;
  /** Requests per imp (docs/spec.md#split-imp): `''` (not set: one request), `'imp'`, or as stored (`'none'`). */
  split: string;
  cpmField: string;
  fields: FieldDraft[];
  constants: ConstantDraft[];
  /** One-of groups (docs/spec.md#one-of): each the keys separated by commas or spaces. */
  oneOf: string[];
  /** Headers (docs/spec.md#headers), in the record's order; none: the record has no `headers`. */
  headers: HeaderDraft[];
}

const FIELD_KEYS = [
  'name',
  'param',
  'type',
  'display',
  'description',
  'required',
  'options',
  'min',
  'max',
  'integer',
  'minLength',
  'maxLength',
  'pattern',
  'default',
  'alsoTo',
] as const;

export function emptyField(): FieldDraft {
  return {
    name: '',
    param: '',
    type: 'text',
    display: '',
    description: '',
    required: false,
    options: '',
    min: '',
    max: '',
    integer: false,
    minLength: '',
    maxLength: '',
    pattern: '',
    default: '',
    alsoTo: '',
  };
}

export function emptyConstant(): ConstantDraft {
  return { name: '', value: '' };
}

export function emptyDraft(): AdapterDraft {
  return { protocol: 'prebid-server', bidderCode: '', endpoint: '', split: '', cpmField: '', fields: [emptyField()], constants: [], oneOf: [], headers: [] };
}

/** A list typed in one input: items separated by commas or white space (names and keys hold neither). */
const listOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
/** A typed number: the number when it is one, else the text (which the check then refuses where a number belongs). */
const numberOr = (text: string): number | string => (DECIMAL.test(text) ? Number(text) : text);

function fieldRecord(f: FieldDraft): Record<string, unknown> {
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
  if (f.type === 'number') {
    if (f.min.trim()) out.min = numberOr(f.min);
    if (f.max.trim()) out.max = numberOr(f.max);
    if (f.integer) out.integer = true;
  }
  if (f.type === 'text') {
    if (f.minLength.trim()) out.minLength = numberOr(f.minLength);
    if (f.maxLength.trim()) out.maxLength = numberOr(f.maxLength);
    if (f.pattern) out.pattern = f.pattern;
  }
  if (f.default !== '')
    out.default =
      f.type === 'text' ? f.default : f.type === 'boolean' ? (f.default === 'true' ? true : f.default === 'false' ? false : f.default) : numberOr(f.default);
  if (f.alsoTo.trim()) out.alsoTo = listOf(f.alsoTo);
  return out;
}

/** A constant's value typed as JSON: the value, or why it is not JSON (empty text: no value). */
function parsed(text: string): { value?: unknown; error?: string } {
  if (!text.trim()) return {};
  try {
    return { value: JSON.parse(text) };
  } catch (failure) {
    return { error: (failure as Error).message };
  }
}

/** The record the draft stands for. */
export function recordOf(draft: AdapterDraft): AdapterRecord {
  const out: Record<string, unknown> = { protocol: draft.protocol };
  if (draft.bidderCode) out.bidderCode = draft.bidderCode;
  if (draft.endpoint) out.endpoint = draft.endpoint;
  if (draft.split) out.split = draft.split;
  if (draft.protocol === 'prebid-js' && draft.cpmField) out.cpmField = draft.cpmField;
  out.fields = draft.fields.map(fieldRecord);
  if (draft.constants.length > 0) {
    out.constants = draft.constants.map((c) => {
      const { value } = parsed(c.value);
      return value === undefined ? { name: c.name } : { name: c.name, value };
    });
  }
  if (draft.oneOf.length > 0) out.requireOneOf = draft.oneOf.map(listOf);
  if (draft.headers.length > 0) out.headers = headersOf(draft.headers);
  return out as unknown as AdapterRecord;
}

/**
 * What the draft itself finds wrong, at record pointers, besides `validateAdapter`'s verdict on {@link recordOf}: a
 * constant value that is not JSON (the record leaves that value out, so the library's "missing" issue there is
 * replaced by this one), and what the header rows say of headers ({@link headerIssues}).
 */
export function draftIssues(draft: AdapterDraft, found: readonly Issue[]): Issue[] {
  const own: Issue[] = [];
  draft.constants.forEach((c, j) => {
    const { error } = parsed(c.value);
    if (error !== undefined)
      own.push({
        code: 'schema',
        path: `/constants/${j}/value`,
        message: `the value must be JSON (a string in double quotes, a number, true, false, an array or an object): ${error}`,
      });
  });
  const mine = new Set(own.map((i) => i.path));
  return [...headerIssues(draft.headers, found).filter((i) => !mine.has(i.path)), ...own];
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The draft of a stored record. */
export function draftOf(record: AdapterRecord): AdapterDraft {
  return {
    protocol: record.protocol,
    bidderCode: text(record.bidderCode),
    endpoint: text(record.endpoint),
    split: text(record.split),
    cpmField: text(record.cpmField),
    fields: record.fields.map((field: FieldDefinition) => {
      const f = field as unknown as Record<string, unknown>;
      return {
        ...emptyField(),
        name: text(f.name),
        param: text(f.param),
        type: text(f.type),
        display: text(f.display),
        description: text(f.description),
        required: f.required === true,
        options: Array.isArray(f.options) ? (f.options as { name: unknown; value: unknown }[]).map((o) => `${text(o.name)} = ${text(o.value)}`).join('\n') : '',
        min: text(f.min),
        max: text(f.max),
        integer: f.integer === true,
        minLength: text(f.minLength),
        maxLength: text(f.maxLength),
        pattern: text(f.pattern),
        default: text(f.default),
        alsoTo: Array.isArray(f.alsoTo) ? f.alsoTo.map(text).join(', ') : '',
      };
    }),
    constants: Array.isArray(record.constants)
      ? record.constants.map((c) => ({ name: text(c.name), value: c.value === undefined ? '' : JSON.stringify(c.value) }))
      : [],
    oneOf: Array.isArray(record.requireOneOf) ? record.requireOneOf.map((group) => (Array.isArray(group) ? group.map(text).join(', ') : '')) : [],
    headers: headerRows(record.headers),
  };
}

/**
 * The id of the input a record pointer names: the deepest one there is (`/fields/0/options/1/value` → the options
 * box, `/fields/2/alsoTo/1` → the field's "also to" input, `/constants/0/value/__proto__` → the constant's value,
 * `/requireOneOf/0/1` → the group's input, `/headers/X-A~1b/value` → the value of the header row named `X-A/b`).
 */
export function inputFor(pointer: string, headers: readonly HeaderDraft[] = []): string | undefined {
  const tokens = pointer.split('/').slice(1);
  if (tokens[0] === 'headers') return headerInput(tokens.slice(1), headers);
  if (tokens.length === 1 && ['protocol', 'bidderCode', 'endpoint', 'split', 'cpmField'].includes(tokens[0]!)) return `adapter-${tokens[0]}`;
  if (tokens.length < 2 || !/^\d+$/.test(tokens[1]!)) return undefined;
  const key = tokens[2];
  if (tokens[0] === 'fields') return `field-${tokens[1]}-${key && (FIELD_KEYS as readonly string[]).includes(key) ? key : 'name'}`;
  if (tokens[0] === 'constants') return `constant-${tokens[1]}-${key === 'value' ? 'value' : 'name'}`;
  if (tokens[0] === 'requireOneOf') return `oneof-${tokens[1]}`;
  return undefined;
}
