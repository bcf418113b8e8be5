// The code that reads untrusted JSON in the page (the compact engine, the Prebid module) compares with `===`
// only: `==`, `!=` turn an object into a primitive, which throws for `{"toString": 1}` (found by the property
// test). `== null` is the one loose comparison that never converts. This test keeps it that way.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const files = ['src/core/compact', 'src/prebid'].flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${dir}/${file}`),
);

/** Loose comparisons in a source text, comments and strings aside. */
function looseComparisons(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(/'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "''");
  return [...code.matchAll(/[^=!<>]([=!]=)(?!=)\s*([\w$'`.]*)/g)].filter((match) => match[2] !== 'null').map((match) => `${match[1]} ${match[2]}`);
}

describe('strict comparisons in page code', () => {
  it('finds loose comparisons when there are some', () => {
    // String literals are blanked before the search (so a string holding "==" is not a comparison).
    expect(looseComparisons("if (a == 'b' || c != d) x = e == null; // a == b\nconst s = 'a == b';")).toEqual(["== ''", '!= d']);
  });
  it.each(files)('%s compares with === only', (file) => {
    expect(looseComparisons(fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
