// The Prebid JS ad unit's `bids` entry the placement preview shows: the entered values as a publisher would write
// them in the page, under each field's key (docs/spec.md#param, the key `bid.params` uses), typed as the adapter reads them
// (a number field's text as a JSON number, a select's choice as its option's number, a checkbox as a boolean), so
// the entry can be copied into an ad unit as it is. Only called once the values passed the adapter's checks, so a
// number field's text is a decimal the value rules accepted.
import type { FormField } from 'bidfields';

/** A bids entry `{ bidder, params }`; values left empty are not sent. */
export function bidsEntry(
  bidder: string,
  form: readonly FormField[],
  values: Readonly<Record<string, string>>,
): { bidder: string; params: Record<string, string | number | boolean> } {
  const params: Record<string, string | number | boolean> = {};
  for (const field of form) {
    const text = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    if (text === undefined || text === '') continue;
    let value: string | number | boolean = text;
    if (field.kind === 'number' && Number.isFinite(Number(text))) value = Number(text);
    else if (field.kind === 'select') value = field.options?.find((o) => String(o.value) === text)?.value ?? text;
    else if (field.kind === 'checkbox' && (text === 'true' || text === 'false')) value = text === 'true';
    Object.defineProperty(params, field.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { bidder, params };
}
