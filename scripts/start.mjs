// `npm start`: builds what changed since the last build (nothing: the last build is served at once), then runs
// `bidfields serve` with the arguments given (package.json passes the demo's) in this very process, so the PID npm
// starts is the server's: `kill <pid>` stops it gracefully, and no child is left behind to serve on (package.json
// runs this script with `exec`, so the shell npm starts is replaced by it, not left between).
//
// A package is stale when one of its outputs is missing (a build that failed part-way leaves some out: each build
// empties its dist/ first) or older than one of its inputs. The library's inputs are its sources, schemas, build
// scripts and settings; the server's are its own plus the library's sources, which its console bundles.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const at = (...parts) => path.join(root, ...parts);

const LIBRARY = {
  name: 'the library',
  build: ['run', 'build:library'],
  inputs: ['src', 'schemas', 'scripts/build-validators.mjs', 'scripts/build-types.mjs', 'scripts/rollup-node.mjs'].concat([
    'rollup.config.mjs',
    'rollup.prebid.config.mjs',
    'tsconfig.json',
    'tsconfig.build.json',
    'package.json',
  ]),
  outputs: ['dist/cli.js', 'dist/index.js', 'dist/cli-commands.js', 'dist/bidfields-prebid.js', 'dist/index.d.ts'],
};
const SERVER = {
  name: '@bidfields/server',
  build: ['run', 'build', '-w', '@bidfields/server'],
  inputs: ['packages/server/src', 'packages/server/rollup.config.mjs', 'packages/server/rollup.console.config.mjs', 'packages/server/package.json'].concat([
    'packages/server/tsconfig.json',
    'packages/server/tsconfig.build.json',
    'src',
    'scripts/rollup-node.mjs',
    'scripts/build-types.mjs',
  ]),
  outputs: ['packages/server/dist/cli.js', 'packages/server/dist/commands.js', 'packages/server/dist/index.d.ts', 'packages/server/dist/console/index.html'],
};

/** Folders of generated code that a build writes itself (from schemas/): no input of it. */
const GENERATED = new Set([at('src/core/definition/generated'), at('src/conformance/generated')]);

/** The newest modification time among files at or below `file` (0 when there is none). */
function newest(file) {
  if (GENERATED.has(file)) return 0;
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of fs.readdirSync(file)) latest = Math.max(latest, newest(path.join(file, name)));
  return latest;
}

/** Why a package must be built, or undefined when its last build is current. */
function staleness(pkg) {
  const missing = pkg.outputs.find((file) => !fs.existsSync(at(file)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...pkg.outputs.map((file) => fs.statSync(at(file)).mtimeMs));
  const changed = pkg.inputs.find((input) => newest(at(input)) > built);
  return changed && `${changed} changed since the last build`;
}

function build(pkg, why) {
  process.stderr.write(`npm start: building ${pkg.name} (${why})\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, pkg.build, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`npm start: the build of ${pkg.name} failed (exit ${run.status ?? run.signal})\n`);
    process.exit(1);
  }
}

const library = staleness(LIBRARY);
if (library) build(LIBRARY, library);
const server = staleness(SERVER);
if (server) build(SERVER, server);
if (!library && !server) process.stderr.write('npm start: the last build is current (nothing changed since), serving it\n');

const { runCommands, processIO } = await import(pathToFileURL(at('dist/cli-commands.js')).href);
const { serverCommands } = await import(pathToFileURL(at('packages/server/dist/commands.js')).href);
process.exitCode = await runCommands('bidfields', serverCommands, ['serve', ...process.argv.slice(2)], processIO());
