// `bidfields conformance --pbs DIR --adapter FILE`: Prebid Server's own adapter tests against a record,
// through the built CLI (dist/cli.js, `npm run build` first). The peer suite's folders are the fixtures: aso (one
// request per imp, the zone in the query, the Go test on the bidder-info URL) passes as it is; adtonos passes with the
// Go test's endpoint given by --endpoint; records that send something else fail with the first differing pointer.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const PEER = path.join(ROOT, 'test/peer/prebid-server');
const ASO = path.join(PEER, 'aso');
const asoRecord = JSON.parse(fs.readFileSync(path.join(ASO, 'record.json'), 'utf8')) as { endpoint: string; split?: string; fields: Record<string, unknown>[] };

let dir: string;
/** Writes a changed copy of the aso record and gives its path. */
const variant = (name: string, change: (record: typeof asoRecord) => void) => {
  const record = structuredClone(asoRecord);
  change(record);
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(record));
  return file;
};

function conformance(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, 'conformance', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  if (!fs.existsSync(CLI)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-conformance-pbs-'));
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

describe('bidfields conformance --pbs', () => {
  it('passes a peer-suite folder against its record, URIs and split calls included', () => {
    const run = conformance('--pbs', path.join(ASO, 'exemplary'), '--adapter', path.join(ASO, 'record.json'));
    expect(run).toEqual({ code: 0, stdout: '7 passed, 0 failed\n', stderr: '' });
  });

  it("reads each call's mock answer by the record and fails the fixture whose bids part from expectedBidResponses", () => {
    // aso's Go code replaces ${AUCTION_PRICE} in nurl and adm; without its `response.macros` the record reads the
    // markup as it came (docs/spec.md#whole-adapters).
    const withoutMacros = variant('aso-without-macros', (record) => delete (record as { response?: unknown }).response);
    const run = conformance('--pbs', path.join(ASO, 'exemplary'), '--adapter', withoutMacros);
    expect(run.stdout).toBe(
      'FAIL app-multi-impressions.json: /expectedBidResponses/1/bids/0/bid/adm expected "vast xml 2", got "vast xml ${AUCTION_PRICE}"\n6 passed, 1 failed\n',
    );
    expect(run.code).toBe(1);
    // A bid for an imp the request does not have is dropped (invalid_bid): one error where the fixture expects none.
    const folder = path.join(dir, 'stray-bid');
    fs.mkdirSync(folder);
    const fixture = JSON.parse(fs.readFileSync(path.join(ASO, 'exemplary', 'app-multi-impressions.json'), 'utf8')) as {
      httpCalls: { mockResponse: { body: { seatbid: { bid: { impid: string }[] }[] } } }[];
    };
    fixture.httpCalls[0]!.mockResponse.body.seatbid[0]!.bid[0]!.impid = 'no-such-imp';
    fs.writeFileSync(path.join(folder, 'stray.json'), JSON.stringify(fixture));
    const stray = conformance('--pbs', folder, '--adapter', path.join(ASO, 'record.json'));
    expect(stray.stdout).toBe('FAIL stray.json: /expectedMakeBidsErrors expected 0 errors, the record read 1\n0 passed, 1 failed\n');
  });

  it('fails a fixture nested 100,000 levels deep and goes on with the others (copying and comparing JSON recurse)', () => {
    const folder = path.join(dir, 'deep');
    fs.cpSync(path.join(ASO, 'exemplary'), folder, { recursive: true });
    const n = 100_000;
    fs.writeFileSync(
      path.join(folder, 'deep.json'),
      `{"mockBidRequest":{"id":"1","imp":[{"id":"1","ext":{"bidder":{}}}],"user":${'{"a":'.repeat(n)}1${'}'.repeat(n)}},"httpCalls":[]}`,
    );
    const run = conformance('--pbs', folder, '--adapter', path.join(ASO, 'record.json'));
    expect(run.stdout).toMatch(/^FAIL deep\.json: the fixture cannot be compared: Maximum call stack size exceeded/m);
    expect(run.stdout).toMatch(/\n7 passed, 1 failed\n$/);
    expect([run.code, run.stderr]).toEqual([1, '']);
  });

  it('reads DIR recursively and skips JSON that is no adapter test (the record, the params schema)', () => {
    const run = conformance('--pbs', ASO, '--adapter', path.join(ASO, 'record.json'), '--verbose');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ok   exemplary/app-multi-impressions.json\n');
    expect(run.stdout).toContain('skip record.json: not a Prebid Server adapter test (no mockBidRequest object)\n');
    expect(run.stdout.endsWith('2 skipped\n7 passed, 0 failed\n')).toBe(true);
  });

  it('compares the URI: a record that builds another URL fails at /httpCalls/k/expectedRequest/uri', () => {
    const file = variant('other-query', (record) => (record.endpoint = 'https://srv.aso1.net/pbs/bidder?zone={zone}'));
    const run = conformance('--pbs', path.join(ASO, 'exemplary'), '--adapter', file);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'FAIL app-banner.json: /httpCalls/0/expectedRequest/uri expected "https://srv.aso1.net/pbs/bidder?zid=123456", got "https://srv.aso1.net/pbs/bidder?zone=123456"\n',
    );
    expect(run.stdout.endsWith('0 passed, 7 failed\n')).toBe(true);
  });

  it('compares the body: a record that writes the zone as text fails at the differing member', () => {
    const file = variant('text-zone', (record) => {
      record.fields[0] = { ...record.fields[0], type: 'text' };
      delete record.fields[0]!.integer;
    });
    const run = conformance('--pbs', path.join(ASO, 'exemplary'), '--adapter', file);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAIL site-video.json: /httpCalls/0/expectedRequest/body/imp/0/ext/bidder/zone expected 123456, got "123456"\n');
    expect(run.stdout.endsWith('0 passed, 7 failed\n')).toBe(true);
  });

  it('matches split calls in order and count: without split, two imps with two zones are refused at the second', () => {
    const file = variant('no-split', (record) => delete record.split);
    const run = conformance('--pbs', path.join(ASO, 'exemplary'), '--adapter', file);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL app-multi-impressions\.json: \/mockBidRequest\/imp\/1\/ext\/bidder\/zone refused: conflicting_values at \/1\/zone /m);
    expect(run.stdout.endsWith('6 passed, 1 failed\n')).toBe(true);

    // One zone for both imps: the record sends one request where Go sent two.
    const fixtures = path.join(dir, 'one-zone');
    fs.mkdirSync(fixtures);
    const fixture = JSON.parse(fs.readFileSync(path.join(ASO, 'exemplary/app-multi-impressions.json'), 'utf8'));
    fixture.mockBidRequest.imp[1].ext.bidder.zone = 123456;
    fs.writeFileSync(path.join(fixtures, 'two-imps.json'), JSON.stringify(fixture));
    const counted = conformance('--pbs', fixtures, '--adapter', file);
    expect(counted.stdout).toMatch(/^FAIL two-imps\.json: \/httpCalls\/0\/expectedRequest\/body\/imp\/1 expected nothing, got \{.*\n0 passed, 1 failed\n$/);

    // Go's first call alone: the split record's first request matches it, the second is one too many.
    const fewer = path.join(dir, 'fewer-calls');
    fs.mkdirSync(fewer);
    const first = JSON.parse(fs.readFileSync(path.join(ASO, 'exemplary/app-multi-impressions.json'), 'utf8'));
    first.httpCalls = first.httpCalls.slice(0, 1);
    fs.writeFileSync(path.join(fewer, 'one-call.json'), JSON.stringify(first));
    expect(conformance('--pbs', fewer, '--adapter', path.join(ASO, 'record.json')).stdout).toBe(
      'FAIL one-call.json: /httpCalls 2 requests built, 1 expected\n0 passed, 1 failed\n',
    );
  });

  it("--endpoint puts the Go test host in place of the record's, with the same placeholders", () => {
    const adtonos = path.join(PEER, 'adtonos');
    const plain = conformance('--pbs', adtonos, '--adapter', path.join(adtonos, 'record.json'));
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain(
      'FAIL exemplary/simple-audio.json: /httpCalls/0/expectedRequest/uri expected "http://exchange.example.com/bid/777XYZ123", got "https://exchange.adtonos.com/bid/777XYZ123"\n',
    );
    const test = conformance('--pbs', adtonos, '--adapter', path.join(adtonos, 'record.json'), '--endpoint', 'http://exchange.example.com/bid/{supplierId}');
    expect(test).toEqual({ code: 0, stdout: '2 skipped\n3 passed, 0 failed\n', stderr: '' });
  });

  it('derives the known endpoints from a host-label template (*.suffix), and takes --known-endpoint instead', () => {
    const silvermob = path.join(PEER, 'silvermob');
    const args = [
      '--pbs',
      path.join(silvermob, 'exemplary'),
      '--adapter',
      path.join(silvermob, 'record.json'),
      '--endpoint',
      'http://{host}.example.com/api/dsp/bid/{zoneid}',
    ];
    // Every request equal; banner-app.json's mock answer bids for an imp its request does not have (invalid_bid), which
    // Go keeps (test/peer/prebid-server/known-differences.json "bids").
    const ran = { code: 1, stdout: 'FAIL banner-app.json: /expectedMakeBidsErrors expected 0 errors, the record read 1\n3 passed, 1 failed\n', stderr: '' };
    expect(conformance(...args)).toEqual(ran);
    expect(conformance(...args, '--known-endpoint', '*.example.com')).toEqual(ran);
    const refused = conformance(...args, '--known-endpoint', 'example.com');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^\/endpoint {2}unknown_endpoint {2}/);
  });

  it('--json prints the results as one object', () => {
    const file = variant('json-other-query', (record) => (record.endpoint = 'https://srv.aso1.net/pbs/bidder?zone={zone}'));
    const run = conformance('--pbs', path.join(ASO, 'exemplary'), '--adapter', file, '--filter', 'app-banner', '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      results: [
        {
          file: 'app-banner.json',
          status: 'failed',
          pointer: '/httpCalls/0/expectedRequest/uri',
          reasons: ['expected "https://srv.aso1.net/pbs/bidder?zid=123456", got "https://srv.aso1.net/pbs/bidder?zone=123456"'],
        },
      ],
      passed: 0,
      failed: 1,
      skipped: 0,
    });
  });

  it('exits 1 when nothing was checked, and 2 on a usage error', () => {
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    expect(conformance('--pbs', empty, '--adapter', path.join(ASO, 'record.json'))).toEqual({
      code: 1,
      stdout: '0 passed, 0 failed\n',
      stderr: `no *.json file in '${empty}': nothing was checked\n`,
    });
    const onlyRecord = conformance('--pbs', ASO, '--adapter', path.join(ASO, 'record.json'), '--filter', 'record');
    expect(onlyRecord.code).toBe(1);
    expect(onlyRecord.stderr).toContain('nothing was checked');
    expect(conformance('--pbs', ASO).code).toBe(2);
    expect(conformance('--pbs', ASO, '--adapter', path.join(ASO, 'record.json'), '--engine', 'compact').code).toBe(2);
    expect(conformance('--endpoint', 'https://x.example/').code).toBe(2);
  });
});
