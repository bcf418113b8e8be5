// No import cycle anywhere in either package, and the layers point one way. In the library (src/): core's stages
// in the order a record travels, then protocols → prebid → codegen / conformance → CLI, and the API contract, its
// client and its checks beside them. In the server package (packages/server/src/): the domains (auth, adapters,
// reports) define the store interfaces and import no engine; the engines (stores/) implement them and are reached
// through stores/index.ts; the HTTP server and the CLI both open stores there rather than reach into each other; and
// the package uses the library by its public exports only (a name of its exports map, never a path into src/).
// Type-only imports count: a cycle of types still means neither file can be read, moved or split without the other.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../support/imports.js';

const srcRoot = path.resolve(import.meta.dirname, '../../src');
const serverRoot = path.resolve(import.meta.dirname, '../../packages/server/src');
const libraryExports = Object.keys(JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')).exports as object);

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

function buildGraph(root: string): { graph: Graph; unresolved: string[]; outside: string[]; packages: Map<string, string[]> } {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  const unresolved: string[] = [];
  const outside: string[] = [];
  const packages = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const specifier of importsOf(withoutCommentLines(fs.readFileSync(path.join(root, file), 'utf8')))) {
      const target = resolveSpecifier(file, specifier, known);
      const joined = path.posix.join(path.posix.dirname(file), specifier);
      if (target !== undefined) targets.push(target);
      else if (specifier.startsWith('.') && /^\.\.(\/|$)/.test(joined)) outside.push(`${file}: ${specifier}`);
      else if (specifier.startsWith('.') && !/\/generated\/|\.json$/.test(joined)) unresolved.push(`${file}: ${specifier}`);
      else if (!specifier.startsWith('.')) packages.set(file, [...(packages.get(file) ?? []), specifier]);
    }
    graph.set(file, [...new Set(targets)]);
  }
  return { graph, unresolved, outside, packages };
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

type Layers = { from: string; not: string[] }[];

/** The library's layers. `from` may not import any of `not`; every row whose folder holds a file applies to it. */
const API_SIDE = ['api-contract', 'client', 'api-checks'];
const LIBRARY_LAYERS: Layers = [
  // The core, in the order a record travels: definition (names, JSON shapes) and the shared rules → plan (checked
  // fields, value judges, words) → apply (the interpreter) and source (the enricher written as code, which calls
  // the interpreter's helpers) → compile, which checks a record and picks an engine. The compact engine (the
  // page's) reads plans, and so does the reader of partners' answers (response).
  { from: 'core/definition', not: ['core/plan', 'core/compile', 'core/apply', 'core/source', 'core/compact', 'core/rules', 'core/response'] },
  { from: 'core/rules', not: ['core/plan', 'core/compile', 'core/apply', 'core/source', 'core/compact', 'core/response'] },
  { from: 'core/endpoint', not: ['core/plan', 'core/compile', 'core/apply', 'core/source', 'core/compact', 'core/response'] },
  { from: 'core/plan', not: ['core/compile', 'core/apply', 'core/source', 'core/compact', 'core/response'] },
  { from: 'core/compile', not: ['core/compact', 'core/response'] },
  { from: 'core/apply', not: ['core/compile', 'core/source', 'core/compact', 'core/response'] },
  { from: 'core/source', not: ['core/compile', 'core/compact', 'core/response'] },
  // The reader of answers (docs/spec.md#read-bids) reads a compiled plan and the interpreter's path reading, nothing that compiles.
  { from: 'core/response', not: ['core/compile', 'core/source', 'core/compact'] },
  // Then the layers around it: core → protocols → prebid → codegen / conformance → CLI.
  { from: 'core', not: ['protocols', 'prebid', 'codegen', 'conformance', 'cli', ...API_SIDE] },
  { from: 'protocols', not: ['prebid', 'codegen', 'conformance', 'cli', ...API_SIDE] },
  { from: 'prebid', not: ['codegen', 'conformance', 'cli', ...API_SIDE] },
  { from: 'codegen', not: ['conformance', 'cli', ...API_SIDE] },
  { from: 'conformance', not: ['cli', ...API_SIDE] },
  // The ad server API's contract stands on the core's issues alone; its client and its checks on the contract.
  { from: 'api-contract', not: ['protocols', 'prebid', 'codegen', 'conformance', 'cli', 'client', 'api-checks'] },
  { from: 'client', not: ['protocols', 'prebid', 'codegen', 'conformance', 'cli', 'api-checks'] },
  { from: 'api-checks', not: ['protocols', 'prebid', 'codegen', 'cli', 'client'] },
];

