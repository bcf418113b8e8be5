// The store contract: what every report store must answer, run against each store (DuckDB in memory, ClickHouse
// through chdb and the HTTP front, and real servers when their URLs are set). Reports are compared with the
// independent reference computation of reference.ts, so two stores that pass answer alike: the same rows in the
// same order (ties broken by the dimensions), the same totals, pages that neither overlap nor skip, the exact
// decimal sums, ecpm and fillrate from the sums with 0 for a zero denominator, and the same CSV text. Imports: a
// bad row keeps nothing, the same content is refused unless forced, an import interrupted midway keeps nothing
// (DuckDB) or, run again, counts every row once (ClickHouse: the same deduplication tokens), and deleteRows says
// how many rows it removed.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCsv } from '../../packages/server/src/reports/csv.js';
import { createReportEngine, type ReportEngine } from '../../packages/server/src/reports/engine.js';
import { importEvents } from '../../packages/server/src/reports/import/import.js';
import { AlreadyImportedError, ResumeConflictError, type EventRow, type EventStore } from '../../packages/server/src/reports/store.js';
import { referenceReport, reportRequestArb, testEvents, type RefRequest } from './reference.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

/** A store under test and how to close it. */
export interface OpenStore {
  store: EventStore & { count(): Promise<number> };
  close(): Promise<void>;
}

/** A store kind the contract runs against. */
export interface ContractTarget {
  name: string;
  /** Opens a new, empty store. */
  open(): Promise<OpenStore>;
  /**
   * true: an import interrupted midway keeps nothing (one transaction). false: it may keep some batches, and
   * running it again makes every row count once.
   */
  atomicImports: boolean;
  /** Property runs for the generated report requests (fewer for a slower store). */
  numRuns?: number;
}

const events = testEvents(3000);
// Rows outside the range must never count.
events.push({ date: '2023-12-31', service: 'alpha', country: 'US', requests: 999, impression: 999, revenue: 999 });
events.push({ date: '2024-02-01', service: 'alpha', country: 'US', requests: 999, impression: 999, revenue: 999 });
// A group with all-zero measures (zero denominators), and revenue that no binary fraction holds exactly.
events.push({ date: '2024-01-05', service: 'zero', country: 'JP', requests: 0, impression: 0, revenue: 0 });
events.push({ date: '2024-01-06', service: 'cents', country: 'US', requests: 3, impression: 3, revenue: 0.1 });
events.push({ date: '2024-01-06', service: 'cents', country: 'US', requests: 3, impression: 3, revenue: 0.2 });
events.push({ date: '2024-01-06', service: 'cents', country: 'US', requests: 3, impression: 3, revenue: 999_999_999.999999 });

// Names with the characters ClickHouse's parameter text escapes (a quote, backslashes, a tab, a line break, \\N):
// a filter on each must find exactly its row.
const ODD_SERVICES = ["x'y", 'a\\b', 'tr\\', '\\N', 'tab\there', 'line\nbreak', "[','x']"];
for (const [i, service] of ODD_SERVICES.entries()) events.push({ date: '2024-01-07', service, country: 'FR', requests: 10 + i, impression: 1, revenue: 0.5 });

const metrics = ['requests', 'impression', 'revenue', 'ecpm', 'fillrate'] as const;

async function* batchesOf(rows: readonly EventRow[], size: number, failAfter?: number): AsyncGenerator<EventRow[]> {
  for (let i = 0, n = 0; i < rows.length; i += size, n++) {
    if (failAfter !== undefined && n === failAfter) throw new Error('interrupted');
    yield rows.slice(i, i + size);
  }
}

