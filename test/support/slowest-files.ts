// A vitest reporter that prints, after the run, the ten test files that took longest: where the suite's time goes,
// so that the next change to it knows what to look at.
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((module) => ({ file: module.relativeModuleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (rows.length === 0) return;
    const lines = rows.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    process.stdout.write(`\nThe ten slowest test files:\n${lines.join('\n')}\n`);
  }
}
