// A file a reader can hold in mind: no source file of either package over 300 lines (after Prettier), and no
// package README over 250 (the rest belongs in docs/).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.relative(root, path.join(entry.parentPath, entry.name));
    return entry.isFile() && /\.(?:ts|tsx|mts)$/.test(entry.name) && !file.includes(`${path.sep}generated${path.sep}`) ? [file] : [];
  });
}

const lines = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;

describe('file lengths', () => {
  it('keeps every source file of both packages at 300 lines or fewer', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('packages/server/src')];
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => lines(file) > 300).map((file) => `${file}: ${lines(file)} lines`)).toEqual([]);
  });

  it('keeps each package README at 250 lines or fewer', () => {
    expect(['README.md', 'packages/server/README.md'].filter((file) => lines(file) > 250).map((file) => `${file}: ${lines(file)} lines`)).toEqual([]);
  });
});
