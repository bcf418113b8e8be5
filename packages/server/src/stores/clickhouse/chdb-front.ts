/**
 * A small HTTP front over a chdb Session (the ClickHouse engine embedded in this process, the optional `chdb`
 * package) serving the part of ClickHouse's HTTP interface @clickhouse/client uses, so `chdb:DIR` and a ClickHouse
 * server are reached by the same client code. It listens on 127.0.0.1 only and, given a password, answers only
 * requests that carry it, so another local user cannot read or write the data through it.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the front needs of a chdb Session. */
interface ChdbSession {
  queryBindAsync(query: string, params: object, opts?: { format?: string }): Promise<{ text(): string; rowsRead: number; bytesRead: number }>;
  close(): void;
  path: string;
}

const OWN_PARAMS = new Set([
  'query',
  'database',
  'default_format',
  'query_id',
  'session_id',
  'session_timeout',
  'role',
  'user',
  'password',
  'compress',
  'decompress',
  'enable_http_compression',
  'wait_end_of_query',
]);
const NOT_FOUND_CODES = new Set([60, 81]); // UNKNOWN_TABLE, UNKNOWN_DATABASE

/** A running front. */
export interface ClickHouseFront {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The chdb data folder (a temporary one unless given). */
  path: string;
  /** Queries served so far (URL parameter `query` and body, joined), for tests that look at what was sent. */
  log: string[];
  close(): Promise<void>;
}

/** Loads chdb, or returns why it cannot be loaded. */
export async function loadChdb(): Promise<{ Session: new (path?: string) => ChdbSession } | string> {
  try {
    return (await import('chdb')) as unknown as { Session: new (path?: string) => ChdbSession };
  } catch (error) {
    return `the embedded ClickHouse engine needs the optional chdb package, which is not installed (npm install chdb): ${(error as Error).message.split('\n')[0]}`;
  }
}

/**
 * Starts a front on 127.0.0.1 on a free port over a new chdb Session (in `path`, or a temporary folder). With
 * `password`, a query without it (as HTTP Basic credentials, any user name) is refused: 401, code 516.
 *
 * @example
 * const front = await startClickHouseFront()
 * const client = createClickHouseClient(front.url)
 *
 * Queries run one at a time (each query's settings are applied to the session and reset after it). It serves:
 *
 *  - POST (and GET) `/` with the query in the `query` URL parameter, the body, or both (then joined by a newline,
 *    as ClickHouse does: `INSERT … FORMAT X` in the URL, the data in the body);
 *  - `param_NAME` URL parameters bound to `{NAME:Type}` placeholders (server-side, never spliced);
 *  - every other URL parameter that is not one of the interface's own is a setting, applied with SET for this
 *    query only and reset to DEFAULT after it (requests run one at a time), so no setting leaks into the next;
 *  - `default_format` (default TabSeparated; a FORMAT clause in the query wins), `database` (USE for this query);
 *  - `GET /ping` → `Ok.`; answers carry `X-ClickHouse-Format`, `X-ClickHouse-Query-Id` and `X-ClickHouse-Summary`;
 *  - errors: status 500 (404 for an unknown table/database) with `X-ClickHouse-Exception-Code: N` and the
 *    exception text `Code: N. DB::Exception: …`, which the client parses into a ClickHouseError.
 */
