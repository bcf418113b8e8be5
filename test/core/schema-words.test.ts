// The words of a record's shape failures: what a person reads in the CLI and under an input of the console's editor
// (docs/spec.md#issues), never ajv's own ("must NOT have fewer than 1 characters") or a raw pattern.
import { describe, expect, it } from 'vitest';
import { validateAdapter } from '../../src/index.js';

const messages = (record: unknown) =>
  Object.fromEntries(validateAdapter(record as never, { knownEndpoints: ['bid.example.com'] }).map((i) => [i.path, i.message]));

describe('schema issues in words', () => {
  it('say what an input needs: not empty, a name without spaces, a key, a number, an entry', () => {
    const found = messages({
      protocol: 'rtb',
      endpoint: 'https://bid.example.com/',
      fields: [
        { name: 'zone id', type: 'text', display: '' },
        { name: '', type: 'text', display: 'x' },
        { name: 'predefinedImpExt.a', type: 'number', display: 'A', min: '3' },
        { name: 'predefinedImpExt.b', type: 'select', display: 'B', options: [] },
        { name: 'predefinedImpExt.c', type: 'text', display: 'C', param: '1x', required: 'yes' },
      ],
      split: 'x',
    });
    expect(found).toEqual({
      '/fields/0/name': 'must be a dot path: segments of letters, digits, _, $ or - joined by dots (no spaces), at most 512 characters',
      '/fields/0/display': 'must not be empty',
      '/fields/1/name': 'must not be empty',
      '/fields/2/min': 'must be a number',
      '/fields/3/options': 'must have at least one entry',
      '/fields/4/param': 'must be an identifier: a letter or _, then letters, digits or _ (no spaces or dots), at most 64 characters',
      '/fields/4/required': 'must be true or false',
      '/split': 'must be one of "none", "imp", "url"',
    });
    expect(Object.values(found).join(' ')).not.toMatch(/NOT|\^|\$\)/);
  });
});
