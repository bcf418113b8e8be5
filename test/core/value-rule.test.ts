// The shared number helpers of the value judge (src/core/plan/decimal.ts), which both engines and the CLI's
// JSON reader use: which decimal strings a double holds exactly, and that the test stays linear on long digits;
// how a number is written as text.
import { describe, expect, it } from 'vitest';
import { growth, linearBound } from '../support/growth.js';
import { decimalString, isExactDecimal, parseDecimal } from '../../src/core/rules/decimal.js';

describe('isExactDecimal', () => {
  it.each([
    '0',
    '-0',
    '0.0',
    '0.1',
    '1.50',
    '1e3',
    '1E+2',
    '+5',
    '.5',
    '5.',
    '-12.5e-3',
    '9007199254740992',
    '1e21',
    '1e-7',
    '1.7976931348623157e308',
    '5e-324',
    '0.30000000000000004',
  ])('holds %s', (text) => expect(isExactDecimal(text, Number(text))).toBe(true));
  it.each([
    '9007199254740993',
    '12345678901234567890',
    '1e-400',
    '1e400',
    '0.30000000000000000001',
    '1234567890123.45678',
    '9007199254740993.0',
    '12345678901234567891e0',
  ])('does not hold %s', (text) => expect(isExactDecimal(text, Number(text))).toBe(false));
  it('takes linear time on long runs of zeros (a backtracking /0+$/ would take minutes)', async () => {
    const zeros = '0'.repeat(200_000);
    expect(isExactDecimal(`0.1${zeros}1`, 0.1)).toBe(false);
    expect(isExactDecimal(`1${zeros}1e-200001`, Number(`1${zeros}1e-200001`))).toBe(false);
    expect(isExactDecimal(`0.1${zeros}`, 0.1)).toBe(true);
    const shapes = [(n: number) => `0.1${'0'.repeat(n)}1`, (n: number) => `0.1${'0'.repeat(n)}`, (n: number) => `1${'0'.repeat(n)}1e-${n + 1}`];
    for (const shape of shapes) expect(await growth(shape, (text) => isExactDecimal(text, Number(text)), 200_000)).toBeLessThan(linearBound());
  });
});

describe('parseDecimal', () => {
  it('reads a decimal string a double holds, surrounding white space allowed', () => {
    expect([' 7 ', '0.1', '1.50', '1e3', '+.5e-3'].map(parseDecimal)).toEqual([7, 0.1, 1.5, 1000, 0.0005]);
    expect(Object.is(parseDecimal('-0'), -0)).toBe(true);
  });
  it('gives undefined for what is no finite decimal, NaN for a decimal no double holds exactly', () => {
    expect(['abc', '0x10', '1_000', 'Infinity', '1e999', '', ' '].map(parseDecimal)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(['12345678901234567890', ' 9007199254740993 ', '1e-400'].map(parseDecimal)).toEqual([NaN, NaN, NaN]);
  });
});

describe('decimalString', () => {
  it.each<[number, string]>([
    [0, '0'],
    [-0, '0'],
    [7, '7'],
    [-3.25, '-3.25'],
    [0.1, '0.1'],
    [1e20, '100000000000000000000'],
    [1e-6, '0.000001'],
    [1e21, '1000000000000000000000'],
    [1.5e21, '1500000000000000000000'],
    [-1e21, '-1000000000000000000000'],
    [1e-7, '0.0000001'],
    [1.25e-7, '0.000000125'],
    [-1e-7, '-0.0000001'],
    [123456789012345680000, '123456789012345680000'],
  ])('writes %s as %s', (value, text) => expect(decimalString(value)).toBe(text));
  it('never writes an exponent, and reads back as the same number, across the double range', () => {
    for (const value of [5e-324, 2.2250738585072014e-308, 1e-100, 3.14e-15, 6.02e23, 1e100, 1.7976931348623157e308]) {
      for (const signed of [value, -value]) {
        const text = decimalString(signed);
        expect(text).toMatch(/^-?\d+(?:\.\d+)?$/);
        expect(Number(text)).toBe(signed);
      }
    }
  });
});
