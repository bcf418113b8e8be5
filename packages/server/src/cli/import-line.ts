/** The last line of every `data import` run, local or through a server, so scripts can read one shape. */

/**
 * The summary line.
 *
 * @example
 * summaryLine(1000, 2, 1234) // '1000 rows loaded, 2 refused in 1.2 s\n'
 */
export function summaryLine(loaded: number, refused: number, elapsedMs: number): string {
  return `${loaded} rows loaded, ${refused} refused in ${(elapsedMs / 1000).toFixed(1)} s\n`;
}
