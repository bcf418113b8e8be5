/**
 * The package's `compile` and `validateAdapter`, bound to the validators precompiled from `schemas/`.
 */
import { validateFieldsSchema, validateRecordSchema } from '../definition/generated/validators.js';
import { compileWith, validateAdapterWith } from './compile-with.js';
import { checkEndpointOrTemplate } from '../endpoint/check-endpoint.js';
import { schemaCheck } from '../definition/schema-issues.js';
import type { CompiledAdapter } from '../compiled-adapter.js';
import type { Issue } from '../issues.js';
import type { AdapterInput, CompileOptions } from '../types.js';

const kit = { schema: schemaCheck(validateFieldsSchema, validateRecordSchema), endpoint: checkEndpointOrTemplate };

/**
 * Checks an adapter record or a bare field array (docs/spec.md#fields, docs/spec.md#protocols) and compiles it into a plan.
 * @throws BidfieldsError listing every issue found.
 * @example
 * const adapter = compile({ protocol: 'prebid-server', fields: [
 *   { name: 'prd.impTagId', type: 'text', display: 'Tag id' },
 *   { name: 'zone', type: 'number', display: 'Zone', integer: true },
 * ] });
 * const { request } = adapter.enrich(bidRequest, { 'prd.impTagId': 'top', zone: '7' });
 */
export const compile: (input: AdapterInput, options?: CompileOptions) => CompiledAdapter = /* @__PURE__ */ compileWith(kit);

/**
 * Checks an adapter record or field array and returns the issues (empty when valid); never throws on bad input.
 * @example validateAdapter({ protocol: 'rtb', fields: [{ name: 'zone', type: 'text', display: 'Zone' }] })
 * // → [{ code: 'rtb_field_without_prefix', path: '/fields/0/name', field: 'zone', message: '…' }]
 */
export const validateAdapter: (input: unknown, options?: CompileOptions) => Issue[] = /* @__PURE__ */ validateAdapterWith(kit);
