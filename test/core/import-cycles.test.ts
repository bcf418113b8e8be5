// No import cycle anywhere in src, and the layers point one way: a store implements its domain's interfaces (the
// domain never names a store), and the CLI and the server both open stores through src/storage/ rather than reach
// into each other; `bidfields serve` starting the server is the one named exception. Type-only imports count: a
// cycle of types still means neither file can be read, moved or split without the other.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../support/imports.js';

const srcRoot = path.resolve(import.meta.dirname, '../../src');

/** Each file (relative to src, `/`-separated) and the files in src it imports, in the order written. */
type Graph = ReadonlyMap<string, readonly string[]>;

function sourceFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The file a relative specifier names, as TypeScript's NodeNext resolution finds it: `./x.js` written for
 * `x.ts` or `x.tsx`, `./x.mjs` for `x.mts`, a folder for its `index`, or the file as written. Undefined for a
 * package, or for a path that is no source file in the set (JSON, a virtual module, outside src).
 */
function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const typed = base.endsWith('.mjs') ? [`${stem}.mts`] : [`${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`];
  const candidates = [...typed, base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, `${base}/index.js`];
  return candidates.find((candidate) => files.has(candidate));
}

/** The text without its comment lines, so an `@example` import in a JSDoc block is not taken for a real one. */
function withoutCommentLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

function buildGraph(root: string): { graph: Graph; unresolved: string[] } {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets: string[] = [];
    for (const specifier of importsOf(withoutCommentLines(fs.readFileSync(path.join(root, file), 'utf8')))) {
      const target = resolveSpecifier(file, specifier, known);
      if (target !== undefined) targets.push(target);
      else if (specifier.startsWith('.') && !/^\.\.(\/|$)|\/generated\/|\.json$/.test(path.posix.join(path.posix.dirname(file), specifier))) unresolved.push(`${file}: ${specifier}`);
    }
    graph.set(file, [...new Set(targets)]);
  }
  return { graph, unresolved };
}

/** One cycle through each group of files that import each other (Tarjan's strongly connected components). */
function findCycles(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => shortestLoop(graph, new Set(group))).sort();
}

/** The group's shortest loop, as `a → b → a`, the first by name among loops of that length. */
function shortestLoop(graph: Graph, group: ReadonlySet<string>): string {
  const loops = [...group].map((start) => loopFrom(graph, group, start));
  return loops.sort((a, b) => a.length - b.length || (a.join() < b.join() ? -1 : 1))[0]!.join(' → ');
}

/** The shortest way from `start` back to itself inside its group (breadth first). */
function loopFrom(graph: Graph, group: ReadonlySet<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const file = queue[at]!;
    for (const next of graph.get(file) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let back: string | undefined = file; back !== undefined && back !== start; back = cameFrom.get(back)) loop.unshift(back);
        return [start, ...loop];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  throw new Error(`${start} is in a cycle group but no loop leads back to it`);
}

/**
 * Which way the layers point: the domains (auth, adapters, reports) define the store interfaces and import no
 * engine; the engines (src/stores) implement them; src/storage opens them for the server and the CLI, which import
 * it and not each other; the wire contract (src/api) imports none of them. `from` may not import any of `not`.
 */
const SERVER_SIDE = ['auth', 'adapters', 'reports', 'stores', 'storage', 'server', 'api', 'api-conformance', 'client', 'console'];
const LAYERS: { from: string; not: string[] }[] = [
  // The library's core, in the order a record travels: definition (names, JSON shapes) and the shared rules → plan
  // (checked fields, value judges, words) → apply (the interpreter) and generate (which calls the interpreter's
  // helpers) → compile, which checks a record and picks an engine. The compact engine (the page's) reads plans.
  { from: 'core/definition', not: ['core/plan', 'core/compile', 'core/apply', 'core/generate', 'core/compact', 'core/rules'] },
  { from: 'core/rules', not: ['core/plan', 'core/compile', 'core/apply', 'core/generate', 'core/compact'] },
  { from: 'core/endpoint', not: ['core/plan', 'core/compile', 'core/apply', 'core/generate', 'core/compact'] },
  { from: 'core/plan', not: ['core/compile', 'core/apply', 'core/generate', 'core/compact'] },
  { from: 'core/compile', not: ['core/compact'] },
  { from: 'core/apply', not: ['core/compile', 'core/generate', 'core/compact'] },
  { from: 'core/generate', not: ['core/compile', 'core/compact'] },
  // Then the layers around it: core → protocols → prebid → codegen / conformance → CLI; none reaches the server.
  { from: 'core', not: ['protocols', 'prebid', 'codegen', 'conformance', 'cli', ...SERVER_SIDE] },
  { from: 'protocols', not: ['prebid', 'codegen', 'conformance', 'cli', ...SERVER_SIDE] },
  { from: 'prebid', not: ['codegen', 'conformance', 'cli', ...SERVER_SIDE] },
  { from: 'codegen', not: ['conformance', 'cli', ...SERVER_SIDE] },
  { from: 'conformance', not: ['cli', ...SERVER_SIDE] },
  { from: 'api-conformance', not: ['cli', 'server', 'stores', 'storage'] },
  { from: 'auth', not: ['stores', 'storage', 'server', 'cli'] },
  { from: 'adapters', not: ['stores', 'storage', 'server', 'cli'] },
  { from: 'reports', not: ['stores', 'storage', 'server', 'cli', 'client'] },
  { from: 'stores', not: ['storage', 'server', 'cli', 'client'] },
  { from: 'storage', not: ['server', 'cli', 'client'] },
  { from: 'api', not: ['stores', 'storage', 'server', 'cli', 'client', 'reports', 'auth', 'adapters'] },
  { from: 'server', not: ['cli', 'client'] },
  { from: 'client', not: ['server', 'cli', 'stores', 'storage'] },
  { from: 'cli', not: ['server'] },
];

