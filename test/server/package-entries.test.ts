// The API entries as an outside project gets them (the library's and the server package's): through the exports maps, from dist/, with
// `require` (CommonJS, dist/*.cjs) and `import` (ESM, dist/*.js), and with the declarations each branch names
// (TypeScript under Node16 resolution, a .cts file and a .mts file, with the library's own declarations checked:
// skipLibCheck off, so a CommonJS declaration re-exporting ES module ones, TS1479, fails). rollup.config.mjs builds the CommonJS files;
// without a `require` entry Node refuses them with ERR_PACKAGE_PATH_NOT_EXPORTED.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const root = path.resolve(import.meta.dirname, '../..');
const built = ['dist/client.cjs', 'dist/api.cjs', 'dist/index.cjs', 'packages/server/dist/index.cjs'].every((file) => fs.existsSync(path.join(root, file)));

/** What each entry must export, read the same way from either module system. */
const PROBE = `[
  ['bidfields', typeof bidfields.compile, typeof bidfields.BidfieldsError],
  ['bidfields/client', typeof client.createClient, typeof client.ApiError],
  ['bidfields/api', typeof api.validateReportRequest, typeof api.checkImportRow],
  ['@bidfields/server', typeof server.startServer, typeof server.createServer],
]`;
const EXPECTED = [
  ['bidfields', 'function', 'function'],
  ['bidfields/client', 'function', 'function'],
  ['bidfields/api', 'function', 'function'],
  ['@bidfields/server', 'function', 'function'],
];

const CJS = `const bidfields = require('bidfields');
const client = require('bidfields/client');
const api = require('bidfields/api');
const server = require('@bidfields/server');
console.log(JSON.stringify(${PROBE}));
`;

const ESM = `import * as bidfields from 'bidfields';
import * as client from 'bidfields/client';
import * as api from 'bidfields/api';
import * as server from '@bidfields/server';
console.log(JSON.stringify(${PROBE}));
`;

const TYPES = `import { compile, type AdapterRecord } from 'bidfields';
import { createClient, type ApiClient } from 'bidfields/client';
import { validateReportRequest, type ReportRequest } from 'bidfields/api';
import { startServer, type RunningServer } from '@bidfields/server';
export const api: ApiClient = createClient({ baseUrl: 'http://127.0.0.1:8080' });
export const record: AdapterRecord = { protocol: 'rtb', fields: [] };
export const compiled = compile(record);
export const checked = validateReportRequest({ startDate: '2024-03-01', endDate: '2024-03-31', dimensions: ['country'], metrics: ['revenue'] } satisfies ReportRequest);
export const running: (port: number) => Promise<RunningServer> = (port) => startServer({} as never, { port });
`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-outside-cjs-'));
  fs.mkdirSync(path.join(dir, 'node_modules', '@types'), { recursive: true });
  fs.symlinkSync(root, path.join(dir, 'node_modules', 'bidfields'), 'dir');
  fs.mkdirSync(path.join(dir, 'node_modules', '@bidfields'));
  fs.symlinkSync(path.join(root, 'packages/server'), path.join(dir, 'node_modules', '@bidfields', 'server'), 'dir');
  fs.symlinkSync(path.join(root, 'node_modules', '@types', 'node'), path.join(dir, 'node_modules', '@types', 'node'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"outside","private":true,"type":"commonjs"}');
  fs.writeFileSync(path.join(dir, 'check.cjs'), CJS);
  fs.writeFileSync(path.join(dir, 'check.mjs'), ESM);
  fs.writeFileSync(path.join(dir, 'types.cts'), TYPES);
  fs.writeFileSync(path.join(dir, 'types.mts'), TYPES);
  const compilerOptions = { module: 'Node16', moduleResolution: 'Node16', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['types.cts', 'types.mts'] }));
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

const run = (...args: string[]) => spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });

// tsc on an outside project takes a few seconds alone, and far longer beside other work on a busy machine.
describe.skipIf(!built && !process.env.CI)('package entries from an outside project', { timeout: 300_000 }, () => {
  it("require('bidfields'), require('bidfields/client'), require('bidfields/api') and require('@bidfields/server') work from CommonJS", () => {
    const result = run('check.cjs');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(EXPECTED);
  });

  it('import of the same entries works from ESM', () => {
    const result = run('check.mjs');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(EXPECTED);
  });

  it('TypeScript finds the declarations of each branch: a .cts file (require) and a .mts file (import)', () => {
    const result = run(path.join(root, 'node_modules/typescript/bin/tsc'), '-p', '.');
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });
});
