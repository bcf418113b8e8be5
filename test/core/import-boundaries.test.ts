// Dependencies point inward: src/core imports nothing outside src/core (no CLI, protocol, Prebid, report or
// server code), and nothing from node: built-ins, so it runs in browsers. Checked on the import statements.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcRoot = path.resolve(import.meta.dirname, '../../src');
const coreRoot = path.join(srcRoot, 'core');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

describe('src/core import boundaries', () => {
  const files = sourceFiles(coreRoot);
  it('finds the core files', () => expect(files.length).toBeGreaterThan(10));
  for (const file of files) {
    it(path.relative(srcRoot, file), () => {
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier);
          expect(target.startsWith(coreRoot + path.sep), `${specifier} leaves src/core`).toBe(true);
        } else {
          // Only type-only packages may be named; no runtime package, no node: built-in.
          expect(['iab-openrtb/v26'], `${specifier} is not allowed in src/core`).toContain(specifier);
        }
      }
    });
  }
  it('detects a violation (the checker itself works)', () => {
    const fake = path.join(coreRoot, 'x.ts');
    expect(path.resolve(path.dirname(fake), '../cli/main.js').startsWith(coreRoot + path.sep)).toBe(false);
  });
});
