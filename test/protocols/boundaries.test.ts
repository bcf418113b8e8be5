// The wrappers stay thin: src/protocols imports only src/core and itself; and the files the Prebid.js bundle
// takes (readCpm and the URL/HTTP shapes) import no node: built-in, so they run in browsers.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../support/imports.js';

const root = path.resolve(import.meta.dirname, '../../src/protocols');
const core = path.resolve(root, '../core');
const files = fs.readdirSync(root).filter((name) => name.endsWith('.ts'));

describe('src/protocols import boundaries', () => {
  it('finds the wrapper files', () => expect(files).toContain('prebid-js.ts'));
  for (const file of files) {
    it(`${file} imports only src/core, its siblings and no package or built-in`, () => {
      for (const specifier of importsOf(fs.readFileSync(path.join(root, file), 'utf8'))) {
        expect(specifier.startsWith('.'), `${specifier} is a package or built-in`).toBe(true);
        const target = path.resolve(root, specifier);
        expect(target.startsWith(core + path.sep) || path.dirname(target) === root, `${specifier} leaves src/core and src/protocols`).toBe(true);
      }
    });
  }
});
