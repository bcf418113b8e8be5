// End to end, as console.browser.test.ts runs the console (support/console-session.ts): an Admin types a record with
// each key of docs/spec.md#removals and docs/spec.md#conditions (a field's with constants, an exactly-one-of group,
// removals with kept keys, a banner size and copies), each issue shown at its input, saves and reloads it; a stored
// record with keys the editor has no input for, in its own key order, is edited at one input and saved with only that
// changed; the placement preview says "exactly one of", what an input's with constants add, marks the derived and
// the removed paths of the body apart from the written ones (as the library's own steps make them) and lists the copy
// skipped. No CSP violation, no dialog, and axe-core finds no serious or critical violation on either page.
// Screenshots go to test/browser/.build/console-screenshots/ (adapters-steps.png, preview-steps.png).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRtbRequests, compile, type AdapterRecord, type BidRequest } from '../../src/index.js';
import { marksOf, stagesOf, stepsOf } from '../../packages/server/src/console/preview/step-marks.js';
import { consoleMissing, startConsoleSession, type ConsoleSession } from './support/console-session.js';

const repo = path.resolve(import.meta.dirname, '../..');
const shots = path.join(import.meta.dirname, '.build', 'console-screenshots');
const KNOWN = ['rtb.example-dsp.com'];
const REQUEST = 'pbs-readpeak-site-banner-2imp';

/** The record the editor is to store, keys in the editor's order. */
const TYPED = {
  protocol: 'rtb',
  bidderCode: 'stp',
  endpoint: 'https://rtb.example-dsp.com/stp',
  fields: [
    {
      name: 'predefinedImpExt.bidder.placementId',
      param: 'placementId',
      type: 'text',
      display: 'Placement',
      with: [{ name: 'predefinedImpExt.bidder.type', value: 'publisher' }],
    },
    {
      name: 'predefinedImpExt.bidder.networkId',
      param: 'networkId',
      type: 'number',
      display: 'Network',
      with: [{ name: 'predefinedImpExt.bidder.type', value: 'network' }],
    },
  ],
  exactlyOneOf: [['placementId', 'networkId']],
  remove: ['imp.ext', 'site.domain', { path: 'site.publisher', keep: ['id'] }],
  derive: [
    { op: 'bannerSizeFromFormat', when: 'eitherMissing' },
    { op: 'copy', from: 'imp.ext.bidder.tagId', to: 'predefinedImpExt.bidder.tagId', when: 'absent' },
    { op: 'copy', from: 'site.publisher', to: 'prd.impTagId' },
  ],
};

/** A record stored by the API in an order of its own, with keys the editor has no input for. */
const STORED = {
  bidderCode: 'stq',
  requestValues: 'first',
  derive: [
    { when: 'bothMissing', op: 'bannerSizeFromFormat' },
    { to: 'predefinedRequestExt.page', from: 'site.page', op: 'copy' },
  ],
  protocol: 'rtb',
  remove: [{ keep: ['consent'], path: 'user.ext' }],
  fields: [
    {
      display: 'Zone',
      name: 'predefinedImpExt.zone',
      type: 'text',
      when: 'absent',
      with: [{ value: 1, name: 'predefinedImpExt.zoned', when: 'absent' }],
    },
  ],
  constants: [{ name: 'predefinedRequestExt.source', value: 'console', when: 'absent' }],
  endpoint: 'https://rtb.example-dsp.com/stq',
};

