/**
 * The editor's draft of an adapter record: every input as the text typed, turned into the record that
 * `validateAdapter` checks and the server stores. Numbers typed as decimals become numbers; anything else is
 * passed on as typed, so the library's own check says what is wrong with it, at its JSON Pointer. Each pointer
 * names an input ({@link inputFor}), so every issue is shown next to the input it is about.
 */
import type { AdapterRecord, FieldDefinition } from '../../index.js';

export interface FieldDraft {
  name: string;
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
  default: string;
}

export interface AdapterDraft {
  protocol: string;
  bidderCode: string;
  endpoint: string;
  cpmField: string;
  fields: FieldDraft[];
}

export const FIELD_KEYS = ['name', 'type', 'display', 'description', 'required', 'options', 'min', 'max', 'integer', 'minLength', 'maxLength', 'pattern', 'default'] as const;

export function emptyField(): FieldDraft {
  return { name: '', type: 'text', display: '', description: '', required: false, options: '', min: '', max: '', integer: false, minLength: '', maxLength: '', pattern: '', default: '' };
}

export function emptyDraft(): AdapterDraft {
  return { protocol: 'prebid-server', bidderCode: '', endpoint: '', cpmField: '', fields: [emptyField()] };
}

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
/** A typed number: the number when it is one, else the text (which the check then refuses where a number belongs). */
const numberOr = (text: string): number | string => (DECIMAL.test(text) ? Number(text) : text);

function fieldRecord(f: FieldDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { name: f.name, type: f.type, display: f.display };
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
  if (f.default !== '') out.default = f.type === 'text' ? f.default : numberOr(f.default);
  return out;
}

/** The record the draft stands for. */
export function recordOf(draft: AdapterDraft): AdapterRecord {
  const out: Record<string, unknown> = { protocol: draft.protocol };
  if (draft.bidderCode) out.bidderCode = draft.bidderCode;
  if (draft.endpoint) out.endpoint = draft.endpoint;
  if (draft.protocol === 'prebid-js' && draft.cpmField) out.cpmField = draft.cpmField;
  out.fields = draft.fields.map(fieldRecord);
  return out as unknown as AdapterRecord;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The draft of a stored record. */
export function draftOf(record: AdapterRecord): AdapterDraft {
  return {
    protocol: record.protocol,
    bidderCode: text(record.bidderCode),
    endpoint: text(record.endpoint),
    cpmField: text(record.cpmField),
    fields: record.fields.map((field: FieldDefinition) => {
      const f = field as unknown as Record<string, unknown>;
      return {
        ...emptyField(),
        name: text(f.name),
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
      };
    }),
  };
}

/** The id of the input a record pointer names: the deepest one there is (`/fields/0/options/1/value` → the options box). */
export function inputFor(pointer: string): string | undefined {
  const tokens = pointer.split('/').slice(1);
  if (tokens.length === 1 && ['protocol', 'bidderCode', 'endpoint', 'cpmField'].includes(tokens[0]!)) return `adapter-${tokens[0]}`;
  if (tokens[0] !== 'fields' || tokens.length < 2 || !/^\d+$/.test(tokens[1]!)) return undefined;
  const key = tokens[2];
  return `field-${tokens[1]}-${key && (FIELD_KEYS as readonly string[]).includes(key) ? key : 'name'}`;
}
