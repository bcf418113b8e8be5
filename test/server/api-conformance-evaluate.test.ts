// The checks of the HTTP conformance suite on answers made up here: what a server under test sends is not ours,
// so a check takes linear time on any answer.
import { describe, expect, it } from 'vitest';
import { growth, linearBound } from '../support/growth.js';
import { evaluate } from '../../src/api-checks/expect.js';
import type { ApiCheck } from '../../src/api-checks/fixture.js';

const check = { name: 'error', request: { method: 'GET', path: '/api/nothing' }, expect: { status: 404 } } as unknown as ApiCheck;
const answer = (message: string) => {
  const json = { error: { code: 'not_found', message } };
  return { status: 404, headers: new Headers({ 'content-type': 'application/json' }), text: JSON.stringify(json), json };
};

describe('evaluate', () => {
  it('finds a stack trace in an error message', () => {
    const trace = ['the error message carries a stack trace'];
    expect(evaluate(check, answer('boom\n    at f (x.js:1:1)'), {}, new Map())).toEqual(trace);
    expect(evaluate(check, answer('boom\r\n\tat f'), {}, new Map())).toEqual(trace);
    expect(evaluate(check, answer('boom\n\n at f'), {}, new Map())).toEqual(trace);
    expect(evaluate(check, answer('boom\nat f'), {}, new Map())).toEqual([]);
    expect(evaluate(check, answer('look at the path'), {}, new Map())).toEqual([]);
  });

  it('reads a long error message in linear time, with the same verdict (a quadratic test hung the run)', async () => {
    // The test once was /\n\s+at /: from each line break of a long run of them it read the whole run (5 s on 80,000).
    const shapes = [
      (n: number) => '\n'.repeat(n),
      (n: number) => '\n '.repeat(n / 2) + 'x',
      (n: number) => '\r\n'.repeat(n / 2) + 'at x',
      (n: number) => '\n'.repeat(n) + ' at ',
    ];
    for (const shape of shapes) {
      const message = shape(100_000);
      expect(evaluate(check, answer(message), {}, new Map())).toEqual(/at $|at x$/.test(message) ? ['the error message carries a stack trace'] : []);
      expect(
        await growth(
          (n) => answer(shape(n)),
          (made) => evaluate(check, made, {}, new Map()),
          100_000,
        ),
      ).toBeLessThan(linearBound());
    }
  });
});
