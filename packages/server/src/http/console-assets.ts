/**
 * The console's files as the server answers them, free of any HTTP framework: read once at start from the built
 * `dist/console`, with the headers each needs. Every answer carries a Content-Security-Policy without
 * 'unsafe-inline' or 'unsafe-eval' (`CONSOLE_CSP`). Hashed files never change under their name, so browsers may keep
 * them a year (`immutable`); index.html is revalidated every time, so a new build is picked up at once.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The console's Content-Security-Policy: scripts, styles and API calls from this origin only, no framing. */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY = {
  'Content-Security-Policy': CONSOLE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A file to send. */
export interface ConsoleFile {
  headers: Record<string, string>;
  body: Buffer;
}

/** The console's files by request path (`/`, `/index.html`, `/assets/<hashed name>`). */
export interface ConsoleAssets {
  get(path: string): ConsoleFile | undefined;
}

/** Options of {@link loadConsoleAssets}. */
export interface ConsoleOptions {
  knownEndpoints?: readonly string[];
  allowLocal?: boolean;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Where the built console is: `console/` next to the running bundle (dist/server.js → dist/console, dist/chunks/…
 * → dist/console), or `dist/console` of the repository when running from the sources. Undefined when not built.
 */
export function defaultConsoleDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    // The built folder has assets/ beside index.html (src/console has the template only).
    for (const candidate of [join(dir, 'console'), join(dir, 'dist', 'console')])
      if (existsSync(join(candidate, 'index.html')) && existsSync(join(candidate, 'assets'))) return candidate;
  }
  return undefined;
}

/**
 * Reads the built console into memory (a few hundred kilobytes): index.html and the hashed assets. The server's
 * known endpoints go into index.html's meta tag (attribute-escaped), so the editor checks records as the save will.
 *
 * @example
 * const assets = await loadConsoleAssets(defaultConsoleDir()!, { knownEndpoints: ['bid.partner.example'] })
 * assets.get('/')?.headers['Content-Security-Policy']
 */
export async function loadConsoleAssets(dir: string, options: ConsoleOptions = {}): Promise<ConsoleAssets> {
  const files = new Map<string, ConsoleFile>();
  const known = escapeAttribute((options.knownEndpoints ?? []).join(' '));
  const local = options.allowLocal ? '\n<meta name="bidfields-allow-local" content="true">' : '';
  const html = (await readFile(join(dir, 'index.html'), 'utf8')).replace(
    /<meta name="bidfields-known-endpoints" content="[^"]*">/,
    `<meta name="bidfields-known-endpoints" content="${known}">${local}`,
  );
  const index: ConsoleFile = { headers: { ...SECURITY, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }, body: Buffer.from(html) };
  files.set('/', index);
  files.set('/index.html', index);
  for (const name of await readdir(join(dir, 'assets'))) {
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    if (!type) continue;
    files.set(`/assets/${name}`, {
      headers: { ...SECURITY, 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' },
      body: await readFile(join(dir, 'assets', name)),
    });
  }
  return { get: (path) => files.get(path) };
}