/** The server package's layers. */
const SERVER_LAYERS: Layers = [
  { from: 'auth', not: ['stores', 'http', 'cli', 'console'] },
  { from: 'adapters', not: ['stores', 'http', 'cli', 'console'] },
  { from: 'reports', not: ['stores', 'http', 'cli', 'console'] },
  { from: 'stores', not: ['http', 'cli', 'console'] },
  { from: 'http', not: ['cli', 'console'] },
  // The page: its own files and the library's browser-safe exports, no server code.
  { from: 'console', not: ['auth', 'adapters', 'reports', 'stores', 'http', 'cli'] },
  { from: 'cli', not: ['http', 'console'] },
];

/** The engines are reached through the stores' entry from outside stores/: `stores/<engine>/…` only from stores/ and the package's entry. */
function pastTheEntry(file: string, target: string): boolean {
  return /^stores\/[^/]+\//.test(target) && !file.startsWith('stores/') && file !== 'index.ts';
}

function layerViolations(graph: Graph, layers: Layers = LIBRARY_LAYERS): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    for (const layer of layers.filter((l) => file.startsWith(`${l.from}/`))) {
      for (const target of targets) {
        const folder = layer.not.find((not) => target.startsWith(`${not}/`));
        if (folder) found.push(`${file} → ${target}: ${layer.from} imports no ${folder}`);
      }
    }
    if (layers === SERVER_LAYERS)
      for (const target of targets) if (pastTheEntry(file, target)) found.push(`${file} → ${target}: the engines are reached through stores/index.ts`);
  }
  return found.sort();
}

/** A package name the server imports that names the library otherwise than by an entry of its exports map. */
function notPublic(packages: ReadonlyMap<string, readonly string[]>): string[] {
  const entries = new Set(libraryExports.map((key) => (key === '.' ? 'bidfields' : `bidfields/${key.slice(2)}`)));
  return [...packages].flatMap(([file, names]) =>
    names.filter((name) => /^bidfields(\/|$)/.test(name) && !entries.has(name)).map((name) => `${file}: ${name}`),
  );
}

describe('library import graph (src/)', () => {
  const { graph, unresolved, outside } = buildGraph(srcRoot);
  it('reads every source file and follows .js, .tsx, index and type-only imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('cli/bin.ts')).toContain('cli/main.ts');
    expect(graph.get('client/index.ts')).toContain('api-contract/signin.ts'); // `export type { UserRecord } from '../api-contract/signin.js'`
    expect(graph.get('core/compile/index.ts')).toContain('core/compile/compile-with.ts');
  });
  it('resolves every relative import inside src, and none leaves it', () => expect([...unresolved, ...outside]).toEqual([]));
  it('has no import cycle', () => expect(findCycles(graph)).toEqual([]));
  it(`keeps the layers (${LIBRARY_LAYERS.map((l) => `${l.from} ↛ ${l.not.join('|')}`).join('; ')})`, () => expect(layerViolations(graph)).toEqual([]));
});

describe('server package import graph (packages/server/src/)', () => {
  const { graph, unresolved, outside, packages } = buildGraph(serverRoot);
  it('reads every source file and follows .js, .tsx, index and type-only imports', () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get('console/main.tsx')).toContain('console/app.tsx');
    expect(graph.get('console/page-props.ts')).toContain('console/roles.ts'); // `import type { Role } from './roles.js'`
    expect(packages.get('console/roles.ts')).toEqual(['bidfields/api']);
  });
  it('resolves every relative import inside the package, and none leaves it (the library is used by its exports)', () =>
    expect([...unresolved, ...outside]).toEqual([]));
  it(`names the library only by its public entries (${libraryExports.join(', ')})`, () => expect(notPublic(packages)).toEqual([]));
  it('has no import cycle', () => expect(findCycles(graph)).toEqual([]));
  it(`keeps the layers (${SERVER_LAYERS.map((l) => `${l.from} ↛ ${l.not.join('|')}`).join('; ')}; stores/<engine> only through stores/index.ts)`, () =>
    expect(layerViolations(graph, SERVER_LAYERS)).toEqual([]));
});

