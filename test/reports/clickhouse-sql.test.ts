// The ClickHouse store's SQL as text: values only as bound {name:Type} parameters, the cluster variant of the
// schema (ReplicatedMergeTree ON CLUSTER and a Distributed table), and the HTTP front's faithfulness where the
// client depends on it (settings per query only, errors as ClickHouse sends them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growth, linearBound } from '../support/growth.js';
import { buildDeleteWhere, buildPageQuery, DEDUPLICATION_WINDOW, schemaStatements } from '../../packages/server/src/stores/clickhouse/sql.js';
import { createClickHouseClient } from '../../packages/server/src/stores/clickhouse/report-store.js';
import { planReport } from '../../packages/server/src/reports/plan.js';
import { validateReportRequest } from '../../src/api-contract/validate-report.js';
import { loadChdb, startClickHouseFront, type ClickHouseFront } from '../../packages/server/src/stores/clickhouse/chdb-front.js';

const plan = (body: unknown) => {
  const checked = validateReportRequest(body);
  if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
  return planReport(checked.request);
};

describe('ClickHouse SQL', () => {
  it('binds every request value as a parameter, never as text', () => {
    const hostile = "x') OR 1=1 --";
    const q = buildPageQuery(
      plan({
        startDate: '2024-01-01',
        endDate: '2024-01-31',
        dimensions: ['country', 'date'],
        metrics: ['revenue', 'ecpm'],
        filters: [{ key: 'service', operator: 'IN', values: [hostile] }],
        order: 'ecpm desc',
        limit: 10,
        skip: 5,
      }),
    );
    expect(q.query).not.toContain(hostile);
    expect(q.query).toBe(
      'SELECT `country` AS c0, toString(`date`) AS c1, toFloat64(sum(`revenue`)) AS c2, ' +
        'if(toFloat64(sum(toUInt128(`impression`))) = 0, 0., toFloat64(sum(`revenue`)) * 1000 / toFloat64(sum(toUInt128(`impression`)))) AS c3 ' +
        'FROM events WHERE `date` BETWEEN {p0:Date} AND {p1:Date} AND has({p2:Array(String)}, `service`) ' +
        'GROUP BY `country`, `date` ORDER BY c3 DESC, c0 ASC, c1 ASC LIMIT {p3:UInt64} OFFSET {p4:UInt64}',
    );
    expect(q.params).toEqual({ p0: '2024-01-01', p1: '2024-01-31', p2: [hostile], p3: '10', p4: '5' });
    expect(buildDeleteWhere({ startDate: '2024-01-01', endDate: '2024-01-02', service: hostile }).params).toMatchObject({ p2: hostile });
  });

  it('creates a MergeTree with a deduplication window on one server', () => {
    const [events, files] = schemaStatements();
    expect(events).toContain('ENGINE = MergeTree PARTITION BY toYYYYMM(`date`) ORDER BY (`date`, `service`, `country`)');
    expect(events).toContain(`SETTINGS non_replicated_deduplication_window = ${DEDUPLICATION_WINDOW}`);
    expect(events).toContain('`revenue` Decimal(18, 6)');
    expect(events).toContain('`service` LowCardinality(String)');
    expect(files).toContain('CREATE TABLE IF NOT EXISTS imported_files');
  });

  it('creates replicated tables ON CLUSTER and a Distributed table for --cluster', () => {
    expect(schemaStatements({ cluster: 'ads' })).toEqual([
      expect.stringMatching(
        /^CREATE TABLE IF NOT EXISTS events_local ON CLUSTER `ads` \(.*\)\nENGINE = ReplicatedMergeTree\('\/clickhouse\/tables\/\{shard\}\/\{database\}\/events_local', '\{replica\}'\) PARTITION BY toYYYYMM\(`date`\) ORDER BY \(`date`, `service`, `country`\)$/s,
      ),
      'CREATE TABLE IF NOT EXISTS events ON CLUSTER `ads` AS events_local\nENGINE = Distributed(`ads`, currentDatabase(), events_local, cityHash64(`date`, `service`, `country`))',
      expect.stringMatching(
        /^CREATE TABLE IF NOT EXISTS imported_files ON CLUSTER `ads` .*ReplicatedMergeTree\('\/clickhouse\/tables\/all\/\{database\}\/imported_files', '\{shard\}-\{replica\}'\)/s,
      ),
      expect.stringMatching(
        /^CREATE TABLE IF NOT EXISTS import_attempts ON CLUSTER `ads` .*ReplicatedMergeTree\('\/clickhouse\/tables\/all\/\{database\}\/import_attempts', '\{shard\}-\{replica\}'\)/s,
      ),
      expect.stringMatching(
        /^CREATE TABLE IF NOT EXISTS deletions ON CLUSTER `ads` .*ReplicatedMergeTree\('\/clickhouse\/tables\/all\/\{database\}\/deletions', '\{shard\}-\{replica\}'\)/s,
      ),
    ]);
    expect(() => schemaStatements({ cluster: 'ads`; DROP TABLE x' })).toThrow(/not a valid ClickHouse cluster name/);
    // Names as ClickHouse configurations have them (the CLI takes them; db init used to refuse them).
    expect(schemaStatements({ cluster: 'my-cluster.eu' })[1]).toContain('ON CLUSTER `my-cluster.eu` AS events_local\nENGINE = Distributed(`my-cluster.eu`,');
  });
});

