// The contract is in the repository (docs/spec.md), and what cites it cites a section that exists: every
// `docs/spec.md#anchor` in the sources, tests and scripts, and every `spec.md#anchor` link in the docs, names an
// anchor of docs/spec.md; nothing cites the contract by a section number a reader of the repository cannot look up,
// and no comment or doc cites an issue number (the CHANGELOG keeps the history; the Prebid Server fixtures under
// test/peer are kept as their authors wrote them).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Files of the repository's own text: no dot folders, no node_modules, no generated code, no symbolic links. */
function files(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'generated') return [];
    if (entry.isDirectory()) return relative === path.join('test', 'peer') ? [] : files(relative);
    return entry.isFile() && /\.(?:[cm]?[jt]sx?|md|sh)$/.test(entry.name) ? [relative] : [];
  });
}

const anchors = new Set([...fs.readFileSync(path.join(root, 'docs/spec.md'), 'utf8').matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((match) => match[1]));
const self = path.join('test', 'suite', 'spec-anchors.test.ts');
const sources = [
  ...files('src'),
  ...files('packages/server/src'),
  ...files('test').filter((file) => file !== self),
  ...files('scripts'),
  ...files('bench'),
  ...files('docs'),
  ...files('examples'),
  'README.md',
  'packages/server/README.md',
];

describe('docs/spec.md', () => {
  it('has a stable anchor for each section', () => {
    expect(anchors.size).toBeGreaterThan(20);
    expect([...anchors]).toEqual(expect.arrayContaining(['fields', 'targets', 'values', 'protocols', 'issues', 'endpoint-templates', 'split-imp']));
  });

  it('names every anchor cited anywhere', () => {
    const cited = sources.flatMap((file) =>
      [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/spec\.md#([A-Za-z0-9_-]+)/g)].map((match) => ({ file, anchor: match[1]! })),
    );
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ anchor }) => !anchors.has(anchor))).toEqual([]);
  });

  it('is cited by anchor, not by the section numbers of a text outside the repository', () => {
    const bySection = sources.filter((file) => file !== 'docs/spec.md' && /SPEC(?:'s)? §/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(bySection).toEqual([]);
  });

  it('is never cited by issue number either (the history is in CHANGELOG.md)', () => {
    const citing = sources.flatMap((file) =>
      [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/.{0,30}\bissues? #?\d+.{0,30}/g)].map((match) => `${file}: ${match[0]}`),
    );
    expect(citing).toEqual([]);
  });
});
