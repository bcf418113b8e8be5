/**
 * The editor's draft of an adapter record: every input as the text typed, turned into the record that
 * `validateAdapter` checks and the server stores. A field's inputs are read as field-draft.ts says (numbers typed as
 * decimals become numbers, a JSON field's default is parsed), a constant's value is parsed as JSON; anything else is
 * passed on as typed, so the library's own check says what is wrong with it, at its JSON Pointer (a constant value or
 * a JSON default that is not JSON is the one thing the draft says itself: {@link draftIssues}). Each pointer names an
 * input ({@link inputFor}), so every issue is shown next to the input it is about. Headers are rows of their own
 * (headers-draft.ts), and so are removals and derivations (steps-draft.ts); keys without an input of their own
 * (`requestValues`, a later version's) are JSON text in a "more settings" box (more-draft.ts). A draft read from a
 * stored record keeps it (`origin`): a part whose inputs are unchanged is written back as stored, and the record's
 * keys stay in their stored order (origin.ts).
 */
import type { AdapterRecord, Issue } from 'bidfields';
import { FIELD_KEYS, emptyField, fieldDraftOf, fieldIssues, fieldRecord, listOf, text, withInput, type FieldDraft } from './field-draft.js';
import { constantDrafts, constantIssues, constantsOf, type ConstantDraft } from './constants-draft.js';
import { headerInput, headerIssues, headerRows, headersOf, type HeaderDraft } from './headers-draft.js';
import { derivationDrafts, derivationsOf, removalDrafts, removalsOf, stepInput, type DerivationDraft, type RemovalDraft } from './steps-draft.js';
import { moreIssue, moreKeys, moreText } from './more-draft.js';
import { merged, sameInputs, setOwn } from './origin.js';

export { emptyHeader, type HeaderDraft } from './headers-draft.js';
export { emptyField, type FieldDraft } from './field-draft.js';
export { emptyConstant, type ConstantDraft } from './constants-draft.js';
export { emptyDerivation, emptyRemoval, type DerivationDraft, type RemovalDraft } from './steps-draft.js';

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
  /** Exactly-one-of groups (docs/spec.md#conditions), typed as one-of groups are. */
  exactlyOneOf: string[];
  /** Headers (docs/spec.md#headers), in the record's order; none: the record has no `headers`. */
  headers: HeaderDraft[];
  /** Removals and derivations (docs/spec.md#removals), in the record's order. */
  remove: RemovalDraft[];
  derive: DerivationDraft[];
  /** The record's keys without an input of their own (`requestValues`: docs/spec.md#conditions), as JSON text (more-draft.ts). */
  more: string;
  /** The stored record the draft was read from. */
  origin?: AdapterRecord;
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
    exactlyOneOf: [],
    headers: [],
    remove: [],
    derive: [],
    more: '',
  };
}

/** Each key of a record the draft writes, and the draft's inputs it is made of. */
const PARTS: readonly (readonly [key: string, inputs: readonly (keyof AdapterDraft)[]])[] = [
  ['protocol', ['protocol']],
  ['bidderCode', ['bidderCode']],
  ['endpoint', ['endpoint']],
  ['split', ['split']],
  ['cpmField', ['protocol', 'cpmField']],
  ['fields', ['fields']],
  ['constants', ['constants']],
  ['requireOneOf', ['oneOf']],
  ['exactlyOneOf', ['exactlyOneOf']],
  ['headers', ['headers']],
  ['remove', ['remove']],
  ['derive', ['derive']],
];

/** The keys of a record that have inputs of their own (the rest go to its "more settings" box). */
const RECORD_KEYS: readonly string[] = PARTS.map(([key]) => key);

/** The record of the draft's inputs alone. */
function freshRecord(draft: AdapterDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { protocol: draft.protocol };
  if (draft.bidderCode) out.bidderCode = draft.bidderCode;
  if (draft.endpoint) out.endpoint = draft.endpoint;
  if (draft.split) out.split = draft.split;
  if (draft.protocol === 'prebid-js' && draft.cpmField) out.cpmField = draft.cpmField;
  out.fields = draft.fields.map(fieldRecord);
  if (draft.constants.length > 0) out.constants = constantsOf(draft.constants);
  if (draft.oneOf.length > 0) out.requireOneOf = draft.oneOf.map(listOf);
  if (draft.exactlyOneOf.length > 0) out.exactlyOneOf = draft.exactlyOneOf.map(listOf);
  if (draft.headers.length > 0) out.headers = headersOf(draft.headers);
  if (draft.remove.length > 0) out.remove = removalsOf(draft.remove);
  if (draft.derive.length > 0) out.derive = derivationsOf(draft.derive);
  for (const [key, value] of Object.entries(moreKeys(draft.more, RECORD_KEYS).keys)) setOwn(out, key, value);
  return out;
}

