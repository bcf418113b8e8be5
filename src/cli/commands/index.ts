/**
 * The registry of `bidfields` commands. Each command lives in its own file and is loaded only when run, so
 * `bidfields enrich` does not pay for the report server's database driver at start-up.
 */
import type { CliCommand } from '../io.js';

export interface CommandEntry {
  summary: string;
  load(): Promise<CliCommand>;
}

export const commands: Record<string, CommandEntry> = {
  enrich: { summary: 'apply entered values to an OpenRTB request', load: async () => (await import('./enrich.js')).enrichCommand },
  validate: { summary: 'check an adapter record or field-definition array', load: async () => (await import('./validate.js')).validateCommand },
  codegen: { summary: 'write the enricher generated from a record as a standalone module (--target node)', load: async () => (await import('./codegen.js')).codegenCommand },
  'prebid-adapter': { summary: 'generate a Prebid.js bidder adapter module and its doc from a record', load: async () => (await import('./prebid-adapter.js')).prebidAdapterCommand },
  conformance: { summary: 'run the fixture suite (or, with --api, the HTTP API checks)', load: async () => (await import('./conformance.js')).conformanceCommand },
  serve: { summary: 'run the reference ad server API (sign-in, reports)', load: async () => (await import('./serve.js')).serveCommand },
  users: { summary: 'manage the API users (users add | list | deactivate | activate | role | password | delete)', load: async () => (await import('./users.js')).usersCommand },
  db: { summary: 'create the stores\' schemas (db init; ClickHouse, PostgreSQL or the data folder)', load: async () => (await import('./db.js')).dbCommand },
  data: { summary: 'import or delete report data (data import FILE, data delete)', load: async () => (await import('./data.js')).dataCommand },
};
