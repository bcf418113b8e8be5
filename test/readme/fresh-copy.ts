// A fresh copy of this repository, as a clone after `npm install` has it: the files git would check out (the
// committed ones and new ones not ignored, as they are in the working tree; no dist/, no build output) in a
// temporary folder, and a node_modules of its own whose packages are links to the installed ones, except this
// repository's own packages, which npm links to the copy itself (`bidfields` → `..`, `@bidfields/server` →
// packages/server, their executables in .bin). Commands run there build and write in the copy alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** Why a fresh copy cannot be made here (no git checkout, no installed node_modules), or undefined. */
export const copyMissing = !fs.existsSync(path.join(REPO, '.git'))
  ? 'not a git checkout'
  : !fs.existsSync(path.join(REPO, 'node_modules/rollup'))
    ? 'node_modules not installed (npm install)'
    : undefined;

/** Links the copy's own packages (npm's workspace links) point to, by name. */
const OWN: Record<string, string> = { bidfields: '..', '@bidfields/server': '../../packages/server' };
/** The executables of the copy's own packages. */
const OWN_BINS: Record<string, string> = { bidfields: '../bidfields/dist/cli.js', 'bidfields-server': '../@bidfields/server/dist/cli.js' };

/** Makes the copy; returns its folder. */
export function freshCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-fresh-'));
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
  for (const file of listed.toString('utf8').split('\0').filter(Boolean)) {
    const from = path.join(REPO, file);
    const stat = fs.lstatSync(from, { throwIfNoEntry: false });
    if (!stat || file === 'node_modules' || file.startsWith('node_modules/')) continue; // deleted in the working tree, or the link
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), path.join(dir, file));
    else fs.copyFileSync(from, path.join(dir, file));
  }
  linkModules(fs.realpathSync(path.join(REPO, 'node_modules')), path.join(dir, 'node_modules'));
  return dir;
}

function linkModules(installed: string, modules: string): void {
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(installed)) {
    if (name === '.bin') linkBins(path.join(installed, name), path.join(modules, name));
    else if (name.startsWith('@')) {
      fs.mkdirSync(path.join(modules, name));
      for (const inner of fs.readdirSync(path.join(installed, name))) link(`${name}/${inner}`, path.join(installed, name, inner), modules);
    } else link(name, path.join(installed, name), modules);
  }
}

function link(name: string, installed: string, modules: string): void {
  fs.symlinkSync(OWN[name] ?? fs.realpathSync(installed), path.join(modules, name));
}

function linkBins(installed: string, bins: string): void {
  fs.mkdirSync(bins);
  for (const name of fs.readdirSync(installed)) {
    const file = path.join(installed, name);
    const target = OWN_BINS[name] ?? (fs.lstatSync(file).isSymbolicLink() ? fs.readlinkSync(file) : file);
    fs.symlinkSync(target, path.join(bins, name));
  }
}

/**
 * The environment a command gets in a fresh shell: this process's, without what npm sets for the script it runs
 * (`npm_config_*` would point a nested npm at this repository instead of the copy, `npm_package_*` describe it), and
 * without vitest's marks.
 */
export function freshEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|INIT_CWD$|NODE_OPTIONS$|VITEST)/i.test(key) && !(key === 'NODE_ENV' && value === 'test')) env[key] = value;
  }
  return env;
}
