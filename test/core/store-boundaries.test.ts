// The storage layers point one way: the domains (auth, adapters, reports) define the store interfaces and import no
// engine; the engines (src/stores) implement them; src/storage opens them for the server and the CLI, which import
// it and not each other (but for `serve`, which starts the server); the wire contract (src/api) imports neither.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../support/imports.js';

const srcRoot = path.resolve(import.meta.dirname, '../../src');

/** Which folders of src a folder may not import, and the files allowed to anyway (each with its reason). */
const RULES: { from: string; not: string[]; except?: Record<string, string> }[] = [
  { from: 'auth', not: ['stores', 'storage', 'server', 'cli'] },
  { from: 'adapters', not: ['stores', 'storage', 'server', 'cli'] },
  { from: 'reports', not: ['stores', 'storage', 'server', 'cli', 'client'] },
  { from: 'stores', not: ['storage', 'server', 'cli', 'client'] },
  { from: 'storage', not: ['server', 'cli', 'client'] },
  { from: 'api', not: ['stores', 'storage', 'server', 'cli', 'client', 'reports', 'auth', 'adapters'] },
  { from: 'server', not: ['cli', 'client'] },
  { from: 'client', not: ['server', 'cli', 'stores', 'storage'] },
  { from: 'cli', not: ['server'], except: { 'cli/commands/serve.ts': 'serve starts the server' } },
];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The imports of `file` (a path under src) that a rule forbids. */
function violations(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const relative = path.relative(srcRoot, file).split(path.sep).join('/');
  const rule = RULES.find((r) => relative.startsWith(`${r.from}/`));
  if (!rule || rule.except?.[relative]) return [];
  return importsOf(text).filter((specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = path.relative(srcRoot, path.resolve(path.dirname(file), specifier)).split(path.sep)[0]!;
    return rule.not.includes(target);
  });
}

describe('storage layer boundaries', () => {
  for (const rule of RULES) {
    const files = sourceFiles(path.join(srcRoot, rule.from));
    it(`src/${rule.from} imports none of ${rule.not.join(', ')}`, () => {
      expect(files.length).toBeGreaterThan(0);
      expect(files.flatMap((file) => violations(file).map((v) => `${path.relative(srcRoot, file)}: ${v}`))).toEqual([]);
    });
  }
  it('the checker catches each kind of violation', () => {
    expect(violations(path.join(srcRoot, 'auth', 'x.ts'), `import { a } from '../stores/duckdb/user-store.js';`)).toEqual(['../stores/duckdb/user-store.js']);
    expect(violations(path.join(srcRoot, 'server', 'routes', 'x.ts'), `import { b } from '../../client/upload.js';`)).toEqual(['../../client/upload.js']);
    expect(violations(path.join(srcRoot, 'cli', 'commands', 'db.ts'), `import { c } from '../../server/storage.js';`)).toEqual(['../../server/storage.js']);
    expect(violations(path.join(srcRoot, 'cli', 'commands', 'serve.ts'), `import { d } from '../../server/start.js';`)).toEqual([]);
  });
});
