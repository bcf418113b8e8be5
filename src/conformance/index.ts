/**
 * `bidfields/conformance`: the fixture suite for other implementations. `runSuite(dir, implementation)` loads
 * `dir/cases/**\/*.json` (`bundledFixtures('cases')` is the set shipped with bidfields) and runs every case
 * against an `Implementation`: an object with the case kinds it takes and a `run(case)` that answers with an
 * `Outcome`. `cliImplementation(['./my-port'])` makes one of any command line that follows SPEC §6 (`validate` and
 * `enrich` with `--json`), which is how a port in another language is tested; `bidfields conformance --cli CMD` is
 * the same from the shell.
 *
 * @example
 * import { bundledFixtures, cliImplementation, runSuite } from 'bidfields/conformance';
 * const suite = await runSuite(path.dirname(bundledFixtures('cases')!), cliImplementation(['python3', 'port.py']));
 * console.log(`${suite.passed} passed, ${suite.failed} failed`);
 */
export { runSuite, runCase, type RunOptions } from './run-suite.js';
export { bundledFixtures } from './bundled-fixtures.js';
export { cliImplementation } from './implementations/cli.js';
export { libraryImplementation } from './implementations/library.js';
export { compactImplementation } from './implementations/compact.js';
export { generatedPrebidImplementation } from './implementations/generated-prebid.js';
export type { CaseKind, CaseResult, Expectation, ExpectedIssue, FixtureCase, HttpExpectation, Implementation, Outcome, ResolvedCase, SuiteResult } from './types.js';
