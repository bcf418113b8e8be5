/**
 * "Did you mean": the nearest of some known words (a command, an option) to one typed wrong, by edit distance, so a
 * usage error names what was probably meant instead of leaving the user to read the whole usage text.
 */

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known word nearest to `typed`, when it is near enough to be a slip (at most a third of its letters, at least
 * one, differ; a known word that starts with what was typed counts too); undefined otherwise.
 *
 * @example
 * closest('--know-endpoint', ['--adapter', '--known-endpoint']) // '--known-endpoint'
 * closest('valdate', ['enrich', 'validate']) // 'validate'
 */
export function closest(typed: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const word of known) {
    const d = word.startsWith(typed) && typed.length >= 3 ? 0.5 : distance(typed.toLowerCase(), word.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [word, d];
  }
  return bestDistance <= Math.max(1, Math.floor(typed.replace(/^-+/, '').length / 3)) ? best : undefined;
}

/** The long options a usage text names (`--known-endpoint`, `--out`), each once. */
export function optionsOf(usage: string): string[] {
  return [...new Set(usage.match(/--[a-z][a-z0-9-]*/g) ?? [])];
}