/** Runs the contract against a target, or skips it (printing why) when `target` is a reason to skip. */
export function storeContract(target: ContractTarget | { name: string; skip: string }): void {
  if ('skip' in target) {
    describe.skip(`store contract: ${target.name}`, () => {
      it(`skipped: ${target.skip}`, () => {});
    });
    console.log(`store contract on ${target.name} skipped: ${target.skip}`);
    return;
  }
  describe(`store contract: ${target.name}`, () => {
    describe('reports', () => {
      let open: OpenStore;
      let engine: ReportEngine;
      beforeAll(async () => {
        open = await target.open();
        // Loaded through importFile, the path real data takes, in uneven batches.
        await open.store.importFile({ hash: `reports-${randomUUID()}`, name: 'events' }, batchesOf(events, 777));
        engine = createReportEngine(open.store);
      }, 120_000);
      afterAll(() => open?.close());
      const run = async (request: RefRequest) => {
        const out = await engine.run(request);
        if (!out.ok) throw new Error(JSON.stringify(out.issues));
        return out;
      };
      const rows = async (request: RefRequest) => (await run(request)).rows;

      it('agrees with the reference on generated requests (rows, order, ties, totals, paging)', async () => {
        await fc.assert(
          fc.asyncProperty(reportRequestArb, async (request) => {
            expect(await rows(request)).toEqual(referenceReport(events, request));
          }),
          { numRuns: target.numRuns ?? 100 },
        );
      }, 120_000);

      it.each<[string, RefRequest]>([
        [
          'every dimension and metric, totals',
          { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date', 'service', 'country'], metrics: [...metrics], totals: true },
        ],
        [
          'ordered by a ratio, descending',
          {
            startDate: '2024-01-01',
            endDate: '2024-01-31',
            dimensions: ['service', 'country'],
            metrics: ['ecpm', 'fillrate'],
            order: 'ecpm DESC',
            totals: true,
          },
        ],
        [
          'filters = != IN NOT IN',
          {
            startDate: '2024-01-01',
            endDate: '2024-01-31',
            dimensions: ['date', 'country'],
            metrics: ['revenue', 'ecpm'],
            filters: [
              { key: 'service', operator: '=', value: 'alpha' },
              { key: 'country', operator: 'NOT IN', values: ['US', 'FR'] },
              { key: 'date', operator: 'IN', values: ['2024-01-02', '2024-01-09'] },
              { key: 'service', operator: '!=', value: 'beta' },
            ],
            totals: true,
          },
        ],
        [
          'a page in the middle',
          {
            startDate: '2024-01-01',
            endDate: '2024-01-31',
            dimensions: ['country', 'date'],
            metrics: ['requests', 'revenue'],
            order: 'revenue',
            limit: 7,
            skip: 11,
            totals: true,
          },
        ],
      ])('%s: the same rows and the same CSV text', async (_, request) => {
        const out = await run(request);
        const expected = referenceReport(events, request);
        expect(out.rows).toEqual(expected);
        expect(reportCsv(out.request, out.rows).text).toBe(reportCsv(out.request, expected as never).text);
      });

      it('sums revenue exactly (no binary-fraction drift), as DECIMAL(18, 6)', async () => {
        const [totals, row] = await rows({
          startDate: '2024-01-06',
          endDate: '2024-01-06',
          dimensions: ['service'],
          metrics: ['revenue', 'ecpm'],
          filters: [{ key: 'service', operator: '=', value: 'cents' }],
          totals: true,
        });
        expect(row).toEqual({ service: 'cents', revenue: 1_000_000_000.299999, ecpm: (1_000_000_000.299999 * 1000) / 9 });
        expect(totals).toEqual({ service: 'Total', revenue: 1_000_000_000.299999, ecpm: (1_000_000_000.299999 * 1000) / 9 });
      });

      it.each(ODD_SERVICES)('filters on a name with escaped characters: %j', async (service) => {
        for (const filters of [
          [{ key: 'service', operator: '=', value: service }],
          [{ key: 'service', operator: 'IN', values: [service, "'"] }],
          [{ key: 'service', operator: 'NOT IN', values: ODD_SERVICES.filter((s) => s !== service) }],
        ]) {
          const request = { startDate: '2024-01-07', endDate: '2024-01-07', dimensions: ['service'], metrics: ['requests'], filters, totals: true };
          const found = await rows(request);
          expect(found).toEqual(referenceReport(events, request));
          expect(found.some((r) => r.service === service)).toBe(true);
        }
      });

      it('gives 0 for a zero denominator', async () => {
        expect(
          await rows({
            startDate: '2024-01-05',
            endDate: '2024-01-05',
            dimensions: ['service'],
            metrics: ['ecpm', 'fillrate'],
            filters: [{ key: 'service', operator: '=', value: 'zero' }],
            totals: true,
          }),
        ).toEqual([
          { service: 'Total', ecpm: 0, fillrate: 0 },
          { service: 'zero', ecpm: 0, fillrate: 0 },
        ]);
      });

      it('pages neither overlap nor skip, even when the order column has ties', async () => {
        const request = {
          startDate: '2024-01-01',
          endDate: '2024-01-31',
          dimensions: ['service', 'date', 'country'],
          metrics: ['fillrate'],
          order: 'country DESC',
        };
        const all = await rows(request);
        expect(new Set(all.map((r) => r.country)).size).toBeLessThan(all.length / 10);
        const pages = [];
        for (let k = 0; k * 23 < all.length; k++) pages.push(...(await rows({ ...request, limit: 23, skip: 23 * k })));
        expect(pages).toEqual(all);
      });

      it('takes counts past 2^53 - 1: an empty page, or no cap', async () => {
        const request = { startDate: '2024-01-01', endDate: '2024-01-31', dimensions: ['date', 'country'], metrics: ['revenue'], totals: true };
        const [totals, ...all] = await rows(request);
        expect(await rows({ ...request, skip: '9'.repeat(30) })).toEqual([totals]);
        expect(await rows({ ...request, limit: '9'.repeat(30), skip: '5' })).toEqual([totals, ...all.slice(5)]);
      });

      it('answers an empty range with no rows and an all-zero totals row', async () => {
        expect(
          await rows({ startDate: '2020-01-01', endDate: '2020-01-31', dimensions: ['date', 'service'], metrics: ['revenue', 'ecpm'], totals: true }),
        ).toEqual([{ date: 'Total', service: '', revenue: 0, ecpm: 0 }]);
      });
    });

    describe('imports', () => {
      let dir: string;
      beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-contract-'))));
      afterAll(() => removeTempFolder(dir), REMOVAL_MS);
      // Content unique to each test, so that no two tests share a file hash (or a deduplication token).
      const rowsFor = (n: number): EventRow[] => {
        const service = `s${randomUUID().slice(0, 8)}`;
        return Array.from({ length: n }, (_, i) => ({
          date: `2024-03-${String((i % 28) + 1).padStart(2, '0')}`,
          service,
          country: i % 3 ? 'DE' : 'US',
          requests: 10 + i,
          impression: 5,
          revenue: 0.000001 * (i + 1),
        }));
      };
      const writeFile = (rows: unknown[]) => {
        const p = path.join(dir, `${randomUUID()}.ndjson`);
        fs.writeFileSync(p, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
        return p;
      };
      const withStore = async (fn: (s: OpenStore['store']) => Promise<void>) => {
        const open = await target.open();
        try {
          await fn(open.store);
        } finally {
          await open.close();
        }
      };

      it('sums counts past 2^64 without wrapping around (an unsigned 64-bit sum would)', async () => {
        await withStore(async (store) => {
          // 5,000 rows (all different, so no batch repeats another) of 2^52 requests and 2^51 impressions: 625 × 2^55 and 625 × 2^54 in all, past 2^64 and exact as doubles.
          const day = (i: number) => `2024-04-${String((i % 2) + 1).padStart(2, '0')}`;
          await store.append(
            Array.from({ length: 5000 }, (_, i) => ({ date: day(i), service: `big${i}`, country: 'US', requests: 2 ** 52, impression: 2 ** 51, revenue: 1 })),
          );
          const request = {
            startDate: '2024-04-01',
            endDate: '2024-04-30',
            dimensions: ['date'],
            metrics: ['requests', 'impression', 'fillrate', 'ecpm'],
            totals: true,
          };
          expect(await rowsOf(request)).toEqual([
            { date: 'Total', requests: 625 * 2 ** 55, impression: 625 * 2 ** 54, fillrate: 0.5, ecpm: (5000 * 1000) / (625 * 2 ** 54) },
            { date: '2024-04-01', requests: 625 * 2 ** 54, impression: 625 * 2 ** 53, fillrate: 0.5, ecpm: (2500 * 1000) / (625 * 2 ** 53) },
            { date: '2024-04-02', requests: 625 * 2 ** 54, impression: 625 * 2 ** 53, fillrate: 0.5, ecpm: (2500 * 1000) / (625 * 2 ** 53) },
          ]);
          async function rowsOf(body: unknown) {
            const out = await createReportEngine(store).run(body);
            if (!out.ok) throw new Error(JSON.stringify(out.issues));
            return out.rows;
          }
        });
      });

      it('append keeps every row it is given, the same rows given twice included', async () => {
        await withStore(async (store) => {
          const rows = rowsFor(300);
          await store.append(rows);
          await store.append(rows);
          await store.append(rows.slice(0, 1));
          await store.append(rows.slice(0, 1));
          expect(await store.count()).toBe(602);
        });
      });

      it('a file with one bad row keeps nothing; with skipInvalid the good rows', async () => {
        await withStore(async (store) => {
          const rows: unknown[] = rowsFor(250);
          rows[200] = { ...(rows[200] as object), country: 'usa' };
          const file = writeFile(rows);
          expect((await importEvents(file, store, { batchSize: 50 })).status).toBe('refused');
          expect(await store.count()).toBe(0);
          const summary = await importEvents(file, store, { batchSize: 50, skipInvalid: true });
          expect(summary).toMatchObject({ status: 'skipped-invalid', loaded: 249 });
          expect(await store.count()).toBe(249);
        });
      });

      it('the same content is refused unless forced; forced, it counts twice', async () => {
        await withStore(async (store) => {
          const file = writeFile(rowsFor(120));
          expect(await importEvents(file, store, { name: 'first.ndjson' })).toMatchObject({ status: 'loaded', loaded: 120 });
          const again = await importEvents(file, store);
          expect(again).toMatchObject({ status: 'duplicate', loaded: 0, previous: { rows: 120, name: 'first.ndjson' } });
          await expect(store.importFile({ hash: again.hash!, name: 'x' }, batchesOf([], 1))).rejects.toBeInstanceOf(AlreadyImportedError);
          expect(await importEvents(file, store, { force: true })).toMatchObject({ status: 'loaded', loaded: 120 });
          expect(await store.count()).toBe(240);
        });
      });

      it(`an import interrupted midway ${target.atomicImports ? 'keeps nothing' : 'keeps no record'}, and run again counts every row once`, async () => {
        await withStore(async (store) => {
          const rows = rowsFor(1000);
          const file = { hash: `interrupted-${randomUUID()}`, name: 'big.ndjson' };
          await expect(store.importFile(file, batchesOf(rows, 100, 6))).rejects.toThrow('interrupted');
          if (target.atomicImports) expect(await store.count()).toBe(0);
          else expect(await store.count()).toBeLessThanOrEqual(600);
          expect(await store.findImport(file.hash)).toBeUndefined();
          // Run again (twice: the first re-run may itself be cut short, then completed).
          await expect(store.importFile(file, batchesOf(rows, 100, 8))).rejects.toThrow('interrupted');
          expect(await store.importFile(file, batchesOf(rows, 100))).toEqual({ loaded: 1000 });
          expect(await store.count()).toBe(1000);
          expect(await store.findImport(file.hash)).toMatchObject({ hash: file.hash, rows: 1000, name: 'big.ndjson' });
          await expect(store.importFile(file, batchesOf(rows, 100))).rejects.toBeInstanceOf(AlreadyImportedError);
        });
      });

      it('answers reports while an import runs, each report reading one snapshot: its totals agree with its rows', async () => {
        await withStore(async (store) => {
          const engine = createReportEngine(store);
          const rows = rowsFor(2000);
          let importing = true;
          const imported = store.importFile({ hash: `during-${randomUUID()}`, name: 'during' }, batchesOf(rows, 25)).finally(() => (importing = false));
          const seen: number[] = [];
          while (importing || seen.length < 5) {
            const out = await engine.run({ startDate: '2024-03-01', endDate: '2024-03-31', dimensions: ['country'], metrics: ['requests'], totals: true });
            if (!out.ok) throw new Error(JSON.stringify(out.issues));
            const [total, ...groups] = out.rows as { country: string; requests: number }[];
            expect(total!.country).toBe('Total');
            expect(groups.reduce((sum, g) => sum + g.requests, 0)).toBe(total!.requests);
            seen.push(total!.requests);
          }
          expect(await imported).toEqual({ loaded: 2000 });
          // Each report read one snapshot: none saw more than the file, and they never went back.
          const whole = rows.reduce((sum, r) => sum + r.requests, 0);
          expect(seen.every((total, i) => total <= whole && (i === 0 || total >= seen[i - 1]!))).toBe(true);
          // The last report of the loop may have begun before the commit; one begun after it sees every row.
          const after = await engine.run({ startDate: '2024-03-01', endDate: '2024-03-31', dimensions: ['country'], metrics: ['requests'], totals: true });
          expect(after.ok && (after.rows[0] as { requests: number }).requests).toBe(whole);
        });
      }, 60_000);

      it('deleteRows removes what the filter selects and says how many', async () => {
        await withStore(async (store) => {
          const rows = rowsFor(280);
          await store.importFile({ hash: `delete-${randomUUID()}`, name: 'd' }, batchesOf(rows, 64));
          const expected = rows.filter((r) => r.date >= '2024-03-05' && r.date <= '2024-03-10' && r.country === 'DE').length;
          expect(await store.deleteRows({ startDate: '2024-03-05', endDate: '2024-03-10', country: 'DE' })).toBe(expected);
          expect(await store.deleteRows({ startDate: '2024-03-05', endDate: '2024-03-10', country: 'DE' })).toBe(0);
          expect(await store.count()).toBe(280 - expected);
          const service = rows[0]!.service;
          expect(await store.deleteRows({ startDate: '2024-03-01', endDate: '2024-03-01', service })).toBe(10);
          expect(await store.deleteRows({ startDate: '2024-03-01', endDate: '2024-03-31', service: 'nobody' })).toBe(0);
          expect(await store.count()).toBe(270 - expected);
        });
      });

      it('a date the store cannot keep is refused by the check, before anything is sent; skipInvalid loads the rest', async () => {
        await withStore(async (store) => {
          const rows: EventRow[] = rowsFor(300);
          rows[299] = { ...rows[299]!, date: '1969-12-31' }; // ClickHouse's Date starts at 1970-01-01
          const file = writeFile(rows);
          if (store.kind === 'atomic') {
            expect(await importEvents(file, store, { batchSize: 50 })).toMatchObject({ status: 'loaded', loaded: 300 });
            return;
          }
          // It stopped the import after the batches before it, and a re-run stopped there again, for good.
          expect(await importEvents(file, store, { batchSize: 50 })).toMatchObject({
            status: 'refused',
            refused: 1,
            examples: [{ line: 300, reason: expect.stringMatching(/^date is outside/) }],
          });
          expect(await store.count()).toBe(0);
          expect(await importEvents(file, store, { batchSize: 50, skipInvalid: true })).toMatchObject({ status: 'skipped-invalid', loaded: 299 });
          expect(await store.count()).toBe(299);
        });
      });

      it('reads one unchanging copy of a file that changes while it loads (a store that keeps batches as they go)', async () => {
        await withStore(async (store) => {
          const rows = rowsFor(400);
          const file = writeFile(rows);
          let changed = false;
          const summary = await importEvents(file, store, {
            batchSize: 50,
            onProgress: (_read, _total, pass) => {
              if (pass !== 'load' || changed) return;
              changed = true;
              fs.appendFileSync(file, JSON.stringify(rowsFor(1)[0]) + '\n');
            },
          });
          expect(changed).toBe(true);
          if (store.kind === 'resumable') {
            // The copy was loaded whole; the changed file is new content, loaded once more as such.
            expect(summary).toMatchObject({ status: 'loaded', loaded: 400 });
            expect(await store.count()).toBe(400);
          } else {
            // One transaction: all of what was read, or nothing when the change was seen before the commit.
            expect([
              ['loaded', 400],
              ['changed', 0],
            ]).toContainEqual([summary.status, await store.count()]);
          }
        });
      });

      if (!target.atomicImports) {
        it('an interrupted first import is completed by a re-run with or without force, every row counted once', async () => {
          await withStore(async (store) => {
            for (const [first, again] of [
              [true, false],
              [false, true],
            ]) {
              const rows = rowsFor(1000);
              const file = { hash: `first-${randomUUID()}`, name: 'big.ndjson' };
              const start = await store.count();
              await expect(store.importFile(file, batchesOf(rows, 100, 6), { force: first })).rejects.toThrow('interrupted');
              expect(await store.count()).toBeGreaterThan(start);
              // Nothing of this content was imported before: forced or not, each run is its first load.
              expect(await store.importFile(file, batchesOf(rows, 100), { force: again })).toEqual({ loaded: 1000 });
              expect(await store.count()).toBe(start + 1000);
            }
          });
        });

        it('an interrupted import re-run after a delete of its dates is refused, not miscounted; forced, it starts afresh', async () => {
          await withStore(async (store) => {
            const rows = rowsFor(1000);
            const file = { hash: `deleted-${randomUUID()}`, name: 'big.ndjson', dates: { first: '2024-03-01', last: '2024-03-28' } };
            await expect(store.importFile(file, batchesOf(rows, 100, 6))).rejects.toThrow('interrupted');
            const kept = await store.count();
            expect(kept).toBeGreaterThan(0);
            // Re-sending under the same tokens would drop the batches whose rows are now deleted (the count said
            // 1000 loaded and the table held fewer); new tokens would count the rest twice: refused.
            const deleted = await store.deleteRows({ startDate: '2024-03-01', endDate: '2024-03-02' });
            expect(deleted).toBeGreaterThan(0);
            await expect(store.importFile(file, batchesOf(rows, 100))).rejects.toBeInstanceOf(ResumeConflictError);
            expect(await store.count()).toBe(kept - deleted);
            // The way out: delete what the run kept (its dates), then force.
            await store.deleteRows({ startDate: '2024-03-01', endDate: '2024-03-28', service: rows[0]!.service });
            expect(await store.count()).toBe(0);
            expect(await store.importFile(file, batchesOf(rows, 100), { force: true })).toEqual({ loaded: 1000 });
            expect(await store.count()).toBe(1000);
          });
        });

        it('an interrupted import re-run after a delete of other dates continues exactly', async () => {
          await withStore(async (store) => {
            const rows = rowsFor(1000);
            const file = { hash: `other-${randomUUID()}`, name: 'big.ndjson', dates: { first: '2024-03-01', last: '2024-03-28' } };
            await expect(store.importFile(file, batchesOf(rows, 100, 6))).rejects.toThrow('interrupted');
            expect(await store.deleteRows({ startDate: '2023-01-01', endDate: '2023-12-31' })).toBe(0);
            expect(await store.importFile(file, batchesOf(rows, 100))).toEqual({ loaded: 1000 });
            expect(await store.count()).toBe(1000);
          });
        });
      }
    });
  });
}
