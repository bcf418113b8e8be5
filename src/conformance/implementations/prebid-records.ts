/**
 * The record-taking Prebid.js module (`bidfields/prebid`) on the record cases (kind `validate`): each case's record
 * goes through `createPrebidBidder`, as a page gives it one, and the module must refuse it with the issues
 * `validateAdapter` reports (code, JSON Pointer path, field), or take it. It takes the module as an argument, so the
 * same cases run against the source and the built bundle (`dist/prebid.js`).
 *
 * The module checks a record with the compact engine (src/core/compact/engine.ts), which leaves the rules about how
 * a record is *written* (the JSON Schema, `duplicate_option`, a minimum above its maximum, lenient mode) to
 * `validateAdapter`: a case whose verdict hangs on them is skipped with that reason, the very skip of the compact
 * engine's own run (./compact.ts, which asks the library's schema validators). The module's own verdicts, those of a
 * bidder that must send requests somewhere, are said apart: a record its checks pass is refused with `wrong_protocol`
 * at `/protocol` when it is of another protocol (or a bare field array, a Prebid Server one), and with
 * `invalid_endpoint` at `/endpoint` when it has no endpoint (which docs/spec.md#cli lets a record lack). Those
 * two, and only then, are left out of the outcome; every other issue must be the library's.
 */
import type { Issue } from '../../core/issues.js';
import type { AdapterRecord } from '../../core/types.js';
import type { Implementation, Outcome, ResolvedCase } from '../types.js';
import { authoringSkip } from './compact.js';
import type { PrebidModule } from './prebid.js';

/** The issues a `BidfieldsError` of the module carries (the bundle's class is its own: recognised by name and shape). */
function issuesOf(error: unknown): Issue[] | undefined {
  const candidate = error as { name?: unknown; issues?: unknown } | null;
  return candidate?.name === 'BidfieldsError' && Array.isArray(candidate.issues) ? [...(candidate.issues as Issue[])] : undefined;
}

/** The issues less the module's own verdicts on a record its checks pass: another protocol, no endpoint (see above). */
export function withoutBidderVerdicts(record: unknown, issues: readonly Issue[]): Issue[] {
  const wrongProtocol = issues.some((found) => found.code === 'wrong_protocol' && found.path === '/protocol');
  const noEndpoint = (record as { endpoint?: unknown } | null)?.endpoint === undefined;
  return issues.filter(
    (found) =>
      !(found.code === 'wrong_protocol' && found.path === '/protocol') &&
      !(found.code === 'invalid_endpoint' && found.path === '/endpoint' && (wrongProtocol || noEndpoint)),
  );
}

/**
 * @param module the module under test: the source (`src/prebid/index.ts`) or the built bundle.
 * @param name the name fixture `skip` entries use.
 * @example const result = await runCase(prebidRecordImplementation(await import('../../dist/prebid.js'), 'prebid-records-bundle'), testCase);
 */
export function prebidRecordImplementation(module: PrebidModule, name: string): Implementation {
  return {
    name,
    kinds: ['validate'],
    skips: authoringSkip,
    run(testCase: ResolvedCase): Outcome {
      try {
        module.createPrebidBidder(testCase.adapter as AdapterRecord, { knownEndpoints: [], ...testCase.compileOptions, log: () => {} });
      } catch (error) {
        const issues = issuesOf(error);
        if (!issues) throw error;
        const own = withoutBidderVerdicts(testCase.adapter, issues);
        return own.length ? { ok: false, issues: own, warnings: [] } : { ok: true, warnings: [] };
      }
      return { ok: true, warnings: [] };
    },
  };
}
