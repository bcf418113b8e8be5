/**
 * Finds and loads fixture files under a fixtures root: every `*.json` below `cases/`, checked against the
 * fixture schema (unknown keys are errors, so a typo cannot turn a case into a no-op), with `{"$file": ...}`
 * references resolved inside the root only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateFixtureSchema } from './generated/fixture-validator.js';
import { schemaIssues } from '../core/definition/schema-issues.js';
import type { FixtureFile, ResolvedCase } from './types.js';

export interface LoadedFile {
  file: string;
  cases: ResolvedCase[];
  /** Problems with the file itself; each makes the file count as one failed case. */
  problems: string[];
}

function listJson(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name))
    .sort();
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function resolveRef(root: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== '$file') return value;
  const ref = (value as { $file: unknown }).$file;
  if (typeof ref !== 'string') return value;
  const target = path.resolve(root, ref);
  if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`$file '${ref}' is outside the fixtures folder`);
  return readJson(target);
}

/** Loads every fixture file under `root/cases`. */
export function loadFixtures(root: string): LoadedFile[] {
  return listJson(path.join(root, 'cases')).map((absolute) => {
    const file = path.relative(root, absolute);
    let data: unknown;
    try {
      data = readJson(absolute);
    } catch (error) {
      return { file, cases: [], problems: [`not JSON: ${(error as Error).message}`] };
    }
    const schema = schemaIssues(validateFixtureSchema, data, () => undefined);
    const problems = [...schema.errors, ...schema.unknownKeys].map((found) => `${found.path || '/'}: ${found.message}`);
    if (problems.length > 0) return { file, cases: [], problems };
    try {
      const cases = (data as FixtureFile).cases.map((testCase) => ({
        ...testCase,
        file,
        request: resolveRef(root, testCase.request),
        expect: testCase.expect.ok ? { ...testCase.expect, request: resolveRef(root, testCase.expect.request) } : testCase.expect,
      }));
      return { file, cases, problems: [] };
    } catch (error) {
      return { file, cases: [], problems: [(error as Error).message] };
    }
  });
}
