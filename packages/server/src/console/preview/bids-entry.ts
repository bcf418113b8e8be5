// The Prebid JS ad unit's `bids` entry the placement preview shows: the entered values as a publisher would write
// them in the page, under each field's key (docs/spec.md#param, the key `bid.params` uses), typed as the adapter reads them
// (a number field's text as a JSON number, a select's choice as its option's number, a checkbox as a boolean), so
// the entry can be copied into an ad unit as it is; a JSON field's value is the value its text parsed to (per-imp.ts),
// a list its text as typed (the adapter splits it at commas), an id as typed. Only called once the values passed the
// adapter's checks, so a number field's text is a decimal the value rules accepted.
import type { FormField } from 'bidfields';

/** A value typed in as text, as the adapter reads it: a number, a select's option value, a boolean, else the text. */
function typed(field: FormField, text: string): unknown {
  if (field.kind === 'number' && Number.isFinite(Number(text))) return Number(text);
  if (field.kind === 'select') return field.options?.find((o) => String(o.value) === text)?.value ?? text;
  if (field.kind === 'checkbox' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** A bids entry `{ bidder, params }`; values left empty are not sent. */
export function bidsEntry(
  bidder: string,
  form: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
): { bidder: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  for (const field of form) {
    const given = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    if (given === undefined || given === '') continue;
    const value = typeof given === 'string' ? typed(field, given) : given;
    Object.defineProperty(params, field.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { bidder, params };
}
