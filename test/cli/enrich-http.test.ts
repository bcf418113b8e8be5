// `bidfields enrich --http`: the HTTP requests an RTB or Prebid Server record sends (docs/spec.md#protocols), with the record's
// headers (docs/spec.md#headers, a value read from the request and a fixed one) and split (docs/spec.md#split-url: one request per
// URL); a warning for a header value left out; a Prebid JS record is refused (it sends through Prebid). In process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from './in-process.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

let dir: string;
const write = (name: string, data: unknown) => (fs.writeFileSync(path.join(dir, name), JSON.stringify(data)), name);

const run = (...args: string[]) => runMain(dir, args);

const record = {
  protocol: 'rtb',
  endpoint: 'https://{region}.bid.example.com/rtb',
  split: 'url',
  headers: { 'User-Agent': { from: 'device.ua' }, 'X-Openrtb-Version': { value: '2.5' } },
  fields: [
    { name: 'predefinedEndpoint.region', param: 'region', type: 'text', display: 'Region', required: true },
    { name: 'predefinedImpExt.kw', param: 'keywords', type: 'list', items: 'text', display: 'Keywords' },
  ],
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-cli-http-'));
  write('adapter.json', record);
  write('prebid.json', { ...record, protocol: 'prebid-js', split: undefined, headers: undefined, cpmField: 'price', bidderCode: 'acme' });
  write('values.json', [{ region: 'eu', keywords: 'a, b' }, { region: 'us' }, { region: 'eu' }]);
  write('request.json', { id: 'r', imp: [{ id: '1' }, { id: '2' }, { id: '3' }], device: { ua: 'UA/1' } });
  write('bad-ua.json', { id: 'r', imp: [{ id: '1' }], device: { ua: 'a\r\nX-Injected: 1' } });
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

describe('bidfields enrich --http', () => {
  it('prints each request with its URL, headers and body', async () => {
    const { code, stdout } = await run(
      'enrich',
      '--adapter',
      'adapter.json',
      '--values',
      'values.json',
      '--request',
      'request.json',
      '--http',
      '--known-endpoint',
      '*.bid.example.com',
    );
    expect(code).toBe(0);
    const headers = { 'content-type': 'application/json', 'x-openrtb-version': '2.5', 'user-agent': 'UA/1' };
    expect(JSON.parse(stdout)).toEqual([
      {
        method: 'POST',
        url: 'https://eu.bid.example.com/rtb',
        headers,
        body: { id: 'r', imp: [{ id: '1', ext: { kw: ['a', 'b'] } }, { id: '3' }], device: { ua: 'UA/1' } },
      },
      { method: 'POST', url: 'https://us.bid.example.com/rtb', headers, body: { id: 'r', imp: [{ id: '2' }], device: { ua: 'UA/1' } } },
    ]);
  });

  it('leaves out a header value with a line break, and says so (--json: in warnings)', async () => {
    write('one.json', { region: 'eu' });
    const { code, stdout } = await run(
      'enrich',
      '--adapter',
      'adapter.json',
      '--values',
      'one.json',
      '--request',
      'bad-ua.json',
      '--http',
      '--json',
      '--known-endpoint',
      '*.bid.example.com',
    );
    expect(code).toBe(0);
    const printed = JSON.parse(stdout);
    expect(printed.requests[0].headers).toEqual({ 'content-type': 'application/json', 'x-openrtb-version': '2.5' });
    expect(printed.warnings.map((found: { code: string; path: string }) => `${found.code} ${found.path}`)).toEqual(['header_omitted /device/ua']);
  });

  it('refuses a Prebid JS record (exit 1, wrong_protocol)', async () => {
    write('one.json', { region: 'eu' });
    const { code, stdout } = await run(
      'enrich',
      '--adapter',
      'prebid.json',
      '--values',
      'one.json',
      '--request',
      'request.json',
      '--http',
      '--json',
      '--known-endpoint',
      '*.bid.example.com',
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout).issues.map((found: { code: string }) => found.code)).toEqual(['wrong_protocol']);
  });
});
