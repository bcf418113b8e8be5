// `bidfields enrich --values FILE` where the file holds a JSON array: values per imp (docs/spec.md#per-imp, `enrichImps`),
// with issues at /<i>/<key> on standard error or in --json; an object stays one values object for imp[0] (or every
// imp with --all-imps), and --all-imps with an array is a usage error. Run in process through `main`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from './in-process.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

let dir: string;
const write = (name: string, data: unknown) => (fs.writeFileSync(path.join(dir, name), typeof data === 'string' ? data : JSON.stringify(data)), name);

const run = (...args: string[]) => runMain(dir, args);
const enrich = (values: unknown, ...extra: string[]) =>
  run('enrich', '--adapter', 'adapter.json', '--values', write('values.json', values), '--request', 'request.json', ...extra);

const request = { id: 'r', site: { id: 's' }, imp: [{ id: '1' }, { id: '2' }, { id: '3' }] };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-cli-per-imp-'));
  write('adapter.json', {
    protocol: 'prebid-server',
    fields: [
      { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement', required: true },
      { name: 'bidder.zone', param: 'zone', type: 'number', display: 'Zone' },
      { name: 'prd.appPublisherId', param: 'publisherId', type: 'text', display: 'Publisher' },
    ],
    constants: [{ name: 'bidder.v', value: 1 }],
  });
  write('request.json', request);
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

describe('bidfields enrich with values per imp (a JSON array)', () => {
  it('gives each imp its own values; a null entry leaves its imp as it is; the request-level value is written once', async () => {
    const { code, stdout, stderr } = await enrich([{ placementId: 'top', zone: '1', publisherId: 'p' }, null, { placementId: 'side', publisherId: 'p' }]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      id: 'r',
      site: { id: 's', publisher: { id: 'p' } },
      imp: [{ id: '1', tagid: 'top', ext: { bidder: { zone: 1, v: 1 } } }, { id: '2' }, { id: '3', tagid: 'side', ext: { bidder: { v: 1 } } }],
    });
  });

  it('prints value issues at /<i>/<key> on standard error, one per line, exit 1', async () => {
    const { code, stdout, stderr } = await enrich([{ placementId: 'top' }, { zone: 'x' }]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.some((line) => line.startsWith('/1/placementId') && line.includes('missing_required') && line.includes('[prd.impTagId]'))).toBe(true);
    expect(lines.some((line) => line.startsWith('/1/zone') && line.includes('invalid_value') && line.includes('[bidder.zone]'))).toBe(true);
  });

  it('answers imps that disagree on a request-level target with conflicting_values in --json', async () => {
    const { code, stdout } = await enrich(
      [
        { placementId: 'a', publisherId: 'p1' },
        { placementId: 'b', publisherId: 'p2' },
      ],
      '--json',
    );
    expect(code).toBe(1);
    const answer = JSON.parse(stdout) as { ok: boolean; issues: { code: string; path: string; field?: string }[]; warnings: unknown[] };
    expect(answer.ok).toBe(false);
    expect(answer.issues).toMatchObject([{ code: 'conflicting_values', path: '/1/publisherId', field: 'prd.appPublisherId' }]);
    expect(answer.warnings).toEqual([]);
  });

  it('refuses more entries than imps (invalid_request at /imp) and an entry that is not an object (invalid_value at /<i>)', async () => {
    const more = await enrich([null, null, null, { placementId: 'x' }], '--json');
    expect(more.code).toBe(1);
    expect(JSON.parse(more.stdout).issues).toMatchObject([{ code: 'invalid_request', path: '/imp' }]);
    const entry = await enrich([{ placementId: 'x' }, 'side'], '--json');
    expect(entry.code).toBe(1);
    expect(JSON.parse(entry.stdout).issues).toMatchObject([{ code: 'invalid_value', path: '/1' }]);
  });

  it('prints the enriched request in --json like a values object does', async () => {
    const { code, stdout } = await enrich([{ placementId: 'a' }], '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      ok: true,
      request: { ...request, imp: [{ id: '1', tagid: 'a', ext: { bidder: { v: 1 } } }, { id: '2' }, { id: '3' }] },
      warnings: [],
    });
  });

  it('refuses --all-imps with values per imp as a usage error (exit 2), naming why', async () => {
    const { code, stdout, stderr } = await enrich([{ placementId: 'a' }], '--all-imps');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--all-imps');
    expect(stderr).toContain('Usage: bidfields enrich');
  });

  it('keeps a values object as before: imp[0] only, or every imp with --all-imps', async () => {
    const one = await enrich({ placementId: 'a' });
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).imp).toEqual([{ id: '1', tagid: 'a', ext: { bidder: { v: 1 } } }, { id: '2' }, { id: '3' }]);
    const all = await enrich({ placementId: 'a' }, '--all-imps');
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout).imp.map((imp: { tagid?: string }) => imp.tagid)).toEqual(['a', 'a', 'a']);
    const bad = await enrich({ zone: 'x' }, '--json');
    expect(JSON.parse(bad.stdout).issues).toMatchObject([
      { code: 'missing_required', path: '/placementId' },
      { code: 'invalid_value', path: '/zone' },
    ]);
  });

  it('documents values per imp in --help', async () => {
    const { code, stdout } = await run('enrich', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/array/);
    expect(stdout).toContain('/<i>/<key>');
    expect(stdout).toContain('conflicting_values');
  });
});
