/**
 * The rule of one-of groups (docs/spec.md#one-of) and exactly-one-of groups (docs/spec.md#conditions), once for every engine:
 * over which keys of a group have a value (after defaults), `[]` when none has one (`missing_one_of`), the positions
 * of the keys after the first with one in an exactly-one-of group (`conflicting_values` at each), else `undefined`.
 * @example groupFaults([false, true, true], true) // [2]
 */
export function groupFaults(has: readonly boolean[], exactly: boolean): number[] | undefined {
  const first = has.indexOf(true);
  if (first < 0) return [];
  const later: number[] = [];
  if (exactly) for (let i = first + 1; i < has.length; i++) if (has[i]) later.push(i);
  return later.length ? later : undefined;
}
