/**
 * The words of a record's shape failures (`schema` issues from the JSON Schemas): ajv reports a keyword and its
 * params ("must NOT have fewer than 1 characters"); a person reads what the input needs ("must not be empty"). The
 * names' and keys' words are the field rules' too (plan/messages.ts), so every engine says the same of a bad name.
 */
import { MAX_NAME_LENGTH } from './names.js';

/** What a field name (or another dot path name) must be. */
export const NAME_WORDS = `must be a dot path: segments of letters, digits, _, $ or - joined by dots (no spaces), at most ${MAX_NAME_LENGTH} characters`;

/** What a key (`param`) must be. */
export const PARAM_WORDS = 'must be an identifier: a letter or _, then letters, digits or _ (no spaces or dots), at most 64 characters';

/** What a pattern of the record schemas asks, by the pattern: a name, a key, a kept key. */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[A-Za-z0-9_$-]+(\\.[A-Za-z0-9_$-]+)*$': NAME_WORDS,
  '^[A-Za-z_][A-Za-z0-9_]*$': PARAM_WORDS,
  '^[A-Za-z0-9_$-]+$': 'must be one key: letters, digits, _, $ or - (no dots, no spaces)',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object { … }',
  null: 'null',
};

/**
 * A JSON Schema keyword's failure (a `schema` issue of a record's shape) in words for a person, from the keyword and
 * ajv's params; undefined for a keyword worded elsewhere.
 *
 * @example schemaMessage('minLength', { limit: 1 }) // 'must not be empty'
 */
export function schemaMessage(keyword: string, params: Readonly<Record<string, unknown>>): string | undefined {
  const limit = Number(params.limit);
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  switch (keyword) {
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${plural(limit, 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(limit, 'character')} long`;
    case 'minItems':
      return limit === 1 ? 'must have at least one entry' : `must have at least ${plural(limit, 'entry').replace('entrys', 'entries')}`;
    case 'maxItems':
      return `must have at most ${plural(limit, 'entry').replace('entrys', 'entries')}`;
    case 'maxProperties':
      return `must have at most ${limit} keys`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'type':
      return `must be ${String(params.type)
        .split(',')
        .map((type) => TYPE_WORDS[type] ?? type)
        .join(' or ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'pattern':
      return PATTERN_WORDS[String(params.pattern)] ?? `must match the pattern ${String(params.pattern)}`;
    default:
      return undefined;
  }
}
