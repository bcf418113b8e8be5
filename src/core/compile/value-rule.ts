/**
 * Where the CLI's JSON reader still imports the number test from; the value rule itself is plan/value-judge.ts and
 * the number helpers plan/decimal.ts. Remove once src/cli/commands/shared.ts imports plan/decimal.ts.
 */
export { isExactDecimal } from '../plan/decimal.js';
