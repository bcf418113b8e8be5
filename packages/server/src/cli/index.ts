/**
 * The commands of `bidfields-server` (and of `bidfields serve | users | db | data`, which run them from here).
 * Each lives in its own file and is loaded only when run.
 */
import type { CommandEntry } from 'bidfields/cli-commands';

export const serverCommands: Record<string, CommandEntry> = {
  serve: { summary: 'run the reference ad server API (sign-in, reports, adapters, the console)', load: async () => (await import('./serve.js')).serveCommand },
  users: {
    summary: 'manage the API users (users add | list | deactivate | activate | role | password | delete)',
    load: async () => (await import('./users.js')).usersCommand,
  },
  db: { summary: "create the stores' schemas (db init; ClickHouse, PostgreSQL or the data folder)", load: async () => (await import('./db.js')).dbCommand },
  data: { summary: 'import or delete report data (data import FILE, data delete)', load: async () => (await import('./data.js')).dataCommand },
};
