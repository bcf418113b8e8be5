/**
 * bidfields: validate demand-partner field definitions, compile them once, and apply entered values to OpenRTB
 * 2.x bid requests without changing the caller's request.
 */
export { compile, validateAdapter } from './core/compile/index.js';
export type { EngineKind } from './core/source/enricher.js';
export {
  CompiledAdapter,
  type BoundAdapter,
  type EnrichResult,
  type SafeEnrichResult,
  type AdapterInfo,
  type PerImpValues,
  type Sendable,
} from './core/compiled-adapter.js';
export { BidfieldsError, escapePointerToken, issue, pointer, type Issue, type IssueCode } from './core/issues.js';
export { ENDPOINT_PREFIX, EXT_PREFIX, REQUEST_EXT_PREFIX } from './core/definition/names.js';
export { nesting as jsonNesting } from './core/source/literal.js';
export { formFields, formOneOfGroups, type FormField, type FormOneOfGroup } from './core/form-fields.js';
export { BANNER_SIZE_WHEN, NOT_OBJECT_PATHS, REMOVABLE_PATHS } from './core/plan/steps-plan.js';
export type {
  AdapterInput,
  AdapterRecord,
  BidMediaType,
  ResponseDefinition,
  HeaderDefinition,
  BidRequest,
  BooleanField,
  ConstantDefinition,
  JsonValue,
  CompileOptions,
  EnrichOptions,
  EnricherModule,
  FieldDefinition,
  FieldValues,
  NumberField,
  Protocol,
  SelectField,
  SelectOption,
  TextField,
} from './core/types.js';
export {
  buildRtbRequest,
  safeBuildRtbRequest,
  buildRtbRequests,
  safeBuildRtbRequests,
  compilePrebidServer,
  paramsLocationOf,
  buildPrebidServerRequest,
  safeBuildPrebidServerRequest,
  buildPrebidServerRequests,
  safeBuildPrebidServerRequests,
  toParamsSchema,
  readCpm,
  readBids,
  sendHttpRequest,
  type HttpRequest,
  type HttpResponse,
  type SendOptions,
  type FetchLike,
  type SafeBuildResult,
  type SafeBuildAllResult,
  type ParamsLocation,
  type PrebidServerOptions,
  type ParamsSchema,
  type ReadBid,
  type ReadBidsResult,
} from './protocols/index.js';
