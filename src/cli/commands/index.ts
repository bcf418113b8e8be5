/**
 * The registry of `bidfields` commands. Each command lives in its own file and is loaded only when run. The
 * reference server's commands come with its own package, `@bidfields/server` (`bidfields-server`): `bidfields`
 * runs them from there when it is installed, and says how to get it when it is not.
 */
import { UsageError, type CliCommand, type CommandEntry } from '../io.js';

/** The module of the server package that lists its commands (a variable, so no bundler tries to include it). */
const SERVER_COMMANDS: string = '@bidfields/server/cli';

/** Loads one of the server package's commands, or says that the package is not installed. */
function fromServer(name: string): () => Promise<CliCommand> {
  return async () => {
    let loaded: { serverCommands: Record<string, CommandEntry> };
    try {
      loaded = (await import(SERVER_COMMANDS)) as typeof loaded;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') && String((error as Error).message).includes('@bidfields/server')) {
        throw new UsageError(
          `'${name}' comes with the reference server: npm install @bidfields/server, then run 'bidfields ${name}' or 'bidfields-server ${name}'`,
        );
      }
      throw error;
    }
    return loaded.serverCommands[name]!.load();
  };
}

export const commands: Record<string, CommandEntry> = {
  enrich: { summary: 'apply entered values to an OpenRTB request', load: async () => (await import('./enrich.js')).enrichCommand },
  validate: { summary: 'check an adapter record or field-definition array', load: async () => (await import('./validate.js')).validateCommand },
  codegen: {
    summary: 'write the enricher generated from a record as a standalone module (--target node)',
    load: async () => (await import('./codegen.js')).codegenCommand,
  },
  'prebid-adapter': {
    summary: 'generate a Prebid.js bidder adapter module and its doc from a record',
    load: async () => (await import('./prebid-adapter.js')).prebidAdapterCommand,
  },
  conformance: {
    summary: 'run the fixture suite (or, with --api, the HTTP API checks)',
    load: async () => (await import('./conformance.js')).conformanceCommand,
  },
  serve: { summary: 'run the reference ad server (with @bidfields/server)', load: fromServer('serve') },
  users: { summary: "manage the reference server's users (with @bidfields/server)", load: fromServer('users') },
  db: { summary: "create the reference server's schemas (with @bidfields/server)", load: fromServer('db') },
  data: { summary: "import or delete the reference server's report data (with @bidfields/server)", load: fromServer('data') },
};