describe.skipIf(consoleMissing !== undefined && !process.env.CI)(
  `the console's removals, derivations and conditions${consoleMissing ? ` (skipped: ${consoleMissing})` : ''}`,
  () => {
    let session: ConsoleSession;

    beforeAll(async () => {
      if (consoleMissing) throw new Error(consoleMissing);
      fs.mkdirSync(shots, { recursive: true });
      session = await startConsoleSession(KNOWN);
    }, 120_000);

    afterAll(async () => {
      await session?.close();
    });

    const issuesAt = (page: Page, id: string) => page.locator(`#${id}-issues`);

    it('Bid adapters: with constants, an exactly-one-of group, removals and derivations; each issue at its input; saved, reloaded, stored as typed', async () => {
      const { server, api, newPage, signIn, cspViolations } = session;
      const page = await newPage();
      await signIn(page);
      await page.goto(`${server.url}/#/adapters?bidder=new`);
      const label = (text: string) => page.getByLabel(text, { exact: true });
      await page.getByLabel('Protocol').selectOption('rtb');
      await page.getByLabel('Bidder code').fill('stp');
      await page.getByLabel('Endpoint').fill(TYPED.endpoint);
      await label('Field 1 name').fill(TYPED.fields[0]!.name);
      await label('Field 1 key (param)').fill('placementId');
      await label('Field 1 display').fill('Placement');
      await page.getByRole('button', { name: 'Add a with constant to field 1' }).click();
      await label('Field 1 with 1 name').fill('predefinedImpExt.bidder.type');
      await label('Field 1 with 1 value (JSON)').fill('{publisher');
      await expect.poll(() => issuesAt(page, 'field-0-with-0-value').textContent()).toContain('must be JSON');
      expect(await page.locator('#field-0-with-0-value').getAttribute('aria-invalid')).toBe('true');
      await label('Field 1 with 1 value (JSON)').fill('"publisher"');

      await page.getByRole('button', { name: 'Add field' }).click();
      await label('Field 2 name').fill(TYPED.fields[1]!.name);
      await label('Field 2 key (param)').fill('networkId');
      await label('Field 2 type').selectOption('number');
      await label('Field 2 display').fill('Network');
      await page.getByRole('button', { name: 'Add a with constant to field 2' }).click();
      await label('Field 2 with 1 name').fill('predefinedImpExt.bidder.type');
      await label('Field 2 with 1 value (JSON)').fill('"network"');
      // Two fields name one with target: only when one exactly-one-of group holds both keys.
      await expect.poll(() => issuesAt(page, 'field-1-with-0-name').textContent()).toContain('name_conflict');
      await page.getByRole('button', { name: 'Add exactly-one group' }).click();
      await label('Exactly-one group 1 (keys, comma-separated)').fill('placementId, nobody');
      await expect.poll(() => issuesAt(page, 'exactlyoneof-0').textContent()).toContain('(schema)');
      await label('Exactly-one group 1 (keys, comma-separated)').fill('placementId, networkId');
      await expect.poll(() => issuesAt(page, 'field-1-with-0-name').count()).toBe(0);

      // Removals: a choice among the paths; an object path may keep keys, a domain may not.
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add removal' }).click();
      expect(await label('Removal 1 path').inputValue()).toBe('imp.ext');
      await label('Removal 2 path').selectOption('site.domain');
      expect(await page.getByLabel('Removal 2 keeps only', { exact: false }).count()).toBe(0);
      await label('Removal 3 path').selectOption('site.publisher');
      await page.getByLabel('Removal 3 keeps only', { exact: false }).fill('id.x');
      await expect.poll(() => issuesAt(page, 'remove-2-keep').textContent()).toContain('(schema)');
      await page.getByLabel('Removal 3 keeps only', { exact: false }).fill('id');

      // Derivations: the banner size with its when; copies from, to, and only where absent.
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add derivation' }).click();
      await label('Derivation 1 kind').selectOption('bannerSizeFromFormat');
      expect(await label('Derivation 1 sets w and h when').inputValue()).toBe('eitherMissing');
      await label('Derivation 2 from (request path)').fill('imp.ext.bidder.__proto__');
      await expect.poll(() => issuesAt(page, 'derive-1-from').textContent()).toContain('unsafe_name');
      await label('Derivation 2 from (request path)').fill('imp.ext.bidder.tagId');
      await label('Derivation 2 to (name)').fill('predefinedImpExt.bidder.tagId');
      await label('Derivation 2 only where the target holds nothing').check();
      await label('Derivation 3 from (request path)').fill('site.publisher');
      await label('Derivation 3 to (name)').fill('impTagId');
      await expect.poll(() => issuesAt(page, 'derive-2-to').textContent()).toContain('rtb_field_without_prefix');
      await page.screenshot({ path: path.join(shots, 'adapters-steps.png'), fullPage: true });
      await label('Derivation 3 to (name)').fill('prd.impTagId');
      await page.getByText('No issues: the record is valid.').waitFor();
      expect(await page.locator('.issues-at').count()).toBe(0);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/^Saved stp, version 1, at /).waitFor();
      expect(JSON.stringify((await api.adapters.get('stp')).adapter)).toBe(JSON.stringify(TYPED));

      await expect.poll(() => page.url()).toContain('#/adapters?bidder=stp');
      await page.reload();
      await label('Derivation 3 to (name)').waitFor();
      expect(
        await Promise.all(
          [
            'Field 2 with 1 value (JSON)',
            'Exactly-one group 1 (keys, comma-separated)',
            'Removal 3 path',
            'Derivation 1 kind',
            'Derivation 2 from (request path)',
            'Derivation 3 to (name)',
          ].map((name) => label(name).inputValue()),
        ),
      ).toEqual(['"network"', 'placementId, networkId', 'site.publisher', 'bannerSizeFromFormat', 'imp.ext.bidder.tagId', 'prd.impTagId']);
      expect(await page.getByLabel('Removal 3 keeps only', { exact: false }).inputValue()).toBe('id');
      expect(await label('Derivation 2 only where the target holds nothing').isChecked()).toBe(true);

      // A stored record in its own key order, with keys the editor has no input for: one input changed, that alone is.
      await api.adapters.put('stq', STORED as unknown as AdapterRecord, 0);
      await page.goto(`${server.url}/#/adapters?bidder=stq`);
      await label('Derivation 1 sets w and h when').selectOption('always');
      await page.getByText('No issues: the record is valid.').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/^Saved stq, version 2, at /).waitFor();
      const changed = { ...STORED, derive: [{ when: 'always', op: 'bannerSizeFromFormat' }, STORED.derive[1]] };
      expect(JSON.stringify((await api.adapters.get('stq')).adapter)).toBe(JSON.stringify(changed));
      expect(session.dialogs).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
      await page.close();
    }, 120_000);

    it('Placement preview: exactly one of, what a with constant adds, the derived and the removed paths marked, the copy skipped listed', async () => {
      const { server, api, newPage, signIn, cspViolations } = session;
      const page = await newPage();
      await signIn(page);
      await page.goto(`${server.url}/#/preview?bidder=stp`);
      await page.getByLabel('Bid request', { exact: true }).selectOption(REQUEST);
      expect(await page.locator('.one-of').textContent()).toContain('Group 1: enter exactly one of Placement, Network');
      expect(await page.locator('#value-0-hint').textContent()).toContain('with a value, it adds predefinedImpExt.bidder.type = "publisher"');
      await page.getByLabel('Placement', { exact: true }).fill('top');
      await page.getByLabel('Network', { exact: true }).fill('7');
      await expect.poll(() => page.locator('#value-1-issues').textContent()).toContain('conflicting_values');
      await page.getByLabel('Network', { exact: true }).fill('');
      await page.locator('[data-testid=enriched]').waitFor();

      const request = JSON.parse(fs.readFileSync(path.join(repo, `fixtures/requests/${REQUEST}.json`), 'utf8')) as BidRequest;
      const record = (await api.adapters.get('stp')).adapter;
      const entries = [{ placementId: 'top' }, null];
      const [built] = buildRtbRequests(compile(record, { knownEndpoints: KNOWN }), request, entries);
      const body = JSON.parse(built!.body) as BidRequest;
      expect(await page.locator('[data-testid=enriched]').textContent()).toBe(JSON.stringify(body, null, 2) + '\n');
      // Each changed path as the library's own steps tell it (step-marks.ts), and some by name.
      const steps = stepsOf(record, { knownEndpoints: KNOWN, allowLocal: false })!;
      const marks = marksOf(request, body, stagesOf(steps, request, entries), steps.words);
      const listed = await page
        .locator('[data-testid=changed-paths] li')
        .evaluateAll((items) => items.map((li) => [li.querySelector('code')!.textContent, li.getAttribute('data-kind'), li.textContent]));
      expect(listed.map(([p, kind]) => ({ path: p, kind }))).toEqual(marks.map(({ path: p, kind }) => ({ path: p, kind })));
      expect(listed).toEqual(
        expect.arrayContaining([
          ['/imp/0/ext/bidder/placementId', 'written', '/imp/0/ext/bidder/placementId'],
          ['/imp/0/ext/bidder/type', 'written', '/imp/0/ext/bidder/type'],
          ['/imp/0/banner/w', 'derived', '/imp/0/banner/w derived: banner size from its first format'],
          ['/imp/0/ext/bidder/tagId', 'derived', '/imp/0/ext/bidder/tagId derived: copied from imp.ext.bidder.tagId'],
          ['/site/domain', 'removed', '/site/domain removed'],
          ['/imp/0/ext/bidder/siteId', 'removed', '/imp/0/ext/bidder/siteId removed'],
        ]),
      );
      const derivedLines = await page.locator('[data-testid=enriched] mark[data-kind=derived]').allTextContents();
      expect(derivedLines.join('')).toContain('"w": 640');
      expect(derivedLines.join('')).toContain('"tagId": "tag-id-b-1"');
      const writtenLines = (await page.locator('[data-testid=enriched] mark:not([data-kind])').allTextContents()).join('');
      expect(writtenLines).toContain('"placementId": "top"');
      expect(writtenLines).not.toContain('"w": 640');
      // The publisher object is no text for the tag id: that copy is skipped, listed with the path it read.
      expect(await page.locator('[data-testid=copy-skipped] li').allTextContents()).toEqual([expect.stringMatching(/^\/site\/publisher .*\(copy_skipped\)$/)]);
      expect(body.imp[0]!.tagid).toBeUndefined();
      await page.screenshot({ path: path.join(shots, 'preview-steps.png'), fullPage: true });
      expect(session.dialogs).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
      await page.close();
    }, 120_000);

    it('axe-core finds no serious or critical violation on the editor with an issue shown, nor on the preview', async () => {
      const { server } = session;
      await session.scan('bid adapters, removals and derivations', async (page) => {
        await page.goto(`${server.url}/#/adapters?bidder=stp`);
        await page.getByLabel('Derivation 2 from (request path)', { exact: true }).fill('site.__proto__');
        await page.locator('#derive-1-from-issues').waitFor();
      });
      await session.scan('placement preview, removals and derivations', async (page) => {
        await page.goto(`${server.url}/#/preview?bidder=stp`);
        await page.getByLabel('Bid request', { exact: true }).selectOption(REQUEST);
        await page.getByLabel('Placement', { exact: true }).fill('top');
        await page.locator('[data-testid=copy-skipped]').waitFor();
      });
    }, 120_000);
  },
);