export async function startClickHouseFront(path?: string, options: { password?: string } = {}): Promise<ClickHouseFront> {
  const chdb = await loadChdb();
  if (typeof chdb === 'string') throw new Error(chdb);
  const session = new chdb.Session(path);
  const log: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  let queryCount = 0;

  const run = async (sql: string, params: Record<string, string | string[]>, settings: [string, string][], format: string, database: string | null) => {
    const applied: string[] = [];
    let used = false;
    try {
      if (database !== null && database !== 'default') {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database))
          throw Object.assign(new Error(`Code: 81. DB::Exception: Database ${database} does not exist. (UNKNOWN_DATABASE)`), { clickhouseCode: 81 });
        used = true;
        await session.queryBindAsync(`USE \`${database}\``, {}, { format: 'TabSeparated' });
      }
      for (const [name, value] of settings) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
          throw Object.assign(new Error(`Code: 115. DB::Exception: Unknown setting '${name}'. (UNKNOWN_SETTING)`), { clickhouseCode: 115 });
        // A setting's value as a string literal (ClickHouse converts it to the setting's type), escaped.
        const literal = `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
        await session.queryBindAsync(`SET ${name} = ${literal}`, {}, { format: 'TabSeparated' });
        applied.push(name);
      }
      return await session.queryBindAsync(sql, params, { format });
    } finally {
      if (used) await session.queryBindAsync('USE default', {}, { format: 'TabSeparated' }).catch(() => undefined);
      for (const name of applied) await session.queryBindAsync(`SET ${name} = DEFAULT`, {}, { format: 'TabSeparated' }).catch(() => undefined);
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/ping') {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('Ok.\n');
        return;
      }
      if (options.password !== undefined && !authorised(req, options.password)) {
        res.writeHead(401, { 'Content-Type': 'text/plain; charset=UTF-8', 'X-ClickHouse-Exception-Code': '516' });
        res.end('Code: 516. DB::Exception: Authentication failed: password is incorrect. (AUTHENTICATION_FAILED)\n');
        req.resume();
        return;
      }
      const body = req.method === 'POST' ? await readBody(req) : '';
      const queryId = url.searchParams.get('query_id') ?? `front-${++queryCount}`;
      const headers = { 'X-ClickHouse-Query-Id': queryId, 'X-ClickHouse-Server-Display-Name': 'chdb-front' };
      const fromUrl = url.searchParams.get('query');
      const sql = fromUrl !== null && body !== '' ? `${fromUrl}\n${body}` : (fromUrl ?? body);
      const params: Record<string, string | string[]> = Object.create(null);
      const settings: [string, string][] = [];
      const types = paramTypes(sql);
      for (const [key, value] of url.searchParams) {
        if (key.startsWith('param_')) params[key.slice(6)] = textOfParam(value, types.get(key.slice(6)));
        else if (!OWN_PARAMS.has(key)) settings.push([key, value]);
      }
      const database = url.searchParams.get('database');
      const format = explicitFormat(sql) ?? url.searchParams.get('default_format') ?? 'TabSeparated';
      log.push(sql);
      const job = queue.then(() => {
        if (sql.trim() === '') throw Object.assign(new Error('Code: 62. DB::Exception: Empty query. (SYNTAX_ERROR)'), { clickhouseCode: 62 });
        return run(sql, params, settings, format, database);
      });
      queue = job.catch(() => undefined);
      try {
        const result = await job;
        const summary = {
          read_rows: String(result.rowsRead),
          read_bytes: String(result.bytesRead),
          written_rows: '0',
          written_bytes: '0',
          total_rows_to_read: '0',
          result_rows: '0',
          result_bytes: '0',
          elapsed_ns: '0',
        };
        res.writeHead(200, {
          ...headers,
          'Content-Type': 'text/plain; charset=UTF-8',
          'X-ClickHouse-Format': format,
          'X-ClickHouse-Summary': JSON.stringify(summary),
        });
        res.end(result.text());
      } catch (error) {
        const message = (error as Error).message ?? String(error);
        const code = (error as { clickhouseCode?: number }).clickhouseCode ?? Number(/^Code: (\d+)\./.exec(message)?.[1] ?? 1001);
        const text = /^Code: \d+\./.test(message) ? message : `Code: ${code}. DB::Exception: ${message}. (STD_EXCEPTION)`;
        res.writeHead(NOT_FOUND_CODES.has(code) ? 404 : 500, {
          ...headers,
          'Content-Type': 'text/plain; charset=UTF-8',
          'X-ClickHouse-Exception-Code': String(code),
        });
        res.end(`${text}\n`);
      }
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'X-ClickHouse-Exception-Code': '1001' });
      res.end(`Code: 1001. DB::Exception: ${String(error)}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    path: session.path,
    log,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      session.close();
    },
  };
}