describe('the import graph checker', () => {
  it('resolves .js to .ts or .tsx, .mjs to .mts, folders to index files, and leaves packages and JSON alone', () => {
    const files = new Set(['a/b.ts', 'a/view.tsx', 'a/run.mts', 'a/gen.js', 'a/lib/index.ts', 'c/index.tsx']);
    const resolve = (specifier: string) => resolveSpecifier('a/x.ts', specifier, files);
    expect(['./b.js', './view.js', './run.mjs', './gen.js', './lib/index.js', './lib', '../c', './b'].map(resolve)).toEqual([
      'a/b.ts',
      'a/view.tsx',
      'a/run.mts',
      'a/gen.js',
      'a/lib/index.ts',
      'a/lib/index.ts',
      'c/index.tsx',
      'a/b.ts',
    ]);
    expect(['preact', 'node:fs', './data.json', '../../outside.js', './missing.js'].map(resolve)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(
      importsOf(withoutCommentLines(`/**\n * @example import { x } from './a.js'\n */\n// import { y } from './b.js'\nimport type { Z } from './c.js';`)),
    ).toEqual(['./c.js']);
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
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts', 'c.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
  it('finds a cycle added to the real graph (the console frame imported back by a file it imports)', () => {
    const { graph } = buildGraph(serverRoot);
    const added = new Map(graph);
    added.set('console/route.ts', [...graph.get('console/route.ts')!, 'console/app.tsx']);
    expect(findCycles(graph).filter((cycle) => cycle.includes('console/'))).toEqual([]);
    expect(findCycles(added).filter((cycle) => cycle.includes('console/'))).toEqual(['console/app.tsx → console/route.ts → console/app.tsx']);
  });
  it('finds each layer violation and lets the allowed directions pass', () => {
    const server = new Map([
      ['stores/duckdb/user-store.ts', ['auth/user-store.ts', 'stores/duckdb/database.ts']],
      ['auth/signin.ts', ['stores/duckdb/user-store.ts']],
      ['adapters/service.ts', ['stores/postgres/adapter-store.ts']],
      ['reports/engine.ts', ['stores/index.ts']],
      ['http/app.ts', ['stores/index.ts', 'cli/stores.ts']],
      ['cli/db.ts', ['stores/index.ts', 'stores/postgres/database.ts']],
      ['cli/serve.ts', ['index.ts', 'http/start.ts']],
      ['console/roles.ts', ['auth/roles.ts']],
      ['index.ts', ['http/start.ts', 'stores/clickhouse/open.ts']],
    ]);
    expect(layerViolations(server, SERVER_LAYERS)).toEqual([
      'adapters/service.ts → stores/postgres/adapter-store.ts: adapters imports no stores',
      'adapters/service.ts → stores/postgres/adapter-store.ts: the engines are reached through stores/index.ts',
      'auth/signin.ts → stores/duckdb/user-store.ts: auth imports no stores',
      'auth/signin.ts → stores/duckdb/user-store.ts: the engines are reached through stores/index.ts',
      'cli/db.ts → stores/postgres/database.ts: the engines are reached through stores/index.ts',
      'cli/serve.ts → http/start.ts: cli imports no http',
      'console/roles.ts → auth/roles.ts: console imports no auth',
      'http/app.ts → cli/stores.ts: http imports no cli',
      'reports/engine.ts → stores/index.ts: reports imports no stores',
    ]);
    const library = new Map([
      ['core/plan/x.ts', ['core/apply/y.ts', 'core/definition/names.ts']],
      ['api-contract/x.ts', ['core/issues.ts', 'client/client.ts']],
      ['protocols/rtb.ts', ['prebid/index.ts']],
    ]);
    expect(layerViolations(library)).toEqual([
      'api-contract/x.ts → client/client.ts: api-contract imports no client',
      'core/plan/x.ts → core/apply/y.ts: core/plan imports no core/apply',
      'protocols/rtb.ts → prebid/index.ts: protocols imports no prebid',
    ]);
    expect(notPublic(new Map([['a.ts', ['bidfields', 'bidfields/api', 'bidfields/src/core/issues.js', 'bidfields/dist/index.js', 'fastify']]]))).toEqual([
      'a.ts: bidfields/src/core/issues.js',
      'a.ts: bidfields/dist/index.js',
    ]);
  });
});
