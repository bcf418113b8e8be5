// The timing the answer benches share (bench/answers.bench.mjs, bench/interpret.bench.mjs): contestants run
// interleaved in rounds, each batch timed in this process's CPU time (process.cpuUsage: user + system, so garbage
// collection counts), the first rounds a warm-up; each contestant's median ns/op is printed with its ratio to the
// floor, and a goal line (PASS/FAIL) for those `goal` names. A benchmark prints numbers; it never fails.

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

/**
 * Runs `contestants` (name → function; what each returns is counted, so no run is optimised away) and prints the
 * table under `title`. `floor` names the contestant the ratios are to; `goal(name)` gives a contestant's goal ratio,
 * or undefined for none.
 */
export function runRounds(title, contestants, { floor, goal, batch, rounds = Number(process.env.ROUNDS ?? 25), warmup = 3 }) {
  const times = Object.fromEntries(Object.keys(contestants).map((name) => [name, []]));
  let sink = 0;
  for (let round = 0; round < rounds + warmup; round++) {
    for (const [name, run] of Object.entries(contestants)) {
      const start = cpu();
      for (let i = 0; i < batch; i++) {
        const out = run();
        sink += out ? (out.length ?? 1) : 0;
      }
      if (round >= warmup) times[name].push((cpu() - start) / batch);
    }
  }
  const base = median(times[floor]);
  const width = Math.max(...Object.keys(contestants).map((name) => name.length));
  console.log(`${title}; median of ${rounds} rounds of ${batch}, CPU time (sink ${sink})`);
  for (const name of Object.keys(contestants)) {
    const ns = median(times[name]);
    const ratio = ns / base;
    const target = goal(name);
    const verdict = target === undefined ? '' : `  goal ≤ ${target}× ${floor}: ${ratio <= target ? 'PASS' : 'FAIL'}`;
    console.log(`${name.padEnd(width)} ${(ns / 1000).toFixed(2).padStart(8)} µs/op  ${ratio.toFixed(2)}×${verdict}`);
  }
}
