/**
 * `readCpm` reads untrusted partner JSON: only own plain-object properties, never a prototype key, and only a
 * finite non-negative number is a CPM.
 */
import { describe, expect, it } from 'vitest';
import { readCpm } from '../../src/protocols/prebid-js.js';

class Bid {
  price = 2;
}

describe('readCpm', () => {
  it.each<[string, unknown, string, number | undefined]>([
    ['a top-level price', { price: 1.25 }, 'price', 1.25],
    ['zero', { price: 0 }, 'price', 0],
    ['a nested path', { ext: { pricing: { cpm: 3 } } }, 'ext.pricing.cpm', 3],
    ['a $-segment', { $cpm: 4 }, '$cpm', 4],
    ['a null-prototype object (JSON from a structured clone)', Object.assign(Object.create(null), { price: 5 }), 'price', 5],
    ['a missing field', { cpm: 1 }, 'price', undefined],
    ['a numeric string (OpenRTB price is a number)', { price: '1.25' }, 'price', undefined],
    ['a negative number', { price: -0.01 }, 'price', undefined],
    ['NaN', { price: NaN }, 'price', undefined],
    ['Infinity', { price: Infinity }, 'price', undefined],
    ['a boolean', { price: true }, 'price', undefined],
    ['null', { price: null }, 'price', undefined],
    ['an object', { price: { value: 1 } }, 'price', undefined],
    ['a boxed number', { price: new Number(1) }, 'price', undefined],
    ['a path through a non-object', { ext: 'x' }, 'ext.length', undefined],
    ['a path through an array', { seat: [{ price: 1 }] }, 'seat.0.price', undefined],
    ['a class instance', new Bid(), 'price', undefined],
    ['the bid itself is not an object', 1.5, 'price', undefined],
    ['null bid', null, 'price', undefined],
    ['an array bid', [1], '0', undefined],
    ['an inherited property', Object.create({ price: 7 }), 'price', undefined],
    ['Object.prototype members', {}, 'toString', undefined],
    ['an own __proto__ key made by JSON.parse', JSON.parse('{"__proto__":{"price":9}}'), '__proto__.price', undefined],
    ['an own constructor key', { constructor: { price: 9 } }, 'constructor.price', undefined],
    ['an own prototype key', { prototype: 9 }, 'prototype', undefined],
  ])('%s', (_label, bid, path, expected) => {
    expect(readCpm(bid, path)).toBe(expected);
  });

  it('returns 0, not -0, for a negative zero', () => {
    expect(Object.is(readCpm({ price: -0 }, 'price'), 0)).toBe(true);
  });

  it('never throws on hostile input (getters and proxies aside, it reads data only)', () => {
    const deep = JSON.parse('{"a":'.repeat(1000) + '1' + '}'.repeat(1000));
    expect(readCpm(deep, Array(1000).fill('a').join('.'))).toBe(1);
    expect(readCpm({ price: 1 }, '')).toBeUndefined();
    expect(readCpm({ price: 1 }, 'price.')).toBeUndefined();
  });
});
