// The client must run in browsers: nothing it imports, directly or through the shared validator, may be a node:
// built-in or a runtime package. Checked by walking the import graph from src/client/index.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/gm;

function graph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const runtime: string[] = [];
    seen.set(file, runtime);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (m[2]) continue; // import type: erased, costs the browser nothing
      const spec = m[3]!;
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      else runtime.push(spec);
    }
  };
  visit(entry);
  return seen;
}

describe('client bundle', () => {
  const files = graph(path.join(src, 'client/index.ts'));
  it('reaches the shared validator', () => {
    expect([...files.keys()].map((f) => path.relative(src, f))).toContain(path.join('api-contract', 'validate-report.ts'));
  });
  it('imports no node: built-in and no runtime package', () => {
    const external = [...files].flatMap(([file, specs]) => specs.map((s) => `${path.relative(src, file)} → ${s}`));
    expect(external).toEqual([]);
  });
});
