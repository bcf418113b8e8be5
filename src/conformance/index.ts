/**
 * `bidfields/conformance`: the fixture suite for other implementations, so a port in any language is held to the
 * very cases bidfields runs. `runSuite` runs every case against an `Implementation` (the kinds it takes and a
 * `run(case)` answering an `Outcome`); `cliImplementation` makes one of any command line that follows docs/spec.md#cli, as
 * `bidfields conformance --cli CMD` does from the shell. `runPbsFixture` judges a record against one of Prebid
 * Server's own adapter tests, as `bidfields conformance --pbs DIR --adapter FILE` does. docs/fixtures.md has the whole
 * story.
 */
export { runSuite, runCase, type RunOptions } from './run-suite.js';
export { CannotRunError } from './types.js';
export { bundledFixtures } from './bundled-fixtures.js';
export { cliImplementation } from './implementations/cli.js';
export { libraryImplementation } from './implementations/library.js';
export { compactImplementation } from './implementations/compact.js';
export { generatedPrebidImplementation } from './implementations/generated-prebid.js';
export { withGetFloor } from './prebid-bids.js';
export { sizedByPrebid } from './implementations/prebid.js';
export {
  compilePbsRecord,
  expectedCalls,
  firstCallDifference,
  firstJsonDifference,
  isPbsFixture,
  knownEndpointsOf,
  runPbsFixture,
  splitFixture,
  withEndpoint,
  type PbsCall,
  type PbsDifference,
  type PbsFixture,
  type PbsResult,
  type PbsRunOptions,
} from './pbs.js';
export { generatedModuleImplementation, generatedNodeImplementation, interpreterImplementation } from './implementations/engines.js';
export type {
  CaseKind,
  CaseResult,
  Expectation,
  ExpectedIssue,
  FixtureCase,
  HttpExpectation,
  Implementation,
  Outcome,
  ResolvedCase,
  SuiteResult,
} from './types.js';
