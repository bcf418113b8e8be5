// Dependencies point inward: src/core imports nothing outside src/core (no CLI, protocol, Prebid, report or
// server code), and nothing from node: built-ins, so it runs in browsers. Checked on the import statements.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../support/imports.js';

const srcRoot = path.resolve(import.meta.dirname, '../../src');
const coreRoot = path.join(srcRoot, 'core');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Imports of a core file that break the rule: leaving src/core, or naming any package but OpenRTB types. */
function violations(file: string, text?: string): string[] {
  return importsOf(text ?? fs.readFileSync(file, 'utf8')).filter((specifier) =>
    specifier.startsWith('.') ? !path.resolve(path.dirname(file), specifier).startsWith(coreRoot + path.sep) : specifier !== 'iab-openrtb/v26',
  );
}

describe('src/core import boundaries', () => {
  const files = sourceFiles(coreRoot);
  it('finds the core files', () => expect(files.length).toBeGreaterThan(10));
  for (const file of files) it(path.relative(srcRoot, file), () => expect(violations(file)).toEqual([]));
  it('the checker catches each kind of violation', () => {
    const fake = path.join(coreRoot, 'apply', 'x.ts');
    const text = `import { main } from '../../cli/main.js';\nimport type { X } from '../../protocols/rtb.js';\nexport * from '../../prebid/index.js';\nconst m = await import('../../reports/engine.js');\nimport fs from 'node:fs';\nimport { ok } from '../issues.js';\nimport type { BidRequest } from 'iab-openrtb/v26';`;
    expect(violations(fake, text)).toEqual(['../../cli/main.js', '../../protocols/rtb.js', '../../prebid/index.js', '../../reports/engine.js', 'node:fs']);
  });
});
