/**
 * `compile` and `validateAdapter` over a given pair of schema validators. The package entry binds the
 * precompiled ajv validators; a build that must stay tiny can bind others without pulling ajv's output in.
 */
import { BidfieldsError, type Issue } from '../issues.js';
import type { AdapterInput, CompileOptions, FieldDefinition } from '../types.js';
import { CompiledAdapter } from '../adapter.js';
import { checkAdapter, type SchemaValidators } from './check-adapter.js';

export function compileWith(validators: SchemaValidators) {
  return function compile(input: AdapterInput, options: CompileOptions = {}): CompiledAdapter {
    const check = checkAdapter(input, options, validators);
    if (!check.plan || !check.protocol) throw new BidfieldsError(check.issues);
    const fields = (Array.isArray(input) ? input : input.fields) as FieldDefinition[];
    return new CompiledAdapter(check.plan, {
      protocol: check.protocol,
      fields,
      endpoint: check.endpoint,
      cpmField: check.record?.cpmField,
      bidderCode: check.record?.bidderCode,
      warnings: check.warnings,
    });
  };
}

export function validateAdapterWith(validators: SchemaValidators) {
  return function validateAdapter(input: unknown, options: CompileOptions = {}): Issue[] {
    return checkAdapter(input, options, validators).issues;
  };
}
