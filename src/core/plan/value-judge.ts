/**
 * The value rule of docs/spec.md#values, once, without words: a field's judge turns an entered value into the value written,
 * or names the rule that refuses it. `valueCode` gives the issue code; `compile` words each reason for people
 * (compile/messages.ts), while the page, which ships every byte, reports the code alone.
 */
import { decimalString, finite, parseDecimal } from '../rules/decimal.js';
import type { FieldPlan, WrittenValue } from './field-plan.js';

/** What is written for an entered value: a number, or a string (text fields, predefined targets). */
export type { WrittenValue };

/**
 * Why an entered value is refused. Numbered so the page carries no names for them, and ordered by issue code
 * (see {@link valueCode}): out of range, then not an option, then every kind of invalid value.
 */
export enum ValueReason {
  BelowMin = 1,
  AboveMax,
  NotAnOption,
  /** Not of the field's kind: for text a string or a finite number, for a boolean one of true, false, "true", "false", else a finite (decimal) number. */
  Unreadable,
  Inexact,
  NotInteger,
  TooShort,
  TooLong,
  NoMatch,
  /** A list (docs/spec.md#lists-json-ids) with fewer items than `minItems`, more than `maxItems` (at most 1,000), or an empty item. */
  TooFewItems,
  TooManyItems,
  EmptyItem,
  /** A JSON value that is not one, or larger than 4,096 bytes or deeper than 32 levels (rules/json-value.ts). */
  NotJson,
  /** A JSON value with a prototype key at any depth: `unsafe_name`. */
  UnsafeKey,
  /** A value its field takes but a typed target does not (docs/spec.md#more-openrtb-targets): a floor below 0, secure not 0 or 1, … */
  TargetRefuses,
}

/**
 * A refused value: a one-item list of the rule that refuses it (a list: `typeof` tells it from a written value, and
 * the page carries no key name for it).
 */
export type ValueRefusal = [reason: ValueReason];

/**
 * The judge's verdict: the value to write, a refusal, or, for a list or JSON value (an object, which a refusal must
 * not be taken for), a function that gives it: {@link writtenOf} reads a verdict that is no refusal.
 */
export type ValueVerdict = WrittenValue | ValueRefusal | (() => WrittenValue);

/** A field's value rule. */
export type ValueJudge = (raw: unknown) => ValueVerdict;

/** The issue code of a refusal (docs/spec.md#values) of the text, number, select and boolean rules. */
export const valueCode = (reason: ValueReason): 'out_of_range' | 'not_an_option' | 'invalid_value' =>
  reason > ValueReason.NotAnOption ? 'invalid_value' : reason > ValueReason.AboveMax ? 'not_an_option' : 'out_of_range';

/** True when the verdict refuses the value. */
export const isRefusal = (verdict: ValueVerdict): verdict is ValueRefusal => typeof verdict === 'object';

/** `undefined`, `null` and `""` mean "not entered" (docs/spec.md#values). */
export const isNotEntered = (raw: unknown): boolean => raw === undefined || raw === null || raw === '';

/**
 * The judge of a boolean field (docs/spec.md#booleans): what a form sends for a checkbox, or the boolean itself.
 * @example booleanJudge('false') // false
 */
export const booleanJudge: ValueJudge = (raw) => (raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : [ValueReason.Unreadable]);

/**
 * {@link makeValueJudge} of a text, number or select field, apart so that the page runtime ships the boolean judge only
 * to records that have a boolean field (src/core/compact/values-engine.ts).
 */
export function ruleJudge(field: FieldPlan): ValueJudge {
  // Read once: plans differ in shape, so reading them per value would be a megamorphic lookup on the hot path.
  const { type, options, min, max, integer, minLength = 0, maxLength = Infinity, pattern } = field;
  const text = type === 'text';
  // An empty pattern matches every text, as no pattern does.
  const regExp = pattern && new RegExp(pattern, 'u');
  return (raw) => {
    let length = 0;
    // text: a string or a finite number (as its decimal string); number and select: a finite number, or a
    // string that is a finite decimal number, surrounding white space allowed (NaN: one no double holds exactly).
    const value = typeof raw === 'string' ? (text ? raw : parseDecimal(raw)) : finite(raw) ? (text ? decimalString(raw) : raw) : undefined;
    // Lengths are counted (in code points, as ucs2length counts them: a lone surrogate is one; without copying the
    // text) only when the field bounds them.
    if (text && (minLength || maxLength < Infinity) && value !== undefined) for (const _ of value as string) length++;
    // Order matters where one value breaks two rules: a select value no double holds is inexact, not "no option".
    // Only a select's plan has `options` (make-field-plan.ts). `integer` holds for a select too, as the page always held
    // it (its record check leaves keys of another type to validateAdapter), `min` and `max` never do.
    const reason =
      value !== value
        ? ValueReason.Inexact
        : options && !options.includes(value as number)
          ? ValueReason.NotAnOption
          : value === undefined
            ? ValueReason.Unreadable
            : text
              ? length < minLength
                ? ValueReason.TooShort
                : length > maxLength
                  ? ValueReason.TooLong
                  : regExp && !regExp.test(value as string) && ValueReason.NoMatch
              : integer && !Number.isInteger(value)
                ? ValueReason.NotInteger
                : options
                  ? 0
                  : (value as number) < min!
                    ? ValueReason.BelowMin
                    : (value as number) > max! && ValueReason.AboveMax;
    return reason ? [reason] : (value as WrittenValue);
  };
}

/**
 * The value written at a target: a number as its decimal string at a predefined target (docs/spec.md#targets), else as judged.
 * @example writtenAt([0, 'tagid'], 1e21) // '1000000000000000000000'
 */
export const writtenAt = (to: readonly unknown[], value: WrittenValue): WrittenValue => (to[1] !== 'ext' && finite(value) ? decimalString(value) : value);
