/**
 * The editor's draft of an adapter record: every input as the text typed, turned into the record that
 * `validateAdapter` checks and the server stores. A field's inputs are read as field-draft.ts says (numbers typed as
 * decimals become numbers, a JSON field's default is parsed), a constant's value is parsed as JSON; anything else is
 * passed on as typed, so the library's own check says what is wrong with it, at its JSON Pointer (a constant value or
 * a JSON default that is not JSON is the one thing the draft says itself: {@link draftIssues}). Each pointer names an
 * input ({@link inputFor}), so every issue is shown next to the input it is about. Headers are rows of their own
 * (headers-draft.ts).
 */
import type { AdapterRecord, Issue } from 'bidfields';
import { FIELD_KEYS, emptyField, fieldDraftOf, fieldIssues, fieldRecord, listOf, parsed, text, type FieldDraft } from './field-draft.js';
import { moreIssue, moreKeys, moreText } from './more-draft.js';
import { headerInput, headerIssues, headerRows, headersOf, type HeaderDraft } from './headers-draft.js';

export { emptyHeader, type HeaderDraft } from './headers-draft.js';
export { emptyField, type FieldDraft } from './field-draft.js';

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
  /** The record's keys without an input of their own (removals, derivations, …: more-draft.ts), as JSON text. */
  more: string;
}

/** The keys of a record that have inputs of their own (the rest go to its "more" box). */
const RECORD_KEYS: readonly string[] = ['protocol', 'bidderCode', 'endpoint', 'split', 'cpmField', 'fields', 'constants', 'requireOneOf', 'headers'];

export function emptyConstant(): ConstantDraft {
  return { name: '', value: '' };
}

export function emptyDraft(): AdapterDraft {
  return {
    protocol: 'prebid-server',
    bidderCode: '',
    endpoint: '',
    split: '',
    cpmField: '',
    fields: [emptyField()],
    constants: [],
    oneOf: [],
    headers: [],
    more: '',
  };
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
  Object.assign(out, moreKeys(draft.more, RECORD_KEYS).keys);
  return out as unknown as AdapterRecord;
}

/**
 * What the draft itself finds wrong, at record pointers, besides `validateAdapter`'s verdict on {@link recordOf}: a
 * constant value or a JSON field's default that is not JSON (the record leaves that value out, so the library's
 * "missing" issue there is replaced by this one), and what the header rows say of headers ({@link headerIssues}).
 */
export function draftIssues(draft: AdapterDraft, found: readonly Issue[]): Issue[] {
  const own: Issue[] = fieldIssues(draft.fields);
  draft.constants.forEach((c, j) => {
    const { error } = parsed(c.value);
    if (error !== undefined)
      own.push({
        code: 'schema',
        path: `/constants/${j}/value`,
        message: `the value must be JSON (a string in double quotes, a number, true, false, an array or an object): ${error}`,
      });
  });
  const more = moreKeys(draft.more, RECORD_KEYS).error;
  if (more !== undefined) own.push(moreIssue('/more', more));
  const mine = new Set(own.map((i) => i.path));
  return [...headerIssues(draft.headers, found).filter((i) => !mine.has(i.path)), ...own];
}

/** The draft of a stored record. */
export function draftOf(record: AdapterRecord): AdapterDraft {
  return {
    protocol: record.protocol,
    bidderCode: text(record.bidderCode),
    endpoint: text(record.endpoint),
    split: text(record.split),
    cpmField: text(record.cpmField),
    fields: record.fields.map(fieldDraftOf),
    constants: Array.isArray(record.constants)
      ? record.constants.map((c) => ({ name: text(c.name), value: c.value === undefined ? '' : JSON.stringify(c.value) }))
      : [],
    oneOf: Array.isArray(record.requireOneOf) ? record.requireOneOf.map((group) => (Array.isArray(group) ? group.map(text).join(', ') : '')) : [],
    headers: headerRows(record.headers),
    more: moreText(record as unknown as Record<string, unknown>, RECORD_KEYS),
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
  // A key without an input of its own (removals, derivations, …) is in the "more" box.
  if (tokens[0] !== undefined && !RECORD_KEYS.includes(tokens[0])) return 'adapter-more';
  if (tokens.length < 2 || !/^\d+$/.test(tokens[1]!)) return undefined;
  const key = tokens[2];
  if (tokens[0] === 'fields') return `field-${tokens[1]}-${key === undefined ? 'name' : FIELD_KEYS.includes(key) ? key : 'more'}`;
  if (tokens[0] === 'constants') return `constant-${tokens[1]}-${key === 'value' ? 'value' : 'name'}`;
  if (tokens[0] === 'requireOneOf') return `oneof-${tokens[1]}`;
  return undefined;
}
