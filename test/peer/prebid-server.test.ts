// Peer suite: 160 Prebid Server adapters as bidfields records, each run against the
// adapter's own exemplary fixtures (copied unchanged from prebid/prebid-server) by src/conformance/pbs.ts, the judge of
// `bidfields conformance --pbs`. Every fixture gives a request without imp[i].ext.bidder and imp[i]'s params as its
// values (docs/spec.md#per-imp); the record's requests (one, or one per imp with split, docs/spec.md#split-imp) must equal the ones the Go
// adapter sent, in order and count, URIs too for the adapters in uri-endpoints.json (endpoint templates, docs/spec.md#endpoint-templates),
// except for the fixtures listed in known-differences.json, which must still differ (so the list stays honest). The
// same file lists where a record does not say what the adapter's params schema says. Each call's mockResponse is read by
// the record (readBids) and compared with expectedBidResponses and the count of expectedMakeBidsErrors
// (docs/spec.md#whole-adapters); the fixtures whose bids differ are listed with their reason under "bids".
// test/peer/prebid-server/README.md holds the measured figure and the per-adapter table (`npm run peer`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../src/core/endpoint/template.js';
import { loadBidders, loadKnownDifferences, readJson, recordIssues, ROOT, runAll, schemaDisagreements } from './prebid-server/suite.js';

const bidders = loadBidders();
const known = loadKnownDifferences();
const results = runAll(bidders);

describe('peer suite: Prebid Server adapters', () => {
  it('holds its adapters, and at least as many as measured whose fixtures carry params and come out equal', () => {
    const exercised = new Set(results.filter((result) => result.equal && !result.withoutParams).map((result) => result.bidder));
    expect(bidders.length).toBe(160);
    expect(exercised.size).toBeGreaterThanOrEqual(154);
  });

  it('compares URIs with endpoints that have the record\'s placeholders, in the same places', () => {
    const listed = Object.keys(readJson<{ endpoints: Record<string, string> }>(join(ROOT, 'uri-endpoints.json')).endpoints);
    expect(listed.filter((name) => !bidders.some((bidder) => bidder.name === name))).toEqual([]);
    const placeholders = (endpoint: unknown) => {
      const template = parseTemplate(String(endpoint), 'rtb');
      return Array.isArray(template) ? template.filter((part) => typeof part !== 'string') : [];
    };
    for (const bidder of bidders.filter((entry) => entry.uriEndpoint !== undefined && entry.uriEndpoint !== 'record')) {
      // A test host in place of the partner's, nothing else: the fields that fill the URL are the record's.
      expect({ bidder: bidder.name, placeholders: placeholders(bidder.uriEndpoint) }).toEqual({ bidder: bidder.name, placeholders: placeholders(bidder.record.endpoint) });
    }
  });

  it('lists only fixtures that exist', () => {
    const ids = new Set(results.map((result) => result.id));
    expect([...Object.keys(known.fixtures), ...Object.keys(known.bids)].filter((id) => !ids.has(id))).toEqual([]);
    for (const reason of [...Object.values(known.fixtures), ...Object.values(known.schema), ...Object.values(known.bids)]) expect(reason).toMatch(/^[^\n]{10,300}$/);
  });

  it('states the measured figures in both READMEs', () => {
    const equal = results.filter((result) => result.equal);
    const figure = `${equal.length} of ${results.length} fixtures equal`;
    const withParams = results.filter((result) => !result.withoutParams);
    const paramsFigure = `${withParams.filter((result) => result.equal).length} of ${withParams.length} that carry params`;
    // Markdown wraps lines: compare with runs of white space as one space.
    const text = (path: string) => readFileSync(path, 'utf8').replace(/\s+/g, ' ');
    const peerReadme = text(join(ROOT, 'README.md'));
    const topReadme = text(join(ROOT, '../../../README.md'));
    const compared = results.filter((result) => result.uriCompared);
    const uriFigure = `${compared.filter((result) => result.equal).length} of ${compared.length} with the URI compared`;
    // The adapters endpoint templates (docs/spec.md#endpoint-templates) and one request per imp (docs/spec.md#split-imp) unlock.
    const templated = bidders.filter((bidder) => /[{}]/.test(String(bidder.record.endpoint)));
    const split = bidders.filter((bidder) => (bidder.record as { split?: string }).split === 'imp');
    const unlocked = bidders.filter((bidder) => templated.includes(bidder) || split.includes(bidder));
    const unlockFigure = `${unlocked.length} adapters that endpoint templates and split unlock (${templated.length} with a template, ${split.length} with split)`;
    const listed = results.filter((result) => result.expected.some((call) => call.headers));
    const headersFigure = `${listed.filter((result) => result.equal).length} of ${listed.length} with headers compared`;
    // docs/spec.md#whole-adapters: reproduced = every fixture's URIs, listed headers, bodies and bids equal.
    const reproduced = bidders.filter((bidder) => results.every((result) => result.bidder !== bidder.name || (result.equal && result.bidsEqual)));
    const bidsFigure = `${reproduced.length} adapters reproduced end to end (URI, headers, body and bids)`;
    const readBids = results.filter((result) => result.bidsEqual !== undefined);
    const answersFigure = `${readBids.filter((result) => result.bidsEqual).length} of ${readBids.length} fixtures read to the same bids`;
    for (const readme of [peerReadme, topReadme]) {
      expect(readme).toContain(bidsFigure);
      expect(readme).toContain(answersFigure);
      expect(readme).toContain(headersFigure);
      expect(readme).toContain(figure);
      expect(readme).toContain(paramsFigure);
      expect(readme).toContain(uriFigure);
      expect(readme).toContain(unlockFigure);
    }
  });

  for (const bidder of bidders) {
    describe(bidder.name, () => {
      it('has a valid record (validateAdapter gives no issue)', () => {
        expect(recordIssues(bidder)).toEqual([]);
      });

      it('says what its params schema says, but for the listed gaps', () => {
        const listed = Object.keys(known.schema).filter((where) => where.startsWith(`${bidder.name}/`)).sort();
        expect(Object.keys(schemaDisagreements(bidder)).sort()).toEqual(listed);
      });

      for (const result of results.filter((entry) => entry.bidder === bidder.name)) {
        const reason = known.fixtures[result.id];
        if (reason === undefined) {
          it(`${result.id}: the record's requests equal the Go adapter's${result.uriCompared ? ', URIs too' : ''}`, () => {
            expect(result.issues).toBeUndefined();
            // Bodies first, for a readable diff; then the judge's verdict (URIs, count, JSON values).
            expect(result.got?.map((call) => call.body)).toEqual(result.expected.map((call) => call.body));
            expect(result.difference).toBeUndefined();
          });
        } else {
          it(`${result.id}: still differs (${reason})`, () => {
            expect(result.equal).toBe(false);
          });
        }
        const bidsReason = known.bids[result.id];
        if (result.bidsEqual === undefined) continue;
        if (bidsReason === undefined) {
          it(`${result.id}: the record reads the mock answers to the Go adapter's bids`, () => {
            expect(result.bidsDifference).toBeUndefined();
          });
        } else {
          it(`${result.id}: its bids still differ (${bidsReason})`, () => {
            expect(result.bidsEqual).toBe(false);
          });
        }
      }
    });
  }
});
