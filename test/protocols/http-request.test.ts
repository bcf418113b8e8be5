/**
 * Transport: the built request is a valid fetch init that refuses redirects, and `sendHttpRequest` really does
 * refuse them against a live server (a 302 to a second server that must never be reached), times out, and hands
 * back any status with its body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonPost, OPENRTB_HEADERS, sendHttpRequest, type FetchLike, type HttpRequest } from '../../src/protocols/http-request.js';

interface Seen {
  method?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void) {
  const hits: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const seen = { method: req.method, headers: req.headers, body };
      hits.push(seen);
      handler(req, res, seen);
    });
  });
  return {
    hits,
    server,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
  };
}

const target = listen((_req, res) => res.end('{"stolen":true}'));
const partner = listen((req, res, seen) => {
  if (req.url === '/redirect') res.writeHead(302, { location: `${targetUrl}/collect` }).end();
  else if (req.url === '/redirect-307') res.writeHead(307, { location: `${targetUrl}/collect` }).end();
  else if (req.url === '/nobid') res.writeHead(204).end();
  else if (req.url === '/slow') setTimeout(() => res.end('late'), 2000);
  else if (req.url === '/bad') res.writeHead(400).end('bad request');
  else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: JSON.parse(seen.body) }));
});
let targetUrl = '';
let partnerUrl = '';

beforeAll(async () => {
  targetUrl = await target.start();
  partnerUrl = await partner.start();
});
afterAll(() => {
  target.server.closeAllConnections();
  partner.server.closeAllConnections();
  target.server.close();
  partner.server.close();
});

const post = (path: string, body: unknown = { id: 'r', imp: [{ id: '1' }] }): HttpRequest => jsonPost(new URL(path, partnerUrl), body);

describe('jsonPost', () => {
  it('builds a POST with the OpenRTB headers, the JSON body and redirect: error', () => {
    const r = jsonPost(new URL('https://bid.partner.example/rtb?x=1'), { id: 'r' });
    expect(r).toEqual({
      method: 'POST',
      url: 'https://bid.partner.example/rtb?x=1',
      headers: { 'content-type': 'application/json', 'x-openrtb-version': '2.6' },
      body: '{"id":"r"}',
      redirect: 'error',
    });
  });
  it('gives each request its own headers object (the shared constant stays frozen)', () => {
    const r = jsonPost(new URL('https://a.example/'), {});
    r.headers['x-extra'] = '1';
    expect(OPENRTB_HEADERS).toEqual({ 'content-type': 'application/json', 'x-openrtb-version': '2.6' });
    expect(Object.isFrozen(OPENRTB_HEADERS)).toBe(true);
  });
});

describe('sendHttpRequest against a local server', () => {
  it('POSTs the body and headers and returns status and body text', async () => {
    const response = await sendHttpRequest(post('/auction'));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ echo: { id: 'r', imp: [{ id: '1' }] } });
    const seen = partner.hits.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['x-openrtb-version']).toBe('2.6');
  });

  it('a plain fetch(r.url, r) refuses the redirect too (the object is a fetch init)', async () => {
    const r = post('/redirect');
    await expect(fetch(r.url, r)).rejects.toThrow();
  });

  for (const path of ['/redirect', '/redirect-307']) {
    it(`fails on ${path.slice(1)} and never reaches the redirect target`, async () => {
      const before = target.hits.length;
      const error = await sendHttpRequest(post(path)).catch((caught: Error) => caught);
      // undici reports a refused redirect as "fetch failed" caused by "unexpected redirect".
      expect((error as Error & { cause?: Error }).cause?.message).toMatch(/redirect/);
      expect(target.hits.length).toBe(before);
    });
  }

  it('refuses redirects even when the request object was altered to follow them', async () => {
    const forged = { ...post('/redirect'), redirect: 'follow' } as unknown as HttpRequest;
    const before = target.hits.length;
    await expect(sendHttpRequest(forged)).rejects.toThrow();
    expect(target.hits.length).toBe(before);
  });

  it('times out', async () => {
    // /slow answers after 2 s: without the timeout this resolves with its body; with it, it rejects first.
    await expect(sendHttpRequest(post('/slow'), fetch, { timeoutMs: 100 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('hands back 204 (no bid) with an empty body, and 4xx as answers', async () => {
    expect(await sendHttpRequest(post('/nobid'))).toEqual({ status: 204, body: '' });
    expect(await sendHttpRequest(post('/bad'))).toEqual({ status: 400, body: 'bad request' });
  });

  it('passes method, headers, body, redirect error and a signal to a custom fetch', async () => {
    let seenInit: RequestInit | undefined;
    const fake: FetchLike = async (_url, init) => {
      seenInit = init;
      return { status: 200, text: async () => 'ok' };
    };
    const r = jsonPost(new URL('https://bid.partner.example/rtb'), { id: 'r' });
    expect(await sendHttpRequest(r, fake)).toEqual({ status: 200, body: 'ok' });
    expect(seenInit).toMatchObject({ method: 'POST', headers: r.headers, body: r.body, redirect: 'error' });
    expect(seenInit?.signal).toBeInstanceOf(AbortSignal);
  });

  it('refuses a 3xx that a custom fetch hands back instead of following or refusing it', async () => {
    const r = jsonPost(new URL('https://bid.partner.example/rtb'), { id: 'r' });
    for (const status of [301, 302, 303, 307, 308, 300]) {
      const fake: FetchLike = async () => ({ status, text: async () => '' });
      await expect(sendHttpRequest(r, fake)).rejects.toThrow(`redirect refused: https://bid.partner.example/rtb answered ${status}`);
    }
  });
});