const chdb = await loadChdb();
describe.skipIf(typeof chdb === 'string')('the HTTP front over chdb', () => {
  let front: ClickHouseFront;
  beforeAll(async () => void (front = await startClickHouseFront()));
  afterAll(() => front?.close());

  it('applies a setting to its own query only', async () => {
    const client = createClickHouseClient(front.url);
    const read = async (settings = {}) =>
      (
        await (
          await client.query({
            query: "SELECT getSetting('max_threads') AS t, getSetting('output_format_json_quote_64bit_integers') AS q",
            format: 'JSONEachRow',
            clickhouse_settings: settings,
          })
        ).json<{ t: number; q: number }>()
      )[0]!;
    const before = await read({ output_format_json_quote_64bit_integers: undefined });
    expect((await read({ max_threads: 3 })).t).toBe(3);
    expect((await read()).t).toBe(before.t);
    expect(Number((await read()).q)).toBe(0); // the store's client setting, sent with every query
    await client.close();
  });

  it('answers errors as ClickHouse does, and binds parameters', async () => {
    const client = createClickHouseClient(front.url);
    await expect(client.query({ query: 'SELECT nosuch' })).rejects.toMatchObject({ code: '47', type: 'UNKNOWN_IDENTIFIER' });
    await expect(client.query({ query: 'SELECT 1 FROM no_table' })).rejects.toMatchObject({ code: '60' });
    const rows = await (
      await client.query({ query: 'SELECT {a:String} AS a, {n:UInt64} + 1 AS n', query_params: { a: "it's a \\ and\ttab", n: 41 }, format: 'JSONEachRow' })
    ).json();
    expect(rows).toEqual([{ a: "it's a \\ and\ttab", n: 42 }]);
    expect(await client.ping()).toMatchObject({ success: true });
    await client.close();
  });

  it('reads an INSERT with its data in linear time, and still finds the placeholders (a quadratic search blocked the server)', async () => {
    // The front looks for {name:Type} placeholders in the query and its body, an INSERT's rows. The search once was
    // /\{\s*(…)\s*:\s*([^}]+?)\s*\}/g: from each '{a:' of an imported service name it read on to the next '}',
    // which JSONCompactEachRow rows lack (7 s on 1,000 rows of 130 KB; an import batch is 100,000 rows).
    const client = createClickHouseClient(front.url);
    await client.command({ query: 'CREATE TABLE linear_insert (s String) ENGINE = Memory' });
    const service = '{a:'.repeat(33);
    const rows = (count: number) => Array.from({ length: count }, () => [service]);
    await client.insert({ table: 'linear_insert', values: rows(1000), format: 'JSONCompactEachRow' });
    expect(await (await client.query({ query: 'SELECT count() AS n, any(s) AS s FROM linear_insert', format: 'JSONEachRow' })).json()).toEqual([
      { n: 1000, s: service },
    ]);
    expect(await growth(rows, (values) => client.insert({ table: 'linear_insert', values, format: 'JSONCompactEachRow' }), 125)).toBeLessThan(linearBound());
    // Placeholders with spaces around their parts, (a line break too), are read as before.
    const read = await (
      await client.query({
        query: 'SELECT { a : String } AS a, { b :  Array(String)\n} AS b',
        query_params: { a: "it's", b: ["x'y", 'z'] },
        format: 'JSONEachRow',
      })
    ).json();
    expect(read).toEqual([{ a: "it's", b: ["x'y", 'z'] }]);
    await client.command({ query: 'DROP TABLE linear_insert' });
    await client.close();
  });
});
