// The demo's adapter records (`serve --demo`, `npm start`): each passes the server's own check with the hosts
// `npm start` gives, so the console opens them without an issue; seeding keeps a stored record as it is, and leaves
// out a record whose host the server does not know (it could never be saved back).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateAdapter } from '../../src/index.js';
import { DEMO_ADAPTERS, DEMO_ENDPOINTS, seedDemoAdapters } from '../../packages/server/src/http/demo-adapters.js';
import { openStorage, type Storage } from '../../packages/server/src/stores/index.js';

const repo = path.resolve(import.meta.dirname, '../..');

describe('the demo adapter records', () => {
  let storage: Storage;
  beforeAll(async () => void (storage = await openStorage({ memory: true })));
  afterAll(() => storage?.close());

  it('are valid with the hosts npm start passes, one per protocol and one with the records of docs/spec.md#records', () => {
    const start = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts.start as string;
    expect([...start.matchAll(/--known-endpoint '?([^' ]+)'?/g)].map((m) => m[1])).toEqual(DEMO_ENDPOINTS);
    for (const [code, record] of Object.entries(DEMO_ADAPTERS))
      expect([code, validateAdapter({ ...record, bidderCode: code }, { strict: true, knownEndpoints: DEMO_ENDPOINTS })]).toEqual([code, []]);
    expect(new Set(Object.values(DEMO_ADAPTERS).map((r) => r.protocol))).toEqual(new Set(['rtb', 'prebid-server', 'prebid-js']));
    const featured = Object.values(DEMO_ADAPTERS).find((r) => r.split === 'imp')!;
    expect(featured.endpoint).toContain('{region}');
    expect(featured).toMatchObject({ constants: [expect.anything()], requireOneOf: [expect.anything()] });
    expect(featured.fields.some((f) => f.type === 'boolean') && featured.fields.some((f) => f.alsoTo) && featured.fields.every((f) => f.param)).toBe(true);
  });

  it('are stored once: a record already there is kept as it is, one whose host is unknown is left out', async () => {
    expect(await seedDemoAdapters(storage.adapters, ['rtb.example-dsp.com'])).toEqual({
      stored: ['exampledsp'],
      unknownHost: ['examplessp', 'examplepartner', 'regionalssp'],
    });
    const edited = await storage.adapters.put('exampledsp', { ...DEMO_ADAPTERS.exampledsp!, bidderCode: 'exampledsp', fields: [] }, 1);
    expect(await seedDemoAdapters(storage.adapters, DEMO_ENDPOINTS)).toEqual({ stored: ['examplessp', 'examplepartner', 'regionalssp'], unknownHost: [] });
    expect(await storage.adapters.get('exampledsp')).toEqual(edited);
    expect((await storage.adapters.list()).map((a) => a.bidderCode).sort()).toEqual(Object.keys(DEMO_ADAPTERS).sort());
  });
});
