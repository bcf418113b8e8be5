import { runSuite } from '../src/conformance/run-suite.js';
import { compactImplementation } from '../src/conformance/implementations/compact.js';
const r = await runSuite('/work/main/fixtures', compactImplementation);
for (const x of r.results) if (x.status === 'failed') console.log(x.file, x.name, x.reasons);
console.log(r.passed, 'passed', r.failed, 'failed', r.skipped, 'skipped');
const reasons = new Map(); for (const x of r.results) if (x.status==='skipped') reasons.set(x.reasons[0], (reasons.get(x.reasons[0])??0)+1); console.log(reasons);