/**
 * The record the draft stands for. From a stored record: each part whose inputs are as they were read is the stored
 * part itself, the others are what their inputs make, in the stored record's key order, its other keys kept.
 */
export function recordOf(draft: AdapterDraft): AdapterRecord {
  const fresh = freshRecord(draft);
  const { origin } = draft;
  if (origin === undefined) return fresh as unknown as AdapterRecord;
  const read = draftOf(origin);
  const stored = origin as unknown as Record<string, unknown>;
  for (const [key, inputs] of PARTS) {
    if (!inputs.every((input) => sameInputs(draft[input], read[input]))) continue;
    if (Object.hasOwn(stored, key)) fresh[key] = stored[key];
    else delete fresh[key];
  }
  return merged(origin, fresh) as unknown as AdapterRecord;
}

/**
 * What the draft itself finds wrong, at record pointers, besides `validateAdapter`'s verdict on {@link recordOf}: a
 * constant value, a `with` value or a JSON field's default that is not JSON (the record leaves that value out, so the
 * library's "missing" issue there is replaced by this one), and what the header rows say of headers ({@link headerIssues}).
 */
export function draftIssues(draft: AdapterDraft, found: readonly Issue[]): Issue[] {
  const own: Issue[] = [...fieldIssues(draft.fields), ...constantIssues(draft.constants, '/constants')];
  const more = moreKeys(draft.more, RECORD_KEYS).error;
  if (more !== undefined) own.push(moreIssue('/more', more));
  const mine = new Set(own.map((i) => i.path));
  return [...headerIssues(draft.headers, found).filter((i) => !mine.has(i.path)), ...own];
}

/** Groups of keys as typed: each the keys separated by commas (a group that is no list: empty). */
const groupsText = (groups: unknown): string[] =>
  Array.isArray(groups) ? groups.map((group) => (Array.isArray(group) ? group.map(text).join(', ') : '')) : [];

/** The draft of a stored record. */
export function draftOf(record: AdapterRecord): AdapterDraft {
  return {
    protocol: record.protocol,
    bidderCode: text(record.bidderCode),
    endpoint: text(record.endpoint),
    split: text(record.split),
    cpmField: text(record.cpmField),
    fields: record.fields.map(fieldDraftOf),
    constants: constantDrafts(record.constants),
    oneOf: groupsText(record.requireOneOf),
    exactlyOneOf: groupsText(record.exactlyOneOf),
    headers: headerRows(record.headers),
    remove: removalDrafts(record.remove),
    derive: derivationDrafts(record.derive),
    more: moreText(record as unknown as Record<string, unknown>, RECORD_KEYS),
    origin: record,
  };
}

/**
 * The id of the input a record pointer names: the deepest one there is (`/fields/0/options/1/value` → the options
 * box, `/fields/2/alsoTo/1` → the field's "also to" input, `/fields/1/with/0/value` → that `with` row's value,
 * `/constants/0/value/__proto__` → the constant's value, `/requireOneOf/0/1` → the group's input, `/remove/1/keep/0` →
 * the removal's kept keys, `/headers/X-A~1b/value` → the value of the header row named `X-A/b`).
 */
export function inputFor(pointer: string, headers: readonly HeaderDraft[] = []): string | undefined {
  const tokens = pointer.split('/').slice(1);
  if (tokens[0] === 'headers') return headerInput(tokens.slice(1), headers);
  if (tokens[0] === 'remove' || tokens[0] === 'derive') return stepInput(tokens);
  if (tokens.length === 1 && ['protocol', 'bidderCode', 'endpoint', 'split', 'cpmField'].includes(tokens[0]!)) return `adapter-${tokens[0]}`;
  // A key without an input of its own (`requestValues`, …) is in the "more settings" box.
  if (tokens[0] !== undefined && !RECORD_KEYS.includes(tokens[0])) return 'adapter-more';
  if (tokens.length < 2 || !/^\d+$/.test(tokens[1]!)) return undefined;
  const key = tokens[2];
  if (tokens[0] === 'fields' && key === 'with') return withInput(tokens[1]!, tokens.slice(3));
  if (tokens[0] === 'fields') return `field-${tokens[1]}-${key === undefined ? 'name' : FIELD_KEYS.includes(key) ? key : 'more'}`;
  if (tokens[0] === 'constants') return `constant-${tokens[1]}-${key === 'value' ? 'value' : 'name'}`;
  if (tokens[0] === 'requireOneOf') return `oneof-${tokens[1]}`;
  if (tokens[0] === 'exactlyOneOf') return `exactlyoneof-${tokens[1]}`;
  return undefined;
}