/** Whether the request carries `password` as its HTTP Basic password, compared in constant time. */
function authorised(req: IncomingMessage, password: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const given = Buffer.from(decoded.slice(decoded.indexOf(':') + 1));
  const expected = Buffer.from(password);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * A `{name:Type}` placeholder: the type is the text up to the next `}`, white space around it cut (or, when that
 * text is white space only, its last character). It finds what `/\{\s*(name)\s*:\s*([^}]+?)\s*\}/g` found, in
 * linear time: that lazy type overlapped the white space around it (quadratic on a run of it) and, tried from each
 * `{a:` of a long text with no `}` after it (an INSERT's rows, JSONCompactEachRow, hold imported service names),
 * read on to the end each time (7 s on 130 KB). Here the type starts at its first non-space character and
 * `[^}]*` runs on to the `}` and gives back the trailing white space only, so each match is found in one pass;
 * a type of white space only is the `\s` alternative, reached as `\s*` gives back its last character, as the
 * lazy form did. No match can end past the last `}`, so the search stops there ({@link paramTypes}).
 */
const PLACEHOLDER = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^}\s](?:[^}]*[^}\s])?|\s)\s*\}/g;

/** The `{name:Type}` placeholders of a query (and of its data, which may follow it: see {@link PLACEHOLDER}). */
function paramTypes(sql: string): Map<string, string> {
  return new Map([...sql.slice(0, sql.lastIndexOf('}') + 1).matchAll(PLACEHOLDER)].map((m) => [m[1]!, m[2]!]));
}

/**
 * A parameter's value as chdb binds it. ClickHouse reads an HTTP parameter in its "escaped" text form: the client
 * writes a top-level string with `\'`, `\\`, `\t`, `\n` escapes, and an array as `['a\'b','c']`, its strings
 * quoted and escaped the same way. chdb takes a top-level string as it is, and would escape an array's text a second
 * time (a filter value with a quote, a backslash, a tab or a line break then matched nothing, or failed), so a
 * string is unescaped here, and an array of strings is handed over as a JavaScript array, which chdb binds exactly.
 */
function textOfParam(value: string, type: string | undefined): string | string[] {
  if (type === undefined) return value;
  if (STRING_TYPE.test(type)) return unescaped(value);
  if (/^Array\((LowCardinality\()?(Nullable\()?String\)?\)?\)$/.test(type)) return stringsOf(value) ?? value;
  return value;
}

const STRING_TYPE = /^(LowCardinality\()?(Nullable\()?(String|FixedString\(\d+\))\)?\)?$/;
const ESCAPES: Record<string, string> = { b: '\b', f: '\f', r: '\r', n: '\n', t: '\t', 0: '\0', a: '\x07', v: '\v' };
const unescaped = (text: string) => text.replace(/\\(.)/gs, (_, c: string) => ESCAPES[c] ?? c);

/** The strings of an array parameter written as `['…','…']` (escaped inside the quotes); undefined if it is not one. */
function stringsOf(text: string): string[] | undefined {
  const items = /^\[\s*(?:'(?:[^'\\]|\\.)*'\s*(?:,\s*'(?:[^'\\]|\\.)*'\s*)*)?\]$/s.test(text) ? (text.match(/'(?:[^'\\]|\\.)*'/gs) ?? []) : undefined;
  return items?.map((quoted) => unescaped(quoted.slice(1, -1)));
}

/** The format named by a trailing `FORMAT X` of a SELECT (an INSERT's FORMAT names its input, not its output). */
function explicitFormat(sql: string): string | undefined {
  if (/^\s*INSERT\b/i.test(sql)) return undefined;
  return /\bFORMAT\s+([A-Za-z0-9]+)\s*;?\s*$/i.exec(sql)?.[1];
}
