// How a piece of work grows with its input, measured in one test: the processor time at `size * factor` over the
// time at `size`, each the fastest of a few measures (other work on the machine only ever adds time, so the fastest
// is the closest to the work itself). Linear work grows by about `factor` (up to half again more for a bigger heap's
// garbage collection), quadratic by `factor` squared: tests assert the ratio stays under `factor * 4`, a margin wide
// enough for a loaded machine and half of a quadratic 64. This is
// the only place in the suite that reads a clock to judge speed (test/suite/no-elapsed-assertions.test.ts).

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
export async function growth<T>(
  make: (size: number) => T,
  run: (input: T) => unknown,
  size: number,
  { factor = 8, repeats = 3 }: GrowthOptions = {},
): Promise<number> {
  // Processor time, not wall time: another process taking the core (a loaded machine) stops this clock, where a wall
  // clock would charge the run that happened to be preempted (more often the longer one). Each measure repeats the
  // run until it has used 10 ms, so the clock's grain and one collection weigh little.
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const fastest = async (input: T) => {
    let best = Infinity;
    for (let i = 0; i < repeats; i++) {
      const started = cpu();
      let runs = 0;
      do {
        await run(input);
        runs++;
      } while (cpu() - started < 10);
      best = Math.min(best, (cpu() - started) / runs);
    }
    return best;
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
    if (process.env.GROWTH_LOG)
      process.stderr.write(`growth ${(largeTime / smallTime).toFixed(1)} (${smallTime.toFixed(3)} ms → ${largeTime.toFixed(3)} ms of processor time)\n`);
  }
  return lowest;
}