/** The one exception: `bidfields serve` starts the server, through the server's entry or its start module. */
const SERVE_STARTS_THE_SERVER = { from: 'cli/commands/serve.ts', to: ['server/index.ts', 'server/start.ts'] };

function layerViolations(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    // Every row whose folder holds the file applies (core/plan/x.ts: the core/plan row and the core row).
    for (const layer of LAYERS.filter((l) => file.startsWith(`${l.from}/`))) {
      for (const target of targets) {
        if (file === SERVE_STARTS_THE_SERVER.from && SERVE_STARTS_THE_SERVER.to.includes(target)) continue;
        const folder = layer.not.find((not) => target.startsWith(`${not}/`));
        if (folder) found.push(`${file} → ${target}: src/${layer.from} imports no ${folder}`);
      }
    }
  }
  return found.sort();
}

describe('src import graph', () => {
  const { graph, unresolved } = buildGraph(srcRoot);
  it('reads every source file and follows .js, .tsx, index and type-only imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('console/main.tsx')).toContain('console/app.tsx');
    expect(graph.get('client/index.ts')).toContain('api/signin.ts'); // `export type { UserRecord } from '../api/signin.js'`
    expect(graph.get('console/page-props.ts')).toContain('console/roles.ts'); // `import type { Role } from './roles.js'`
  });
  it('resolves every relative import inside src', () => expect(unresolved).toEqual([]));
  it('has no import cycle', () => expect(findCycles(graph)).toEqual([]));
  it(`keeps the layers (${LAYERS.map((l) => `${l.from} ↛ ${l.not.join('|')}`).join('; ')})`, () => expect(layerViolations(graph)).toEqual([]));
});

describe('the import graph checker', () => {
  it('resolves .js to .ts or .tsx, .mjs to .mts, folders to index files, and leaves packages and JSON alone', () => {
    const files = new Set(['a/b.ts', 'a/view.tsx', 'a/run.mts', 'a/gen.js', 'a/lib/index.ts', 'c/index.tsx']);
    const resolve = (specifier: string) => resolveSpecifier('a/x.ts', specifier, files);
    expect(['./b.js', './view.js', './run.mjs', './gen.js', './lib/index.js', './lib', '../c', './b'].map(resolve)).toEqual(['a/b.ts', 'a/view.tsx', 'a/run.mts', 'a/gen.js', 'a/lib/index.ts', 'a/lib/index.ts', 'c/index.tsx', 'a/b.ts']);
    expect(['preact', 'node:fs', './data.json', '../../outside.js', './missing.js'].map(resolve)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(importsOf(withoutCommentLines(`/**\n * @example import { x } from './a.js'\n */\n// import { y } from './b.js'\nimport type { Z } from './c.js';`))).toEqual(['./c.js']);
  });
  it('finds a cycle, a longer one, and a file importing itself, and nothing in an acyclic graph', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['d.ts', 'f.ts']],
      ['f.ts', ['e.ts']],
      ['g.ts', ['g.ts']],
    ]);
    expect(findCycles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts', 'e.ts → f.ts → e.ts', 'g.ts → g.ts']);
    expect(findCycles(new Map([['a.ts', ['b.ts', 'c.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toEqual([]);
  });
  it('finds a cycle added to the real graph (the console frame imported back by a file it imports)', () => {
    const { graph } = buildGraph(srcRoot);
    const added = new Map(graph);
    added.set('console/route.ts', [...graph.get('console/route.ts')!, 'console/app.tsx']);
    expect(findCycles(graph).filter((cycle) => cycle.includes('console/'))).toEqual([]);
    expect(findCycles(added).filter((cycle) => cycle.includes('console/'))).toEqual(['console/app.tsx → console/route.ts → console/app.tsx']);
  });
  it('finds each layer violation and lets the allowed directions and the serve exception pass', () => {
    const graph = new Map([
      ['stores/duckdb/user-store.ts', ['auth/user-store.ts', 'stores/duckdb/database.ts']],
      ['auth/signin.ts', ['stores/duckdb/user-store.ts']],
      ['adapters/service.ts', ['stores/postgres/adapter-store.ts']],
      ['reports/engine.ts', ['stores/clickhouse/report-store.ts']],
      ['server/app.ts', ['storage/open.ts', 'cli/io.ts']],
      ['cli/commands/db.ts', ['storage/open.ts', 'server/storage.ts']],
      ['cli/commands/serve.ts', ['server/index.ts', 'server/start.ts', 'server/demo.ts', 'storage/open.ts']],
      ['cli/commands/users.ts', ['server/start.ts']],
      ['server/routes/x.ts', ['client/upload.ts', 'api/import.ts']],
    ]);
    expect(layerViolations(graph)).toEqual([
      'adapters/service.ts → stores/postgres/adapter-store.ts: src/adapters imports no stores',
      'auth/signin.ts → stores/duckdb/user-store.ts: src/auth imports no stores',
      'cli/commands/db.ts → server/storage.ts: src/cli imports no server',
      'cli/commands/serve.ts → server/demo.ts: src/cli imports no server',
      'cli/commands/users.ts → server/start.ts: src/cli imports no server',
      'reports/engine.ts → stores/clickhouse/report-store.ts: src/reports imports no stores',
      'server/app.ts → cli/io.ts: src/server imports no cli',
      'server/routes/x.ts → client/upload.ts: src/server imports no client',
    ]);
  });
});
