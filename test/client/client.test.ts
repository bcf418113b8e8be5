// The client against the real reference server on an ephemeral port: sign-in keeps the token, reports come back
// as the server sends them, pages join up to the whole report, CSV downloads carry their file name, and every
// failure is one ApiError with status, code and issues. Invalid requests never leave the client.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient, type AdapterRecord } from '../../src/client/index.js';
import { ADMIN, PUBLISHER, startTestServer, type TestServer } from '../server/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const request = {
  startDate: '2024-05-01',
  endDate: '2024-05-03',
  dimensions: ['date', 'country'],
  metrics: ['revenue', 'ecpm'],
  order: 'revenue DESC',
} as const;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('client', () => {
  it('signs in, keeps the token, and runs a report', async () => {
    const api = createClient({ baseUrl: server.url + '/' });
    const { user, token } = await api.signIn(ADMIN.email, ADMIN.password);
    expect(user.email).toBe(ADMIN.email);
    expect(api.token).toBe(token);
    const rows = await api.report({ ...request, totals: true, limit: '5' });
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({ date: 'Total', country: '' });
    expect(Object.keys(rows[1]!)).toEqual(['date', 'country', 'revenue', 'ecpm']);
  });

  it('sends the bare token with authScheme raw', async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers).get('authorization') ?? '');
      return fetch(input, init);
    };
    const token = await server.token(2);
    const api = createClient({ baseUrl: server.url, token, authScheme: 'raw', fetch: spy });
    await api.report({ ...request, limit: 1 });
    expect(seen).toEqual([token]);
  });

  it('pages through a report: the pages join up to the whole, totals only on the first', async () => {
    const api = createClient({ baseUrl: server.url, token: await server.token(1) });
    const whole = await api.report(request);
    const pages = [];
    for await (const page of api.reportPages({ ...request, totals: true }, { pageSize: 40 })) pages.push(page);
    expect(pages.length).toBe(Math.floor(whole.length / 40) + 1);
    expect(pages[0]![0]).toMatchObject({ date: 'Total' });
    expect([pages[0]!.slice(1), ...pages.slice(1)].flat()).toEqual(whole);
    await expect(api.reportPages(request, { pageSize: 0 }).next()).rejects.toBeInstanceOf(RangeError);
  });

  it('downloads CSV with its file name', async () => {
    const api = createClient({ baseUrl: server.url, token: await server.token(1) });
    const csv = await api.reportCsv({ ...request, totals: true, limit: '2' });
    expect(csv.filename).toBe('report_2024-05-01.csv');
    expect(csv.text.split('\r\n')[0]).toBe('date,country,revenue,ecpm');
    expect(csv.text.split('\r\n')[1]).toMatch(/^Total,,/);
  });

  it('turns a 401 into an ApiError with the server’s code', async () => {
    const error = await rejection(createClient({ baseUrl: server.url }).signIn(ADMIN.email, 'wrong'));
    expect([error.status, error.code, error.message]).toEqual([401, 'invalid_credentials', 'wrong e-mail or password']);
  });

  it('turns a 403 into an ApiError', async () => {
    const api = createClient({ baseUrl: server.url });
    await api.signIn(PUBLISHER.email, PUBLISHER.password);
    const error = await rejection(api.report(request));
    expect([error.status, error.code]).toEqual([403, 'forbidden']);
  });

  it('validates before sending: an invalid request never reaches the network', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const api = createClient({ baseUrl: server.url, token: 't', fetch: fetchSpy });
    // @ts-expect-error 'city' is not a dimension: the type says so too
    const error = await rejection(api.report({ ...request, dimensions: ['city'], limit: '-1' }));
    expect([error.status, error.code]).toEqual([400, 'invalid_request']);
    expect(error.issues.map((i) => i.path)).toEqual(['/dimensions/0', '/limit']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks what JSON sends: a key set to undefined is no key, as on the server, and is not sent', async () => {
    const bodies: string[] = [];
    const spy: typeof fetch = (input, init) => {
      bodies.push(String(init?.body));
      return fetch(input, init);
    };
    const api = createClient({ baseUrl: server.url, token: await server.token(1), fetch: spy });
    const { order: _order, ...plain } = { ...request, limit: '3' };
    const want = await api.report(plain);
    for (const extra of [{ order: undefined }, { totals: undefined }, { filters: undefined }, { skip: undefined }]) {
      expect(await api.report({ ...plain, ...extra })).toEqual(want);
    }
    const filter = { key: 'country', operator: '=', value: 'US', values: undefined } as const;
    expect((await api.report({ ...plain, filters: [filter] })).map((row) => row.country)).toEqual(['US', 'US', 'US']);
    expect((await api.reportCsv({ ...plain, order: undefined })).text.split('\r\n')).toHaveLength(5);
    expect(bodies.filter((body) => /undefined|null|"order"|"values"/.test(body))).toEqual([]);
  });

  it('reports a server-side 400 with its issues (a date the client cannot know is bad is checked there too)', async () => {
    const api = createClient({
      baseUrl: server.url,
      token: await server.token(1),
      fetch: (input, init) => fetch(input, { ...init, body: String(init?.body).replace('2024-05-03', '2024-05-32') }),
    });
    const error = await rejection(api.report(request));
    expect([error.status, error.code, error.issues[0]?.path]).toEqual([400, 'invalid_request', '/endDate']);
  });

  it('times out with code timeout, fails on network errors with network_error', async () => {
    const hang: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const slow = await rejection(createClient({ baseUrl: server.url, fetch: hang, timeoutMs: 30 }).signIn('a@b.c', 'x'));
    expect([slow.status, slow.code]).toEqual([0, 'timeout']);
    const down = await rejection(createClient({ baseUrl: 'http://127.0.0.1:1' }).signIn('a@b.c', 'x'));
    expect([down.status, down.code]).toEqual([0, 'network_error']);
  });

  it('refuses a bidder code the server would refuse before any request: . and .. would resolve to another path', async () => {
    const sent: string[] = [];
    const spy: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    const api = createClient({ baseUrl: server.url, token: await server.token(1), fetch: spy });
    const adapter: AdapterRecord = { protocol: 'rtb', endpoint: 'https://rtb.example-dsp.com/bid', fields: [] };
    for (const code of ['.', '..', '', 'a/b', '../reportv2', 'a b', 'café', '__proto__', 'x'.repeat(101)]) {
      for (const call of [() => api.adapters.get(code), () => api.adapters.put(code, adapter, 0), () => api.adapters.delete(code)]) {
        const error = await rejection(call());
        expect([error.status, error.code, error.issues.map((i) => i.code)]).toEqual([400, 'invalid_request', ['invalid_bidder_code']]);
      }
    }
    expect(sent).toEqual([]);
    // A valid code still goes out (and the server answers for it).
    expect((await rejection(api.adapters.get('nobody_here-1'))).status).toBe(404);
    expect(sent).toEqual([`${server.url}/api/adapters/nobody_here-1`]);
  });

  it('turns a non-API error page into http_error, with Retry-After when given', async () => {
    const proxy: typeof fetch = async () =>
      new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Retry-After': '7' } });
    const error = await rejection(createClient({ baseUrl: server.url, fetch: proxy }).signIn('a@b.c', 'x'));
    expect([error.status, error.code, error.message, error.retryAfter]).toEqual([502, 'http_error', 'HTTP 502 Bad Gateway', 7]);
  });
});

// Signing out ends the token on the server, not only in the client. Last in the file: it ends the
// Publisher's tokens, which the cases above use.
describe('client sign-out', () => {
  it('ends every token of the user on the server and forgets its own; a second sign-out is no error', async () => {
    const api = createClient({ baseUrl: server.url });
    const { token } = await api.signIn(PUBLISHER.email, PUBLISHER.password);
    const other = createClient({ baseUrl: server.url, token: (await createClient({ baseUrl: server.url }).signIn(PUBLISHER.email, PUBLISHER.password)).token });
    await api.signOut();
    expect(api.token).toBeUndefined();
    const kept = createClient({ baseUrl: server.url, token });
    expect(await rejection(kept.adapters.list())).toMatchObject({ status: 401, code: 'token_revoked' });
    expect(await rejection(other.adapters.list())).toMatchObject({ status: 401, code: 'token_revoked' });
    await kept.signOut();
    expect(kept.token).toBeUndefined();
  });
});
