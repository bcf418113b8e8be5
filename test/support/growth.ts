// How a piece of work grows with its input, measured in one test: the time at `size * factor` over the time at
// `size`, each the fastest of a few runs (other work on the machine only ever adds time, so the fastest run is the
// closest to the work itself). Linear work grows by about `factor` (up to half again more for a bigger heap's
// garbage collection), quadratic by `factor` squared: tests assert the ratio stays under `factor * 4`, a margin wide
// enough for a loaded machine and half of a quadratic 64. This is
// the only place in the suite that reads a clock to judge speed (test/suite/no-elapsed-assertions.test.ts).
import { performance } from 'node:perf_hooks';

export interface GrowthOptions {
  /** How many times bigger the second input is (8 by default). */
  factor?: number;
  /** Runs of each size; the fastest counts (3 by default). */
  repeats?: number;
}

/** The bound tests hold a linear growth ratio to: four times the factor. */
export const linearBound = (factor = 8): number => factor * 4;

/**
 * The time `run(make(size * factor))` takes over the time `run(make(size))` takes, inputs made before the clock
 * starts. Sizes should make the small run take a millisecond or more, so the timer's grain does not count.
 * @example expect(await growth((n) => 'x'.repeat(n), (text) => parse(text), 10_000)).toBeLessThan(linearBound())
 */
export async function growth<T>(make: (size: number) => T, run: (input: T) => unknown, size: number, { factor = 8, repeats = 3 }: GrowthOptions = {}): Promise<number> {
  const fastest = async (input: T) => {
    let best = Infinity;
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      await run(input);
      best = Math.min(best, performance.now() - started);
    }
    // A run under the timer's grain counts as the grain.
    return Math.max(best, 0.05);
  };
  const small = make(size);
  const large = make(size * factor);
  // Once on the small input first, so the first timed run is not the one that compiles the code.
  await run(small);
  // Other work (another test file's garbage collection, a busy core) only ever makes a ratio look worse, and a
  // quadratic ratio never looks linear: up to three measures, the lowest counts.
  let lowest = Infinity;
  for (let attempt = 0; attempt < 3 && lowest >= linearBound(factor); attempt++) {
    const [smallTime, largeTime] = [await fastest(small), await fastest(large)];
    lowest = Math.min(lowest, largeTime / smallTime);
    // GROWTH_LOG=1 prints each ratio, to see the margin a change leaves.
    if (process.env.GROWTH_LOG) process.stderr.write(`growth ${(largeTime / smallTime).toFixed(1)} (${smallTime.toFixed(2)} ms → ${largeTime.toFixed(2)} ms)\n`);
  }
  return lowest;
}
