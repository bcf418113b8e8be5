// POST /api/data/delete and `bidfields data delete --server`: data could not be corrected while
// a DuckDB server ran (`data delete --data` is refused, the server holds the folder) and there was no route for
// it. The route removes what the command removes, refuses what it refuses (the same check), and is Admin only.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/client.js';
import { ApiError } from '../../src/client/error.js';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { answerOf, post, useTestServer } from './test-server.js';

const env = useTestServer();

/** Requests of a day range in the demo data (2024), by service and country. */
async function requests(startDate: string, endDate: string, filters: { key: string; operator: string; value: string }[] = []): Promise<number> {
  const answer = await post(
    `${env.server.url}/api/reportv2/`,
    { startDate, endDate, dimensions: ['date'], metrics: ['requests'], filters },
    { Authorization: env.admin },
  );
  expect(answer.status).toBe(200);
  return (answer.json as { requests: number }[]).reduce((sum, r) => sum + r.requests, 0);
}

describe('POST /api/data/delete', () => {
  it('removes the rows of a date range, one service and one country, in one go, and says how many', async () => {
    const filters = [{ key: 'country', operator: '=', value: 'US' }];
    const before = await requests('2024-02-01', '2024-02-03', filters);
    expect(before).toBeGreaterThan(0);
    const answer = await post(
      `${env.server.url}/api/data/delete`,
      { startDate: '2024-02-01', endDate: '2024-02-02', country: 'US' },
      { Authorization: env.admin },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // Every service serves the US (its first country): one row per service and day, six services, two days.
    expect(answer.json).toEqual({ deleted: 12 });
    expect(await requests('2024-02-01', '2024-02-02', filters)).toBe(0);
    expect(await requests('2024-02-03', '2024-02-03', filters)).toBeGreaterThan(0); // the end date is the last one
    expect(await requests('2024-02-01', '2024-02-02', [{ key: 'country', operator: '!=', value: 'US' }])).toBeGreaterThan(0);
    const again = await post(
      `${env.server.url}/api/data/delete`,
      { startDate: '2024-02-01', endDate: '2024-02-02', country: 'US' },
      { Authorization: env.admin },
    );
    expect(again.json).toEqual({ deleted: 0 });
  });

  it('is for Admins only: no token 401, Service and Publisher 403, and deletes nothing for them', async () => {
    const body = { startDate: '2024-03-01', endDate: '2024-03-01' };
    const before = await requests('2024-03-01', '2024-03-01');
    expect((await post(`${env.server.url}/api/data/delete`, body)).status).toBe(401);
    for (const role of [2, 3] as const) {
      const answer = await post(`${env.server.url}/api/data/delete`, body, { Authorization: await env.server.token(role) });
      expect([answer.status, answer.json.error.code]).toEqual([403, 'forbidden']);
    }
    expect(await requests('2024-03-01', '2024-03-01')).toBe(before);
  });

  it.each([
    [
      { startDate: '2024-02-30', endDate: '2024-03-01' },
      { code: 'invalid_date', path: '/startDate', message: 'startDate must be a date YYYY-MM-DD' },
    ],
    [{ startDate: '2024-03-01' }, { code: 'invalid_date', path: '/endDate', message: 'endDate must be a date YYYY-MM-DD' }],
    [
      { startDate: '2024-03-02', endDate: '2024-03-01' },
      { code: 'date_range', path: '/startDate', message: 'startDate must not be after endDate' },
    ],
    [
      { startDate: '2024-03-01', endDate: '2024-03-01', country: 'us' },
      { code: 'invalid_value', path: '/country', message: expect.stringContaining('upper case') },
    ],
    [
      { startDate: '2024-03-01', endDate: '2024-03-01', service: '' },
      { code: 'invalid_value', path: '/service', message: 'service must be 1 to 100 characters' },
    ],
    [
      { startDate: '2024-03-01', endDate: '2024-03-01', dryRun: true },
      { code: 'unknown_field', path: '/dryRun', message: "unknown key 'dryRun'" },
    ],
    [[], { code: 'invalid_request', path: '', message: 'the body must be an object' }],
  ])('refuses %j with 400 and its issue, deleting nothing', async (body, issue) => {
    const answer = await post(`${env.server.url}/api/data/delete`, body, { Authorization: env.admin });
    expect([answer.status, answer.json.error.code, answer.json.error.issues]).toEqual([400, 'invalid_request', [issue]]);
  });

  it('takes JSON only (415), and another method is 405 with Allow: POST', async () => {
    const text = await answerOf(
      await fetch(`${env.server.url}/api/data/delete`, { method: 'POST', headers: { Authorization: env.admin, 'Content-Type': 'text/plain' }, body: '{}' }),
    );
    expect(text.status).toBe(415);
    const get = await fetch(`${env.server.url}/api/data/delete`, { headers: { Authorization: env.admin } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('the client sends it, and refuses before sending what the server would refuse', async () => {
    const api = createClient({ baseUrl: env.server.url, token: env.admin });
    expect(await api.deleteRows({ startDate: '2024-04-01', endDate: '2024-04-01', service: 'nonexistent' })).toEqual({ deleted: 0 });
    const sent: string[] = [];
    const spying = createClient({
      baseUrl: env.server.url,
      token: env.admin,
      fetch: (async (...args: Parameters<typeof fetch>) => (sent.push(String(args[0])), fetch(...args))) as typeof fetch,
    });
    const refused = await spying.deleteRows({ startDate: '2024-04-02', endDate: '2024-04-01' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).issues[0]?.code]).toEqual([400, 'date_range']);
    expect(sent).toEqual([]);
  });
});

describe('bidfields data delete --server', () => {
  const saved = { ...process.env };
  afterEach(() => void (process.env = { ...saved }));
  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIO = { cwd: process.cwd(), stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => '' };
    const code = await main(args, io);
    return { code, out: out.join(''), err: err.join('') };
  }

  it('deletes through the running server with the token from the environment, printing the count', async () => {
    process.env.BIDFIELDS_TOKEN = env.admin;
    const filters = [{ key: 'country', operator: '=', value: 'DE' }];
    expect(await requests('2024-05-01', '2024-05-01', filters)).toBeGreaterThan(0);
    const r = await run('data', 'delete', '--start-date', '2024-05-01', '--end-date', '2024-05-01', '--country', 'DE', '--server', env.server.url);
    expect(r).toEqual({ code: 0, out: expect.stringMatching(/^[1-9]\d* rows deleted\n$/), err: '' });
    expect(await requests('2024-05-01', '2024-05-01', filters)).toBe(0);
  });

  it('exits 1 with the server’s answer when it refuses (a Publisher’s token), 2 for a usage error before sending', async () => {
    process.env.BIDFIELDS_TOKEN = await env.server.token(3);
    const refused = await run('data', 'delete', '--start-date', '2024-05-02', '--end-date', '2024-05-02', '--server', env.server.url);
    expect([refused.code, refused.out]).toEqual([1, '']);
    expect(refused.err).toContain('the server answered 403');
    process.env.BIDFIELDS_TOKEN = env.admin;
    const usage = await run('data', 'delete', '--start-date', '2024-05-02', '--end-date', '2024-05-02', '--country', 'de', '--server', env.server.url);
    expect([usage.code, usage.err]).toEqual([2, expect.stringContaining('--country: country must be')]);
    const both = await run('data', 'delete', '--start-date', '2024-05-02', '--end-date', '2024-05-02', '--server', env.server.url, '--data', 'x');
    expect(both.code).toBe(2);
  });
});
